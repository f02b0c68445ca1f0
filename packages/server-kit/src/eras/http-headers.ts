// The HTTP side of 2026-07-28 (Streamable HTTP without sessions): the routing headers a client
// sends so that load balancers need not parse bodies (MCP-Protocol-Version, Mcp-Method, and
// Mcp-Name for the methods that name a target) must be present and agree with the body, else
// -32020; and the HTTP status each answer goes out with (400 for the revision's request errors,
// 404 for an unknown method, 200 for everything answered in band).
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isJsonObject } from "@foundry-mcp/core";
import { claimedVersion, hasEnvelopeClaim, META_KEYS, ModernErrorCode, MODERN_PROTOCOL_VERSION, type WireErrorObject } from "./envelope";

/** The routing headers of one request, as received (undefined when absent). */
export interface RoutingHeaders {
  protocolVersion?: string;
  method?: string;
  name?: string;
}

/** Which body field each method's Mcp-Name header mirrors. */
const NAME_SOURCE: Readonly<Record<string, "name" | "uri">> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };

function mismatch(header: string, body: string): WireErrorObject {
  return { code: ModernErrorCode.HeaderMismatch, message: `Bad Request: the request headers and body disagree: ${body}`, data: { mismatch: { header, body } } };
}

/** Decodes `=?base64?…?=` (how a client sends a name that is not plain ASCII); undefined when malformed. */
function decodeHeaderValue(value: string): string | undefined {
  const match = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/i.exec(value);
  if (!match) return value;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(atob(match[1] ?? ""), (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** True when this HTTP request is of the 2026-07-28 era: its body or its version header says so. */
export function isModernHttpRequest(headers: RoutingHeaders, body: unknown): boolean {
  if (!isJsonObject(body)) return false;
  const message = body as { method?: unknown; params?: unknown };
  if (message.method === "server/discover" || hasEnvelopeClaim(message.params)) return true;
  return headers.protocolVersion !== undefined && headers.protocolVersion.trim() >= MODERN_PROTOCOL_VERSION;
}

/**
 * The -32020 (or, for a modern header over a body without envelope, -32602) error for a
 * modern request whose routing headers are missing or disagree with its body; undefined when fine.
 */
export function checkRoutingHeaders(headers: RoutingHeaders, body: { method: string; params?: unknown; id?: unknown }): WireErrorObject | undefined {
  const version = headers.protocolVersion?.trim();
  const method = headers.method?.trim();
  if (!hasEnvelopeClaim(body.params)) {
    if (body.method === "server/discover" && version === undefined) return undefined;
    return {
      code: -32602,
      message: `Invalid params: the MCP-Protocol-Version header names ${version ?? MODERN_PROTOCOL_VERSION}, but the request has no params._meta["${META_KEYS.protocolVersion}"] and params._meta["${META_KEYS.clientCapabilities}"].`,
      data: { envelope: { key: "_meta", problem: "is missing" } },
    };
  }
  const claimed = claimedVersion(body.params);
  if (version === undefined) return mismatch("(missing)", `the body names protocol version ${claimed ?? "(none)"} but the MCP-Protocol-Version header is absent`);
  if (claimed !== undefined && version !== claimed) return mismatch(version, `the body names protocol version ${claimed} but the MCP-Protocol-Version header names ${version}`);
  if (!("id" in body)) return undefined;
  if (method === undefined) return mismatch("(missing)", `the body names method ${body.method} but the Mcp-Method header is absent`);
  if (method !== body.method) return mismatch(method, `the body names method ${body.method} but the Mcp-Method header names ${method}`);
  const field = NAME_SOURCE[body.method];
  if (field === undefined) return undefined;
  const value = (body.params as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== "string") return undefined;
  if (headers.name === undefined) return mismatch("(missing)", `the body carries params.${field}="${value}" but the Mcp-Name header is absent`);
  const decoded = decodeHeaderValue(headers.name.trim());
  if (decoded !== value) return mismatch(headers.name, `the body carries params.${field}="${value}" but the Mcp-Name header names "${decoded ?? headers.name}"`);
  return undefined;
}

/** The HTTP status a modern answer goes out with. */
export function modernHttpStatus(answer: JSONRPCMessage): number {
  if (!("error" in answer)) return 200;
  const { code, data } = answer.error as { code: number; data?: { envelope?: unknown } };
  if (code === -32601) return 404;
  if (code === ModernErrorCode.HeaderMismatch || code === ModernErrorCode.UnsupportedProtocolVersion || code === ModernErrorCode.MissingRequiredClientCapability) return 400;
  if (code === -32602 && data?.envelope !== undefined) return 400;
  return 200;
}
