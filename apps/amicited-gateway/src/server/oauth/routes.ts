// The OAuth routes beside /mcp on the same port, mounted by http.ts with one line: the two
// metadata documents, registration, authorize (the consent page), token and revocation. Every
// request passes the Host rule of /mcp; the consent form's POST also the Origin rule of the
// dashboard (ui/guard.ts). The JSON endpoints answer any origin (CORS without credentials), so
// browser-based clients such as the Inspector's page can discover, register and redeem.
import type http from "node:http";
import { hostAllowList } from "@foundry-mcp/server-kit";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { checkHostAndOrigin, readJsonObject, UiRefusal } from "../ui/guard";
import { approve, checkAuthorizationRequest, consentPageFor, redirectWith } from "./authorize";
import { registerClient, type ClientMetadataPolicy } from "./clients";
import { CONSENT_CSP } from "./consent-page";
import { authorizationServerMetadata, issuerOf, OAUTH_PATHS, protectedResourceMetadata } from "./endpoints";
import { OAuthRefusal } from "./errors";
import { readFormBody } from "./form-body";
import { answerRevocation, answerTokenRequest } from "./token";

/** Options of createOAuthRoutes. */
export interface OAuthRouteOptions {
  host: string;
  allowedHosts?: string[];
  /** The gateway's public origin when it sits behind a proxy (https://gw.example); else the Host header's. */
  publicUrl?: string;
  /** Accept client ID metadata documents from http://127.0.0.1 (tests only). */
  allowLoopbackClientMetadata?: boolean;
}

/** Answers one request under /oauth/ or /.well-known/. */
export type OAuthRoutes = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>;

const CORS = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type, authorization, mcp-protocol-version", "access-control-allow-methods": "GET, POST, OPTIONS" };
const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", pragma: "no-cache", "x-content-type-options": "nosniff", ...CORS };
// same-origin, not no-referrer: under no-referrer Chromium sends the form's POST with Origin: null,
// which the Origin rule refuses; the request's parameters still never leave for another origin.
const PAGE_HEADERS = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": CONSENT_CSP, "x-frame-options": "DENY", "referrer-policy": "same-origin", "x-content-type-options": "nosniff" };

function sendOAuthJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, JSON_HEADERS);
  res.end(JSON.stringify(body));
}

function sendPage(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, PAGE_HEADERS);
  res.end(html);
}

const errorPage = (message: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization refused</title></head><body><main><h1>Authorization refused</h1><p role="alert" id="consent-error">${message.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)}</p></main></body></html>`;

/** Builds the OAuth handler over a store. */
export function createOAuthRoutes(store: WorkspaceStore, options: OAuthRouteOptions): OAuthRoutes {
  const allowed = hostAllowList(options.host, options.allowedHosts ?? []);
  const policy: ClientMetadataPolicy = { allowLoopbackHttp: options.allowLoopbackClientMetadata === true };

  const authorize = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL, issuer: string): Promise<void> => {
    const form = req.method === "POST" ? await readFormBody(req) : url.searchParams;
    const checked = await checkAuthorizationRequest(store, form, issuer, policy);
    if ("page" in checked) return sendPage(res, 400, errorPage(checked.page));
    const redirect = (answer: Record<string, string>, state: string | undefined, to: string) => {
      res.writeHead(303, { location: redirectWith(to, issuer, answer, state), "cache-control": "no-store", "referrer-policy": "no-referrer" });
      res.end();
    };
    if ("redirect" in checked) return redirect({ error: checked.error, error_description: checked.description }, checked.state, checked.redirect);
    const { request } = checked;
    if (req.method !== "POST") return sendPage(res, 200, consentPageFor(request, form));
    if (form.get("decision") === "deny") return redirect({ error: "access_denied", error_description: "the person denied the request" }, request.state, request.redirectUri);
    const approved = await approve(store, request, form);
    if ("refused" in approved) return sendPage(res, 401, consentPageFor(request, form, approved.refused));
    return redirect({ code: approved.code }, request.state, request.redirectUri);
  };

  const route = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL, issuer: string): Promise<void> => {
    const path = url.pathname;
    if (path === OAUTH_PATHS.protectedResource || path === `${OAUTH_PATHS.protectedResource}/mcp`) return sendOAuthJson(res, 200, protectedResourceMetadata(issuer));
    if (path === OAUTH_PATHS.authorizationServer || path === OAUTH_PATHS.openidConfiguration) return sendOAuthJson(res, 200, authorizationServerMetadata(issuer));
    if (path === OAUTH_PATHS.authorize) {
      if (req.method !== "GET" && req.method !== "POST") throw new OAuthRefusal(405, "invalid_request", "authorize takes GET or POST");
      // The consent form is this origin's page: a POST from any other origin is refused (403).
      if (req.method === "POST") checkHostAndOrigin(req, allowed);
      return authorize(req, res, url, issuer);
    }
    if (req.method !== "POST") throw new OAuthRefusal(405, "invalid_request", `${path} takes POST`);
    if (path === OAUTH_PATHS.register) {
      const body = await readJsonObject(req).catch((error: unknown) => {
        throw UiRefusal.isInstance(error) ? new OAuthRefusal(error.status, "invalid_client_metadata", error.message) : error;
      });
      return sendOAuthJson(res, 201, await registerClient(store, body));
    }
    if (path === OAUTH_PATHS.token) return sendOAuthJson(res, 200, await answerTokenRequest(store, await readFormBody(req), issuer, policy));
    if (path === OAUTH_PATHS.revoke) {
      await answerRevocation(store, await readFormBody(req));
      return sendOAuthJson(res, 200, {});
    }
    throw new OAuthRefusal(404, "invalid_request", `no OAuth endpoint ${path}`);
  };

  return async (req, res, url) => {
    try {
      const host = req.headers.host ?? "";
      if (!allowed(host)) throw new OAuthRefusal(403, "invalid_request", `Forbidden: Host ${host} is not allowed`);
      if (req.method === "OPTIONS") {
        res.writeHead(204, CORS);
        return void res.end();
      }
      await route(req, res, url, issuerOf(req, options.publicUrl));
    } catch (error) {
      if (OAuthRefusal.isInstance(error)) return sendOAuthJson(res, error.status, { error: error.code, error_description: error.message });
      if (UiRefusal.isInstance(error)) return sendOAuthJson(res, error.status, { error: "invalid_request", error_description: error.message });
      throw error;
    }
  };
}
