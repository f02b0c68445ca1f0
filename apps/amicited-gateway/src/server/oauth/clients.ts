// The clients of the authorization server: registered through dynamic client registration
// (RFC 7591, POST /oauth/register) and kept in the store, or named by a client ID metadata
// document (MCP 2026-07-28, draft-ietf-oauth-client-id-metadata-document): an https URL as
// client_id whose JSON lists the client's name and redirect URIs, fetched when needed, bounded in
// size and time, never from a private address unless the gateway was told so (tests).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { findOAuthClient, registerOAuthClient, WorkspaceStoreError } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { OAuthRefusal } from "./errors";
import { redirectUriProblem } from "./redirect-uris";

/** Redirect URIs one client may register. */
export const MAX_REDIRECT_URIS = 10;
/** Longest client_name kept (longer ones are refused). */
export const MAX_CLIENT_NAME_LENGTH = 200;
/** Largest client ID metadata document read. */
export const MAX_CLIENT_METADATA_BYTES = 5 * 1024;
/** How long fetching a client ID metadata document may take. */
export const CLIENT_METADATA_TIMEOUT_MS = 5_000;

/** A client as the authorize and token endpoints need it. */
export interface KnownClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
}

/** How clients named by a metadata document URL may be fetched. */
export interface ClientMetadataPolicy {
  /** Accept http://127.0.0.1 document URLs (tests only; production documents are https). */
  allowLoopbackHttp: boolean;
}

function validRedirectUris(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_REDIRECT_URIS || !value.every((uri) => typeof uri === "string"))
    throw new OAuthRefusal(400, "invalid_redirect_uri", `redirect_uris must be an array of 1 to ${MAX_REDIRECT_URIS} URLs`);
  for (const uri of value as string[]) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthRefusal(400, "invalid_redirect_uri", problem);
  }
  return value as string[];
}

function validClientName(value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== "string" || value.trim() === "" || value.length > MAX_CLIENT_NAME_LENGTH)
    throw new OAuthRefusal(400, "invalid_client_metadata", `client_name must be 1 to ${MAX_CLIENT_NAME_LENGTH} characters`);
  return value.trim();
}

/** RFC 7591: validates the metadata, stores a public client, answers its registration. */
export async function registerClient(store: WorkspaceStore, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const redirectUris = validRedirectUris(body.redirect_uris);
  const clientName = validClientName(body.client_name, "Unnamed MCP client");
  const method = body.token_endpoint_auth_method;
  if (method !== undefined && method !== "none")
    throw new OAuthRefusal(400, "invalid_client_metadata", `token_endpoint_auth_method must be "none": the gateway registers public clients only (PKCE, no secret); got ${JSON.stringify(method)}`);
  const grants = body.grant_types ?? ["authorization_code"];
  if (!Array.isArray(grants) || !grants.every((grant) => grant === "authorization_code" || grant === "refresh_token"))
    throw new OAuthRefusal(400, "invalid_client_metadata", `grant_types may hold "authorization_code" and "refresh_token" only; got ${JSON.stringify(grants)}`);
  const responses = body.response_types ?? ["code"];
  if (!Array.isArray(responses) || !responses.every((type) => type === "code"))
    throw new OAuthRefusal(400, "invalid_client_metadata", `response_types may hold "code" only; got ${JSON.stringify(responses)}`);
  let client;
  try {
    client = await registerOAuthClient(store, { clientName, redirectUris });
  } catch (error) {
    if (WorkspaceStoreError.isInstance(error) && error.code === "TOKEN_LIMIT") throw new OAuthRefusal(503, "temporarily_unavailable", error.message);
    throw error;
  }
  return {
    client_id: client.clientId,
    client_id_issued_at: Math.floor(client.createdAt / 1000),
    client_name: client.clientName,
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  };
}

/** True when a client_id is a metadata document URL rather than a registered id. */
export const isMetadataDocumentId = (clientId: string): boolean => /^https?:\/\//i.test(clientId);

/** True for addresses a document fetch must not reach from outside (SSRF): loopback, private, link-local, unspecified. */
export function isInternalAddress(address: string): boolean {
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split(".").map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  const v6 = address.toLowerCase();
  return v6 === "::" || v6 === "::1" || v6.startsWith("fc") || v6.startsWith("fd") || v6.startsWith("fe80");
}

/** True when every address the host resolves to is public. */
async function resolvesPublicly(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true }).catch(() => []);
  return addresses.length > 0 && addresses.every((entry) => !isInternalAddress(entry.address));
}

async function fetchClientMetadata(clientId: string, policy: ClientMetadataPolicy): Promise<KnownClient | undefined> {
  const url = new URL(clientId);
  const loopback = url.protocol === "http:" && url.hostname === "127.0.0.1";
  if (url.protocol !== "https:" && !(loopback && policy.allowLoopbackHttp)) return undefined;
  if (url.pathname === "/" || url.hash !== "") return undefined;
  if (!(loopback && policy.allowLoopbackHttp) && !(await resolvesPublicly(url.hostname))) return undefined;
  const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(CLIENT_METADATA_TIMEOUT_MS), headers: { accept: "application/json" } }).catch(() => undefined);
  if (!response?.ok) return undefined;
  const text = await response.text();
  if (Buffer.byteLength(text) > MAX_CLIENT_METADATA_BYTES) return undefined;
  let document: Record<string, unknown>;
  try {
    document = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  // The document must name itself: a URL that serves someone else's metadata is not that client.
  if (document.client_id !== clientId) return undefined;
  try {
    return { clientId, clientName: validClientName(document.client_name, url.host), redirectUris: validRedirectUris(document.redirect_uris) };
  } catch {
    return undefined;
  }
}

/** The client of `clientId`: a registered one, or the one its metadata document describes. */
export async function findClient(store: WorkspaceStore, clientId: string, policy: ClientMetadataPolicy): Promise<KnownClient | undefined> {
  if (clientId === "" || clientId.length > 2048) return undefined;
  if (isMetadataDocumentId(clientId)) return fetchClientMetadata(clientId, policy);
  return findOAuthClient(store, clientId);
}
