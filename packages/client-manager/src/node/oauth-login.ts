// `login`: the one interactive step of MCP authorization. Starts a loopback redirect listener
// (`http://127.0.0.1:<port>/callback`, reusing the last port so a registered client stays valid),
// lets the SDK discover, register and build the PKCE authorization URL, hands that URL to the
// caller (open a browser, or print it), waits for the redirect, checks `state`, and exchanges the
// code. The machine grant (client_credentials) needs no person: it fetches a token directly.
// Before either, one unauthenticated request reads the server's 401 challenge, as a connecting
// client would: its `resource_metadata` URL (for servers that publish it elsewhere than the
// well-known path) and its `scope` go into the authorization, so a login asks for what the
// server says it needs.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { auth, extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import { authorizationResponseIssuerProblem } from "../auth/issuer-checks";
import type { OAuthStorage, OAuthServerConfig } from "../auth/oauth-types";
import { StoredOAuthProvider } from "../auth/stored-oauth-provider";
import { buildEnvelope, MODERN_PROTOCOL_VERSION } from "../eras/envelope";
import { messageOf } from "@foundry-mcp/core";
import type { HostVoice } from "../host-voice";
import { DEFAULT_CLIENT_INFO } from "../manager/client-info";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";

/** Options of {@link loginOAuthServer}. */
export interface OAuthLoginOptions {
  server: string;
  /** The MCP endpoint (the protected resource). */
  url: string;
  auth?: OAuthServerConfig;
  storage: OAuthStorage;
  /** Receives the authorization URL: open it in a browser or print it. */
  onAuthorizationUrl: (url: URL) => void | Promise<void>;
  /** How long to wait for the redirect. Default 300 000 (five minutes). */
  timeoutMs?: number;
  /** The client's name in the registration (`client_name`) and, with `-login`, in the probes. Default: this package's name. */
  clientName?: string;
  /** The host's words in refusals (`run \`foya mcp login docs\``); default LIBRARY_VOICE. */
  voice?: HostVoice;
  signal?: AbortSignal;
}

/** What a finished login tells its caller (never the tokens themselves). */
export interface OAuthLoginResult {
  grant: "authorization_code" | "client_credentials";
  expiresAt: number | undefined;
  hasRefreshToken: boolean;
}

interface Redirect {
  code: string;
}

function fail(server: string, message: string, cause?: unknown): never {
  throw new ClientManagerError(ClientManagerErrorCode.AUTH_FAILED, message, { server, ...(cause === undefined ? {} : { cause }) });
}

function listen(port: number): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

async function openListener(previousRedirect: string | undefined): Promise<http.Server> {
  const previousPort = previousRedirect ? Number(new URL(previousRedirect).port) : 0;
  if (previousPort > 0) {
    try {
      return await listen(previousPort);
    } catch {
      // Taken now: a new port, and (below) a new registration for it.
    }
  }
  return listen(0);
}

function page(title: string, text: string): string {
  const escape = (value: string) => value.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!doctype html><meta charset="utf-8"><title>${escape(title)}</title><p>${escape(text)}</p>`;
}

function awaitRedirect(listener: http.Server, provider: StoredOAuthProvider, options: OAuthLoginOptions): Promise<Redirect> {
  const timeoutMs = options.timeoutMs ?? 300_000;
  return new Promise((resolve, reject) => {
    const finish = (error: unknown, redirect?: Redirect) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (redirect) resolve(redirect);
      else reject(error);
    };
    const timer = setTimeout(() => finish(new ClientManagerError(ClientManagerErrorCode.AUTH_FAILED, `No sign-in for "${options.server}" arrived within ${Math.round(timeoutMs / 1000)} s; run the login again`, { server: options.server })), timeoutMs);
    const onAbort = () => finish(new ClientManagerError(ClientManagerErrorCode.AUTH_FAILED, `Login for "${options.server}" was cancelled`, { server: options.server }));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    listener.on("request", (request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      if (url.pathname !== "/callback") {
        response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
        return;
      }
      const error = url.searchParams.get("error");
      const state = url.searchParams.get("state");
      const code = url.searchParams.get("code");
      if (error) {
        const detail = url.searchParams.get("error_description");
        response.writeHead(400, { "content-type": "text/html; charset=utf-8" }).end(page("Sign-in refused", `The authorization server refused: ${error}${detail ? ` (${detail})` : ""}.`));
        finish(new ClientManagerError(ClientManagerErrorCode.AUTH_FAILED, `The authorization server refused the login for "${options.server}": ${error}${detail ? ` (${detail.slice(0, 200)})` : ""}`, { server: options.server }));
        return;
      }
      if (!code || state !== provider.expectedState) {
        // A stray or forged request: refuse it and keep waiting for the real redirect.
        response.writeHead(400, { "content-type": "text/html; charset=utf-8" }).end(page("Sign-in not accepted", "This redirect does not belong to the login in progress."));
        return;
      }
      // The state matched, so this is our flow's answer: one from the wrong issuer ends the login
      // (RFC 9207); its code never reaches a token endpoint.
      const issuerProblem = authorizationResponseIssuerProblem(url.searchParams.get("iss"), provider.storedDiscovery()?.authorizationServerMetadata);
      if (issuerProblem) {
        response.writeHead(400, { "content-type": "text/html; charset=utf-8" }).end(page("Sign-in refused", `The sign-in was not accepted: ${issuerProblem}.`));
        finish(new ClientManagerError(ClientManagerErrorCode.AUTH_FAILED, `The login for "${options.server}" was refused: ${issuerProblem}`, { server: options.server }));
        return;
      }
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page("Signed in", `Signed in to ${options.server}. You can close this tab.`));
      finish(undefined, { code });
    });
  });
}

/** The two ways to ask a server unauthenticated: a 2026-07-28 `server/discover`, then a 2025 `initialize`. */
function challengeProbes(clientName: string): { headers: Record<string, string>; body: unknown }[] {
  const clientInfo = { name: `${clientName}-login`, version: "0" };
  return [
    {
      headers: { "mcp-protocol-version": MODERN_PROTOCOL_VERSION, "mcp-method": "server/discover" },
      body: { jsonrpc: "2.0", id: 0, method: "server/discover", params: { _meta: buildEnvelope({}, clientInfo) } },
    },
    { headers: {}, body: { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo } } },
  ];
}

/**
 * What the server's 401 to an unauthenticated request names: resource metadata URL and scope.
 * A 2026-07-28 server refuses a bare 2025 `initialize` with 400 (no MCP-Protocol-Version), and a
 * 2025 server may refuse `server/discover`, so the modern probe goes first and the 2025 one
 * follows when it drew no 401.
 */
async function serverChallenge(url: string, clientName: string): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
  for (const probe of challengeProbes(clientName)) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...probe.headers },
        body: JSON.stringify(probe.body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      return {}; // discovery below reports an unreachable server in its own words
    }
    await response.body?.cancel();
    if (response.status !== 401) continue;
    const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
    return { ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(scope ? { scope } : {}) };
  }
  return {};
}

async function runAuth(server: string, step: () => Promise<string>): Promise<string> {
  try {
    return await step();
  } catch (error) {
    if (ClientManagerError.isInstance(error)) throw error;
    fail(server, `Login for "${server}" failed: ${messageOf(error)}`, error);
  }
}

/**
 * Authorizes one server and stores its tokens in `storage`; never returns or logs a token.
 *
 * @example
 * await loginOAuthServer({ server: "docs", url: "https://mcp.example.com/mcp", storage: new ConfigStore(home), onAuthorizationUrl: (url) => console.error(`Open ${url}`) });
 */
export async function loginOAuthServer(options: OAuthLoginOptions): Promise<OAuthLoginResult> {
  const clientName = options.clientName ?? DEFAULT_CLIENT_INFO.name;
  const grant = options.auth?.grant ?? "authorization_code";
  const stored = options.storage.loadOAuth(options.server) ?? {};
  const challenge = await serverChallenge(options.url, clientName);
  // A step-up's union of scopes (pendingScope) outranks the first challenge's.
  const scope = stored.pendingScope ?? challenge.scope;
  const discovery = { serverUrl: options.url, ...(challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}) };
  if (grant === "client_credentials") {
    options.storage.saveOAuth(options.server, { ...stored, tokens: undefined });
    const provider = new StoredOAuthProvider({ server: options.server, auth: options.auth, storage: options.storage, mode: { kind: "background" }, clientName, ...(options.voice ? { voice: options.voice } : {}) });
    await runAuth(options.server, () => auth(provider, { ...discovery, ...(scope ? { scope } : {}) }));
    return { grant, expiresAt: provider.tokenExpiresAt(), hasRefreshToken: provider.hasRefreshToken() };
  }
  const listener = await openListener(stored.redirectUrl);
  try {
    const redirectUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/callback`;
    // A fresh sign-in: old tokens go; a self-registered client stays only if its redirect URL still fits.
    const next = { ...stored };
    delete next.tokens;
    delete next.codeVerifier;
    // Discovered again: the protected resource may name a new authorization server (SEP-2352).
    delete next.discovery;
    if (next.redirectUrl !== redirectUrl && !options.auth?.clientId) delete next.client;
    next.redirectUrl = redirectUrl;
    options.storage.saveOAuth(options.server, next);
    const provider = new StoredOAuthProvider({
      server: options.server,
      auth: options.auth,
      storage: options.storage,
      mode: { kind: "interactive", redirectUrl, onAuthorizationUrl: options.onAuthorizationUrl },
      clientName,
      ...(options.voice ? { voice: options.voice } : {}),
    });
    const redirect = awaitRedirect(listener, provider, options);
    redirect.catch(() => undefined);
    const first = await runAuth(options.server, () => auth(provider, { ...discovery, ...(scope ? { scope } : {}) }));
    if (first !== "AUTHORIZED") {
      const { code } = await redirect;
      await runAuth(options.server, () => auth(provider, { ...discovery, authorizationCode: code }));
    }
    options.storage.saveOAuth(options.server, { ...(options.storage.loadOAuth(options.server) ?? {}), pendingScope: undefined });
    return { grant, expiresAt: provider.tokenExpiresAt(), hasRefreshToken: provider.hasRefreshToken() };
  } finally {
    listener.closeAllConnections?.();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
}
