// The dashboard beside /mcp on the same port: /ui/ (the embedded web app) and /ui/api/ (its JSON
// API). Every request passes the Host/Origin rules of /mcp (guard.ts); every API request but
// sign-in needs the session cookie, and every change its CSRF header (sign-in.ts). Handlers only
// call into catalog-api.ts, workspace-api.ts, grants-api.ts and learned-api.ts, which reuse the packages.
import type http from "node:http";
import { hostAllowList } from "@foundry-mcp/server-kit";
import type { Gateway } from "../gateway";
import { sendAsset, UI_EMBEDDED } from "./assets";
import { describeForUi, catalogOverview, searchCatalog, surfaceCost } from "./catalog-api";
import { checkHostAndOrigin, readJsonObject, sendUiJson, UiRefusal, UI_SECURITY_HEADERS } from "./guard";
import { UiSessions } from "./sign-in";
import { createToken, createWorkspace, deleteToken, listWorkspaces, workspaceTokens, workspaceUsage } from "./workspace-api";
import { deleteGrant, workspaceGrants } from "./grants-api";
import { forgetLearnedRequest, forgetLearnedRequests, learnedQuality, listLearned } from "./learned-api";

/** Options of createUiRoutes: the bind host and extra names, as /mcp gets them. */
export interface UiRouteOptions {
  host: string;
  allowedHosts?: string[];
}

/** Answers one request whose path is under /ui. */
export type UiRoutes = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>;

/** True for the paths the dashboard owns. */
export const isUiPath = (pathname: string): boolean => pathname === "/ui" || pathname.startsWith("/ui/");

type Handler = (match: string[], req: http.IncomingMessage, url: URL) => Promise<unknown>;
interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

// A workspace name in a path: any segment, so that requireWorkspace answers a malformed one as it
// answers a malformed ?workspace= (400 naming the rule) instead of as an unknown endpoint.
const NAME = "([^/]+)";

/** Builds the /ui handler over a gateway. */
export function createUiRoutes(gateway: Gateway, options: UiRouteOptions): UiRoutes {
  const allowed = hostAllowList(options.host, options.allowedHosts ?? []);
  const sessions = new UiSessions(gateway.store);
  const { catalog } = gateway;
  const routes: Route[] = [
    { method: "GET", pattern: /^catalog$/, handler: async () => catalogOverview(catalog, gateway.hourlyCap) },
    { method: "GET", pattern: /^surface$/, handler: async (_m, _r, url) => surfaceCost(catalog, url.searchParams.get("toolsets") ?? "") },
    { method: "GET", pattern: /^search$/, handler: (_m, _r, url) => searchCatalog(gateway, url.searchParams) },
    { method: "GET", pattern: /^tools\/([A-Za-z0-9_.-]{1,128})$/, handler: async ([name]) => describeForUi(catalog, name!) },
    { method: "GET", pattern: /^workspaces$/, handler: () => listWorkspaces(gateway) },
    { method: "POST", pattern: /^workspaces$/, handler: async (_m, req) => createWorkspace(gateway, await readJsonObject(req)) },
    { method: "GET", pattern: new RegExp(`^workspaces/${NAME}/usage$`), handler: ([name]) => workspaceUsage(gateway, name!) },
    { method: "GET", pattern: new RegExp(`^workspaces/${NAME}/tokens$`), handler: ([name]) => workspaceTokens(gateway, name!) },
    { method: "POST", pattern: new RegExp(`^workspaces/${NAME}/tokens$`), handler: async ([name], req) => createToken(gateway, name!, await readJsonObject(req)) },
    { method: "DELETE", pattern: new RegExp(`^workspaces/${NAME}/tokens/(\\d{1,15})$`), handler: ([name, id]) => deleteToken(gateway, name!, id!) },
    { method: "GET", pattern: new RegExp(`^workspaces/${NAME}/grants$`), handler: ([name]) => workspaceGrants(gateway, name!) },
    { method: "DELETE", pattern: new RegExp(`^workspaces/${NAME}/grants/(\\d{1,15})$`), handler: ([name, id]) => deleteGrant(gateway, name!, id!) },
    { method: "GET", pattern: /^learned$/, handler: (_m, _r, url) => listLearned(gateway, url.searchParams) },
    { method: "GET", pattern: /^learned\/quality$/, handler: (_m, _r, url) => learnedQuality(gateway, url.searchParams) },
    { method: "DELETE", pattern: /^learned$/, handler: (_m, _r, url) => forgetLearnedRequests(gateway, url.searchParams) },
    { method: "DELETE", pattern: /^learned\/(\d{1,15})$/, handler: ([id]) => forgetLearnedRequest(gateway, id!) },
  ];

  const api = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> => {
    const path = url.pathname.slice("/ui/api/".length);
    if (path === "session") {
      if (req.method === "POST") {
        const { cookie, csrf } = await sessions.signIn((await readJsonObject(req)).token);
        return sendUiJson(res, 200, { csrf }, { "set-cookie": cookie });
      }
      // A page asks on load whether its cookie still signs it in: "no" is an answer, not an error.
      if (req.method === "GET") {
        const session = await sessions.require(req).catch((error: unknown) => {
          if (UiRefusal.isInstance(error) && error.status === 401) return undefined;
          throw error;
        });
        return sendUiJson(res, 200, session ? { signedIn: true, csrf: session.csrf } : { signedIn: false });
      }
      const session = await sessions.require(req);
      if (req.method === "DELETE") return sendUiJson(res, 200, { signedOut: true }, { "set-cookie": sessions.signOut(session.id) });
      throw new UiRefusal(405, "METHOD_NOT_ALLOWED", "session takes GET, POST or DELETE");
    }
    const candidates = routes.filter((route) => route.pattern.test(path));
    if (candidates.length === 0) throw new UiRefusal(404, "NOT_FOUND", `no API endpoint ${url.pathname}`);
    // Signed in first, so that an unknown method tells nothing to a stranger.
    await sessions.require(req);
    const route = candidates.find((candidate) => candidate.method === req.method);
    if (!route) throw new UiRefusal(405, "METHOD_NOT_ALLOWED", `${url.pathname} takes ${candidates.map((c) => c.method).join(", ")}`);
    return sendUiJson(res, route.method === "POST" ? 201 : 200, await route.handler(route.pattern.exec(path)!.slice(1), req, url));
  };

  return async (req, res, url) => {
    try {
      checkHostAndOrigin(req, allowed);
      if (url.pathname.startsWith("/ui/api/")) return await api(req, res, url);
      if (req.method !== "GET" && req.method !== "HEAD") throw new UiRefusal(405, "METHOD_NOT_ALLOWED", "the dashboard's pages take GET");
      if (url.pathname === "/ui") {
        res.writeHead(308, { ...UI_SECURITY_HEADERS, location: "/ui/" });
        return void res.end();
      }
      if (!UI_EMBEDDED) throw new UiRefusal(503, "UI_NOT_BUILT", "this gateway was bundled without its dashboard: run pnpm --filter @foundry-mcp/amicited-gateway build");
      if (!sendAsset(res, url.pathname)) throw new UiRefusal(404, "NOT_FOUND", `no dashboard file ${url.pathname}`);
    } catch (error) {
      if (UiRefusal.isInstance(error)) return sendUiJson(res, error.status, { error: { code: error.code, message: error.message } });
      throw error;
    }
  };
}
