// Builds the SDK's Streamable HTTP and legacy SSE client transports with the configured headers
// and the bearer token, and decides when a Streamable HTTP failure calls for the SSE fallback.
import { LIBRARY_VOICE, type HostVoice } from "../host-voice";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { OAuthError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { routingFetch } from "../eras/routing-fetch";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";

/** Headers of a remote server: expanded config headers plus `Authorization: Bearer <token>`. */
export function remoteHeaders(headers: Record<string, string> | undefined, token: string | undefined): Record<string, string> {
  const out: Record<string, string> = { ...(headers ?? {}) };
  const hasAuthorization = Object.keys(out).some((key) => key.toLowerCase() === "authorization");
  if (token && !hasAuthorization) out.Authorization = `Bearer ${token}`;
  return out;
}

/** A provider that wants to hear the scope a 403 `insufficient_scope` asked for (StoredOAuthProvider). */
interface ScopeListener {
  requestScope(scope: string): void;
}

function listensForScope(provider: OAuthClientProvider | undefined): provider is OAuthClientProvider & ScopeListener {
  return typeof (provider as Partial<ScopeListener> | undefined)?.requestScope === "function";
}

type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Tells `listener` the scope of each 403 `insufficient_scope` challenge before the SDK reacts to
 * it: SDK 1.32.2 passes that scope to the authorization URL but not to a machine-grant token
 * request, so without this a client_credentials step-up would ask for the same scope again.
 */
export function scopeObservingFetch(listener: ScopeListener, base: FetchLike): FetchLike {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status === 403) {
      const challenge = response.headers.get("www-authenticate") ?? "";
      const scope = /\bscope="([^"]*)"/.exec(challenge)?.[1];
      if (/\berror="insufficient_scope"/.test(challenge) && scope) listener.requestScope(scope);
    }
    return response;
  };
}

/** A transport for `kind` at `url`; with `authProvider`, a 401 or 403 `insufficient_scope` runs MCP authorization. */
export function createRemoteTransport(kind: "streamable_http" | "sse", url: string, headers: Record<string, string>, authProvider?: OAuthClientProvider): Transport {
  const requestInit = { headers };
  const auth = authProvider ? { authProvider } : {};
  if (kind === "sse") return new SSEClientTransport(new URL(url), { requestInit, ...auth });
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit,
    // 2026-07-28 routing headers on modern POSTs, their protocol errors kept in band (eras/).
    fetch: listensForScope(authProvider) ? scopeObservingFetch(authProvider, routingFetch()) : routingFetch(),
    ...auth,
    reconnectionOptions: { initialReconnectionDelay: 1000, maxReconnectionDelay: 30_000, reconnectionDelayGrowFactor: 1.5, maxRetries: 2 },
  });
}

/**
 * Whether a failed Streamable HTTP connect should be retried over legacy SSE: the server
 * answered 4xx (a legacy server has no POST endpoint there), but not 401/403, which are about
 * credentials and would fail the same way over SSE.
 */
export function shouldFallBackToSse(error: unknown): boolean {
  const code = error instanceof StreamableHTTPError ? error.code : undefined;
  if (code === undefined) {
    // The error's own message only, not core's messageOf: a cause such as `connect ECONNREFUSED
    // 10.0.0.1:443` would read as an HTTP 4xx status.
    const match = /\b(4\d\d)\b/.exec(error instanceof Error ? error.message : "");
    return match !== null && match[1] !== "401" && match[1] !== "403" && /POST|HTTP/i.test(String(error));
  }
  return code >= 400 && code < 500 && code !== 401 && code !== 403;
}

/** A short, readable message for a remote connect failure: HTTP status first, HTML stripped. */
export function describeRemoteError(error: unknown, voice: HostVoice = LIBRARY_VOICE): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error instanceof UnauthorizedError) {
    return `HTTP 401: the server refused the OAuth credentials${error.message ? ` (${error.message})` : ""}; ${voice.loginHint("<name>")} or check the client id and secret`;
  }
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "number" || code < 100 || code > 599) return undefined;
  const body = error.message
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^(Streamable HTTP error|SSE error): (Error POSTing to endpoint: )?/, "")
    .trim()
    .slice(0, 200);
  const hint = code === 401 || code === 403 ? "; check the bearer token in mcp-credentials.json (ConfigStore.setToken)" : "";
  return `HTTP ${code}${body ? `: ${body}` : ""}${hint}`;
}

/**
 * An authorization server's refusal (invalid_client, unauthorized_client, invalid_scope…) as
 * AUTH_FAILED: retrying with the same registration or secret cannot succeed, so the session
 * stops until its configuration or credentials change. Undefined for any other error.
 */
export function oauthRefusal(server: string, error: unknown, voice: HostVoice = LIBRARY_VOICE): ClientManagerError | undefined {
  if (!(error instanceof OAuthError)) return undefined;
  const detail = error.message ? ` (${error.message.slice(0, 200)})` : "";
  return new ClientManagerError(
    ClientManagerErrorCode.AUTH_FAILED,
    `The authorization server refused "${server}": ${error.errorCode}${detail}; check its oauth settings and client secret, or ${voice.loginHint(server)}`,
    { server, cause: error },
  );
}
