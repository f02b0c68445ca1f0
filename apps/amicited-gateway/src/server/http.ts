// Streamable HTTP at /mcp on node:http. Every request first passes server-kit's edge, the one every
// HTTP app shares: path (404), Host and Origin (403), the bearer token resolved to its credential
// (401 + WWW-Authenticate), method (405), body limit (413), JSON parsing (-32700); then the
// gateway's own checks (the session exists and belongs to this token) and its session's transport.
// One Server per session, its credential and pinned toolsets fixed when the session was
// initialised; sessions are capped in total and per token, idle ones closed (sessions.ts), a
// refused initialize answered 503.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { messageOf } from "@foundry-mcp/core";
import { createHttpEdge, jsonRpcError, sendJson } from "@foundry-mcp/server-kit";
import { createSessionServer } from "./session";
import { answerModernPost, isModernPost } from "./modern-http";
import { DEFAULT_SESSION_LIMITS, SessionTable, type SessionLimits } from "./sessions";
import type { Gateway } from "./gateway";
import { isUiPath, type UiRoutes } from "./ui/routes";
import { resolveToken } from "@foundry-mcp/workspace-store";
import type { Credential } from "@foundry-mcp/workspace-store";

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
  /** The dashboard, served under /ui beside /mcp (ui/routes.ts); absent with --no-ui. */
  ui?: UiRoutes;
}

/** A running HTTP gateway. */
export interface HttpGateway {
  url: string;
  close(): Promise<void>;
}

/** The id of the (first) initialize request in a body, so that a refusal can answer it. */
function initializeId(body: unknown): string | number | null {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const id = (messages.find((message) => isInitializeRequest(message)) as { id?: unknown } | undefined)?.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
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
  const sessions = new SessionTable({ ...DEFAULT_SESSION_LIMITS, ...options.sessions });
  const admit = createHttpEdge<Credential>({
    host,
    realm: "amicited-gateway",
    refusedToken: "unknown or revoked token",
    checkToken: (token) => resolveToken(gateway.store, token),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    ...(options.anonymous ? { anonymous: options.anonymous } : {}),
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://placeholder");
    if (options.ui && isUiPath(url.pathname)) return options.ui(req, res, url);
    const admitted = await admit(req, res);
    if (!admitted) return;
    const { credential, body } = admitted;
    const toolsets = url.searchParams.get("toolsets") ?? undefined;
    const sessionId = req.headers["mcp-session-id"];
    const existing = typeof sessionId === "string" ? sessions.touch(sessionId) : undefined;
    if (typeof sessionId === "string") {
      if (!existing)
        return sendJson(res, 404, jsonRpcError(-32001, "Session not found: initialize a new session"));
      if (existing.tokenId !== credential.tokenId)
        return sendJson(
          res,
          403,
          jsonRpcError(-32000, "Forbidden: this session belongs to another token"),
        );
    }
    if (admitted.method !== "POST") {
      if (!existing)
        return sendJson(
          res,
          400,
          jsonRpcError(-32000, "Bad Request: Mcp-Session-Id header is required"),
        );
      return existing.transport.handleRequest(req, res);
    }
    if (existing) return existing.transport.handleRequest(req, res, body);
    // 2026-07-28: no session, one Server for this request only (modern-http.ts).
    if (isModernPost(req, body))
      return answerModernPost(req, res, body, () =>
        createSessionServer(gateway, credential, toolsets),
      );
    const initializing = Array.isArray(body)
      ? body.some((message) => isInitializeRequest(message))
      : isInitializeRequest(body);
    if (!initializing)
      return sendJson(
        res,
        400,
        jsonRpcError(-32000, "Bad Request: no valid session; send initialize first"),
      );
    const slot = sessions.reserve(credential.tokenId);
    if ("message" in slot)
      return sendJson(res, 503, jsonRpcError(-32000, slot.message, initializeId(body)), {
        "retry-after": String(slot.retryAfterSeconds),
      });
    const server = createSessionServer(gateway, credential, toolsets);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) =>
        slot.bind(id, { transport, server, tokenId: credential.tokenId, lastSeen: Date.now() }),
      onsessionclosed: (id) => sessions.delete(id),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } finally {
      // An initialize the SDK refused never gets a session id: give its slot back.
      slot.release();
    }
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
  // Clients that vanish without DELETE would otherwise keep their Server until a cap is reached.
  const sweeper = setInterval(() => sessions.evictIdle(), Math.min(sessions.limits.idleMs, 60_000));
  sweeper.unref();
  const address = httpServer.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/mcp`,
    async close() {
      clearInterval(sweeper);
      await sessions.closeAll();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
