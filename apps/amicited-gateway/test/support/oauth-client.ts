// A hand-written OAuth 2.1 public client for the gateway's tests, so each refusal can be provoked
// on purpose: a loopback callback listener that records each redirect, registration (RFC 7591),
// PKCE S256 pairs, the authorization URL, and token, refresh and revocation requests.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A redirect the callback listener received: its query parameters. */
export type Redirect = URLSearchParams;

/** A loopback redirect target that hands out each redirect it receives, in order. */
export interface CallbackListener {
  redirectUri: string;
  next(): Promise<Redirect>;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (a free port) at /callback. */
export async function listenForRedirects(): Promise<CallbackListener> {
  const waiting: ((redirect: Redirect) => void)[] = [];
  const received: Redirect[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    res.writeHead(url.pathname === "/callback" ? 200 : 404, { "content-type": "text/plain" }).end("OK. You can close this page.");
    // A browser also asks for /favicon.ico: only /callback is a redirect.
    if (url.pathname !== "/callback") return;
    const deliver = waiting.shift();
    if (deliver) deliver(url.searchParams);
    else received.push(url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    next: () => (received.length > 0 ? Promise.resolve(received.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** Registers a public client; its client_id. */
export async function registerClient(origin: string, redirectUris: string[], clientName = "Test OAuth client"): Promise<string> {
  const response = await fetch(`${origin}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: clientName, redirect_uris: redirectUris, token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] }),
  });
  if (response.status !== 201) throw new Error(`registration refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** The authorization URL of a request (override any parameter, or drop one with undefined). */
export function authorizationUrl(origin: string, params: Record<string, string | undefined>): string {
  const url = new URL(`${origin}/oauth/authorize`);
  for (const [name, value] of Object.entries({ response_type: "code", code_challenge_method: "S256", scope: "read write", resource: `${origin}/mcp`, ...params }))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** A token endpoint answer: status, Cache-Control and the JSON body. */
export interface TokenAnswer {
  status: number;
  cacheControl: string | null;
  body: Record<string, string | number>;
}

/** POSTs a form to a token-side endpoint (token or revoke). */
export async function postForm(origin: string, path: string, form: Record<string, string>): Promise<TokenAnswer> {
  const response = await fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() });
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: (await response.json()) as Record<string, string | number> };
}

/** An MCP initialize with a bearer token: the raw answer (for 401s and their challenge). */
export function initializeWith(mcpUrl: string, token: string | undefined): Promise<Response> {
  return fetch(mcpUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "oauth-test", version: "0" } } }),
  });
}

const unescapeHtml = (text: string): string =>
  text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&#39;", "'");

/**
 * Plays the person on the consent page without a browser: GETs the page for `authorizationUrl`,
 * submits its form (every hidden field as the page carries it) with the credential, workspace
 * and scope, and returns the gateway's answer: a redirect, or the page again with its refusal.
 */
export async function submitConsent(authorizationUrl: string, answer: { credential: string; workspace: string; scope: "read" | "write" }): Promise<Response> {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html}`);
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(match[1]!, unescapeHtml(match[2]!));
  form.set("credential", answer.credential);
  form.set("workspace", answer.workspace);
  form.set("grant_scope", answer.scope);
  form.set("decision", "approve");
  const origin = new URL(authorizationUrl).origin;
  return fetch(`${origin}/oauth/authorize`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin }, body: form.toString() });
}

/** Approves on the consent page (submitConsent) and returns where the gateway redirects: the client's redirect URI with code or error. */
export async function approveByForm(authorizationUrl: string, answer: { credential: string; workspace: string; scope: "read" | "write" }): Promise<string> {
  const submitted = await submitConsent(authorizationUrl, answer);
  const location = submitted.headers.get("location");
  if (submitted.status !== 303 || location === null) throw new Error(`consent refused: ${submitted.status} ${await submitted.text()}`);
  return location;
}

/** The refusal a consent page shows above its form (`#consent-error`), as the person reads it; undefined when it shows none. */
export function consentErrorOf(html: string): string | undefined {
  const shown = /<p role="alert" class="error" id="consent-error">([^<]*)<\/p>/.exec(html)?.[1];
  return shown === undefined ? undefined : unescapeHtml(shown);
}
