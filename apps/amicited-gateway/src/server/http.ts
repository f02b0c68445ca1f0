// Streamable HTTP at /mcp on node:http. Every request first passes server-kit's edge, the one every
// HTTP app shares: path (404), Host and Origin (403), the bearer token resolved to its credential
// (401 + WWW-Authenticate), method (405), body limit (413), JSON parsing (-32700). Then the era:
// a request naming an Mcp-Session-Id, or an initialize, is of the 2025 handshake (legacy-http.ts:
// the session lives in the store, each request gets its own Server); a 2026-07-28 request is
// answered statelessly (modern-http.ts). Nothing outlives a request in this process, so any
// number of instances on one store serve any client without sticky sessions.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { messageOf } from "@foundry-mcp/core";
import { createHttpEdge, jsonRpcError, sendJson } from "@foundry-mcp/server-kit";
import type { HttpOperations } from "@foundry-mcp/server-kit";
import { resolveOAuthAccessToken, resolveToken } from "@foundry-mcp/workspace-store";
import type { Credential } from "@foundry-mcp/workspace-store";
import { StreamEventLog } from "./stream-event-log";
import type { StreamEventLimits } from "./stream-event-log";
import { createSessionServer } from "./session";
import { answerModernPost, isModernPost } from "./modern-http";
import { answerInSession, isInitializing, openSession, type LegacyEndpoint } from "./legacy-http";
import { DEFAULT_SESSION_LIMITS, SessionTable, type SessionLimits } from "./sessions";
import type { Gateway } from "./gateway";
import { isUiPath, type UiRoutes } from "./ui/routes";
import { challengeParamsOf, isOAuthPath, issuerOf } from "./oauth/endpoints";
import type { OAuthRoutes } from "./oauth/routes";
import type { MetricsRoute } from "@foundry-mcp/telemetry";

/** Options of startHttpGateway. */
export interface HttpGatewayOptions {
  host?: string;
  port?: number;
  /** Largest accepted request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** More host names accepted in Host and Origin, beyond the local names and the bind host. */
  allowedHosts?: string[];
  /** Credential used for requests without Authorization (development only, read scope). */
  anonymous?: Credential;
  /** Session caps and idle time (defaults: DEFAULT_SESSION_LIMITS). */
  sessions?: Partial<SessionLimits>;
  /** Bounds of the SSE event log (defaults: DEFAULT_STREAM_EVENT_LIMITS, stream-event-log.ts). */
  streamEvents?: Partial<StreamEventLimits>;
  /** The dashboard, served under /ui beside /mcp (ui/routes.ts); absent with --no-ui. */
  ui?: UiRoutes;
  /** /healthz, /readyz, drain and request records (operations.ts); absent, none of them. */
  operations?: HttpOperations;
  /** The OAuth 2.1 authorization server and metadata (oauth/routes.ts); absent, /mcp takes static tokens only. */
  oauth?: { routes: OAuthRoutes; publicUrl?: string };
  /** GET /metrics (server/metrics.ts; docs/operators/telemetry.md). */
  metrics?: MetricsRoute;
}

/** A running HTTP gateway. */
export interface HttpGateway {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the gateway over Streamable HTTP; resolves once listening.
 * @example const running = await startHttpGateway(gateway, { port: 0 }); console.error(`listening on ${running.url}`);
 */
export async function startHttpGateway(
  gateway: Gateway,
  options: HttpGatewayOptions = {},
): Promise<HttpGateway> {
  const host = options.host ?? "127.0.0.1";
  const endpoint: LegacyEndpoint = {
    sessions: new SessionTable(gateway.store, { ...DEFAULT_SESSION_LIMITS, ...options.sessions }),
    events: new StreamEventLog(gateway.store, options.streamEvents),
    createServer: (credential, toolsets) => createSessionServer(gateway, credential, toolsets),
    countFreeRequest: async (credential) =>
      void (await gateway.catalog.consumeQuota({ workspace: credential.workspaceId, scope: credential.scope })),
  };
  const admit = createHttpEdge<Credential>({
    host,
    realm: "amicited-gateway",
    refusedToken: "unknown or revoked token",
    checkToken: async (token) => (await resolveToken(gateway.store, token)) ?? resolveOAuthAccessToken(gateway.store, token),
    ...(options.oauth ? { challengeParams: (req: http.IncomingMessage) => challengeParamsOf(issuerOf(req, options.oauth?.publicUrl)) } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    ...(options.anonymous ? { anonymous: options.anonymous } : {}),
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (options.operations?.intercept(req, res)) return;
    const url = new URL(req.url ?? "/", "http://placeholder");
    if (options.ui && isUiPath(url.pathname)) return options.ui(req, res, url);
    if (options.oauth && isOAuthPath(url.pathname)) return options.oauth.routes(req, res, url);
    if (options.metrics?.(req, res)) return;
    const admitted = await admit(req, res);
    if (!admitted) return;
    const { credential, body, method } = admitted;
    options.operations?.admitted(res, body, credential.workspaceName);
    const request = { req, res, credential, body, method };
    const toolsets = url.searchParams.get("toolsets") ?? undefined;
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") return answerInSession(endpoint, request, sessionId);
    if (method !== "POST")
      return sendJson(res, 400, jsonRpcError(-32000, "Bad Request: Mcp-Session-Id header is required"));
    // 2026-07-28: no session, one Server for this request only (modern-http.ts).
    if (isModernPost(req, body))
      return answerModernPost(req, res, body, () => createSessionServer(gateway, credential, toolsets));
    if (!isInitializing(body))
      return sendJson(res, 400, jsonRpcError(-32000, "Bad Request: no valid session; send initialize first"));
    return openSession(endpoint, request, toolsets);
  };

  const httpServer = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      sendJson(res, 500, jsonRpcError(-32603, `Internal error: ${messageOf(error)}`)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port ?? 8787, host, () => resolve());
  });
  // Sessions that vanish without DELETE would otherwise hold their rows (and events) until a cap.
  const sweeper = setInterval(
    () =>
      void endpoint.sessions
        .sweep()
        .catch((error: unknown) => process.stderr.write(`amicited-gateway: session sweep failed: ${messageOf(error)}\n`)),
    Math.min(endpoint.sessions.limits.idleMs, 60_000),
  );
  sweeper.unref();
  const address = httpServer.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/mcp`,
    async close() {
      clearInterval(sweeper);
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
