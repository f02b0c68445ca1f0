// The per-request envelope of MCP revision 2026-07-28: there is no initialize handshake, so every
// request names its protocol version and the client's capabilities in params._meta. This module
// reads and checks that envelope and builds the revision's errors (-32602 for a missing or
// malformed envelope, -32022 for a version this server does not speak). Neighbours:
// era-router.ts (which request is of which era), modern-result.ts (what goes back).
import { isJsonObject } from "@foundry-mcp/core";

/** The stateless revision every server here speaks beside the 2025 handshake. */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

/** Revisions answered through per-request `_meta` (server/discover lists these). */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION];

/** The reserved `_meta` keys of the revision. */
export const META_KEYS = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  serverInfo: "io.modelcontextprotocol/serverInfo",
} as const;

/** JSON-RPC codes the revision reserves (-32020 … -32099) that these servers send. */
export const ModernErrorCode = {
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;

/** A JSON-RPC error object, ready for the wire. */
export interface WireErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A checked envelope. */
export interface RequestEnvelope {
  protocolVersion: string;
  clientCapabilities: Record<string, unknown>;
  clientInfo?: { name: string; version: string };
}

const ENVELOPE_KEYS = [META_KEYS.protocolVersion, META_KEYS.clientCapabilities, META_KEYS.clientInfo];

/** `params._meta` when it is an object. */
export function requestMeta(params: unknown): Record<string, unknown> | undefined {
  if (!isJsonObject(params)) return undefined;
  const meta = params._meta;
  return isJsonObject(meta) ? meta : undefined;
}

/** True when the request carries any key of the 2026-07-28 envelope (a claim to that era). */
export function hasEnvelopeClaim(params: unknown): boolean {
  const meta = requestMeta(params);
  return meta !== undefined && ENVELOPE_KEYS.some((key) => key in meta);
}

function invalidEnvelope(key: string, problem: string): WireErrorObject {
  return {
    code: -32602,
    message:
      `Invalid params: the 2026-07-28 request envelope is invalid: ${key} ${problem}. Every request of this revision carries ` +
      `params._meta["${META_KEYS.protocolVersion}"] (a version string) and params._meta["${META_KEYS.clientCapabilities}"] (an object).`,
    data: { envelope: { key, problem } },
  };
}

/** -32022 naming what was asked for and what this server speaks. */
export function unsupportedVersion(requested: string | undefined): WireErrorObject {
  const named = requested === undefined ? "the request named no protocol version" : `${requested} is not supported`;
  return {
    code: ModernErrorCode.UnsupportedProtocolVersion,
    message: `Unsupported protocol version: ${named}. This server speaks ${MODERN_PROTOCOL_VERSIONS.join(", ")} per request, and 2025-11-25 or 2025-06-18 through initialize.`,
    data: { supported: [...MODERN_PROTOCOL_VERSIONS], ...(requested === undefined ? {} : { requested }) },
  };
}

/**
 * The request's envelope, or the revision's error for it: -32602 when `_meta` or one of its
 * required keys is missing or of the wrong type, -32022 when the version is not one spoken here.
 *
 * @example readEnvelope({ _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } })
 */
export function readEnvelope(params: unknown): RequestEnvelope | { error: WireErrorObject } {
  if (params !== undefined && !isJsonObject(params)) return { error: invalidEnvelope("params", "must be an object") };
  const raw = isJsonObject(params) ? params._meta : undefined;
  if (raw === undefined) return { error: invalidEnvelope("_meta", "is missing") };
  if (!isJsonObject(raw)) return { error: invalidEnvelope("_meta", "must be an object") };
  const version = raw[META_KEYS.protocolVersion];
  const capabilities = raw[META_KEYS.clientCapabilities];
  const info = raw[META_KEYS.clientInfo];
  if (version === undefined) return { error: invalidEnvelope(META_KEYS.protocolVersion, "is missing") };
  if (capabilities === undefined) return { error: invalidEnvelope(META_KEYS.clientCapabilities, "is missing") };
  if (typeof version !== "string" || version === "") return { error: invalidEnvelope(META_KEYS.protocolVersion, "must be a non-empty string") };
  if (!isJsonObject(capabilities)) return { error: invalidEnvelope(META_KEYS.clientCapabilities, "must be an object") };
  if (info !== undefined && !(isJsonObject(info) && typeof info.name === "string" && typeof info.version === "string")) {
    return { error: invalidEnvelope(META_KEYS.clientInfo, "must be an object with string name and version") };
  }
  if (!MODERN_PROTOCOL_VERSIONS.includes(version)) return { error: unsupportedVersion(version) };
  return {
    protocolVersion: version,
    clientCapabilities: capabilities,
    ...(info === undefined ? {} : { clientInfo: info as { name: string; version: string } }),
  };
}

/** The version the envelope claims, when it is a string (checked or not). */
export function claimedVersion(params: unknown): string | undefined {
  const version = requestMeta(params)?.[META_KEYS.protocolVersion];
  return typeof version === "string" ? version : undefined;
}
