// Streamable HTTP on node:http: the dashboard (/ui), the OAuth authorization server, /metrics and
// the operator's routes beside /mcp, which is server-kit's MCP endpoint whole (the edge with the
// bearer token resolved to its credential, both protocol eras, 2025-era sessions restored from
// rows in the store on any instance, resumable SSE streams). The gateway gives it its one handler
// object (handler.ts), its session rows and event log (sessions.ts, stream-event-log.ts) and its
// words; an MCP request then enters the gateway once, in the handler. Nothing outlives a request
// in this process, so any number of instances on one store serve any client without sticky sessions.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { messageOf } from "@foundry-mcp/core";
import { createMcpHttpEndpoint, jsonRpcError, sendJson, ServerKitError } from "@foundry-mcp/server-kit";
import type { EndpointFailure, HttpOperations, StructuredLog } from "@foundry-mcp/server-kit";
import { bearerResolver } from "@foundry-mcp/workspace-store";
import type { Credential } from "@foundry-mcp/workspace-store";
import { StreamEventLog } from "./stream-event-log";
import type { StreamEventLimits } from "./stream-event-log";
import { gatewayApp } from "./handler";
import { GATEWAY_IDENTITY } from "./identity";
import { DEFAULT_SESSION_LIMITS, SessionTable, type SessionLimits } from "./sessions";
import { reportStreamLogError, type Gateway } from "./gateway";
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
  /** The operator's log (`serve --log-format`): endpoint failures an operator must act on go there; absent, to stderr. */
  log?: StructuredLog;
}

/**
 * Where the endpoint's failures go. A stored session that could not be restored is an error record
 * with its stable code and session id (a broken row in the store; the client only sees a 500):
 * never a token, the log redacts them anyway.
 */
function endpointFailureReporter(log: StructuredLog | undefined) {
  return (what: EndpointFailure, error: unknown, sessionId?: string): void => {
    if (what === "stream log") return reportStreamLogError(error);
    if (what === "session sweep") return void process.stderr.write(`amicited-gateway: session sweep failed: ${messageOf(error)}\n`);
    const code = ServerKitError.isInstance(error) ? error.code : "SESSION_NOT_RESTORED";
    const message = `amicited-gateway: session restore failed (${code}, session ${sessionId}): ${messageOf(error)}`;
    if (log) log.write("error", message, { code, session_id: sessionId });
    else process.stderr.write(`${message}\n`);
  };
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
  const mcp = createMcpHttpEndpoint<Credential>({
    identity: GATEWAY_IDENTITY,
    app: gatewayApp(gateway),
    edge: {
      host,
      realm: "amicited-gateway",
      refusedToken: "unknown or revoked token",
      checkToken: bearerResolver(gateway.store),
      ...(options.oauth ? { challengeParams: (req: http.IncomingMessage) => challengeParamsOf(issuerOf(req, options.oauth?.publicUrl)) } : {}),
      ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
      ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
      ...(options.anonymous ? { anonymous: options.anonymous } : {}),
    },
    sessions: new SessionTable(gateway.store, { ...DEFAULT_SESSION_LIMITS, ...options.sessions }),
    events: new StreamEventLog(gateway.store, options.streamEvents),
    // A streamed request's free requests (not tools/call, which counts itself) count toward the hourly cap.
    countFreeRequest: async (credential) =>
      void (await gateway.catalog.consumeQuota({ workspace: credential.workspaceId, scope: credential.scope })),
    wording: { server: "the gateway", maxEvents: "--max-stream-events", maxEventsPerSession: "--max-stream-events-per-session" },
    viewParameter: "toolsets",
    ...(options.operations ? { operations: options.operations } : {}),
    onError: endpointFailureReporter(options.log),
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (options.operations?.intercept(req, res)) return;
    const url = new URL(req.url ?? "/", "http://placeholder");
    if (options.ui && isUiPath(url.pathname)) return options.ui(req, res, url);
    if (options.oauth && isOAuthPath(url.pathname)) return options.oauth.routes(req, res, url);
    if (options.metrics?.(req, res)) return;
    return mcp.handle(req, res, url);
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
  const address = httpServer.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/mcp`,
    async close() {
      mcp.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
