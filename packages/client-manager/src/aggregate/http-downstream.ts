// An aggregating server over HTTP: Streamable HTTP at /mcp on 127.0.0.1 (or any host), behind server-kit's edge
// (Host/Origin allow-list, bearer token, body limit, JSON parse), both protocol eras on the one
// endpoint. A 2025-era client opens a session with initialize: one aggregating server from the
// shared Downstreams on an HttpSessionTransport (node:http, no per-request conversion); sessions
// are capped and idle ones closed, so a client that opens and abandons sessions cannot grow the
// process without bound. A 2026-07-28 request carries everything in itself: it is answered as
// JSON (or SSE for its progress) by one shared server (server-kit's SharedModernServer and
// serveModernPost), with no session; an approval question becomes an input-required result.
import { messageOf } from "@foundry-mcp/core";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { createHttpEdge, isModernPost, jsonRpcError, sameSecret, sendJson, serveModernPost, SharedModernServer } from "@foundry-mcp/server-kit";
import type { HttpOperations } from "@foundry-mcp/server-kit";
import type { AggregatingServer } from "./aggregating-server";
import type { Downstreams } from "./downstreams";
import { HttpSessionTransport } from "./http-session";

/** Sessions one HTTP downstream keeps at once. */
export const MAX_HTTP_SESSIONS = 32;
/** A session without a request for this long is closed. */
export const HTTP_SESSION_IDLE_MS = 30 * 60_000;

/** Options of {@link startHttpDownstream}. */
export interface HttpDownstreamOptions {
  host: string;
  port: number;
  token: string;
  log: (line: string) => void;
  /** /healthz, /readyz, drain and request records (server-kit's createHttpOperations). */
  operations?: HttpOperations;
  /**
   * Routes the caller serves before the MCP edge (e.g. /metrics): given the live session count,
   * returns a handler that answers a request it owns and returns true.
   */
  routes?: (openSessions: () => number) => (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

/** A listening HTTP downstream. */
export interface HttpDownstream {
  url: string;
  close(): Promise<void>;
}

interface Session {
  transport: HttpSessionTransport;
  aggregating: AggregatingServer;
  lastSeen: number;
}

/** Starts listening; resolves with the endpoint URL. */
export async function startHttpDownstream(downstreams: Downstreams, options: HttpDownstreamOptions): Promise<HttpDownstream> {
  const { voice } = downstreams;
  const admit = createHttpEdge({ host: options.host, realm: voice.name, checkToken: (token) => sameSecret(token, options.token) });
  const sessions = new Map<string, Session>();
  const routes = options.routes?.(() => sessions.size);

  // Made on the first modern request: a 2025-only client never pays for it.
  let modern: Promise<SharedModernServer> | undefined;
  const modernServer = (): Promise<SharedModernServer> => {
    modern ??= (async () => {
      const shared = downstreams.openStateless();
      return SharedModernServer.connect(shared.server, shared.identity);
    })();
    return modern;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (options.operations?.intercept(req, res)) return;
    if (routes?.(req, res)) return;
    const admitted = await admit(req, res);
    if (!admitted) return;
    options.operations?.admitted(res, admitted.body);
    const id = req.headers["mcp-session-id"];
    if (typeof id === "string") {
      const session = sessions.get(id);
      if (!session) return sendJson(res, 404, jsonRpcError(-32001, "Session not found: initialize a new session"));
      session.lastSeen = Date.now();
      if (admitted.method === "POST") return session.transport.handlePost(req, res, admitted.body);
      if (admitted.method === "GET") return session.transport.handleGet(req, res);
      await session.transport.close();
      res.writeHead(200).end();
      return;
    }
    if (admitted.method !== "POST") return sendJson(res, 400, jsonRpcError(-32000, "Bad Request: Mcp-Session-Id header is required"));
    if (isModernPost(req, admitted.body)) {
      const shared = await modernServer();
      return serveModernPost(req, res, admitted.body, (message, signal, onNotification) => shared.answer(message, signal, onNotification));
    }
    const messages: unknown[] = Array.isArray(admitted.body) ? admitted.body : [admitted.body];
    if (!messages.some((message) => isInitializeRequest(message))) {
      return sendJson(res, 400, jsonRpcError(-32000, "Bad Request: no valid session; send initialize first"));
    }
    if (sessions.size >= MAX_HTTP_SESSIONS) {
      const message = `Too many sessions: ${voice.httpProcess} keeps at most ${MAX_HTTP_SESSIONS}; end one with DELETE /mcp (idle ones close after ${HTTP_SESSION_IDLE_MS / 60_000} minutes)`;
      return sendJson(res, 503, jsonRpcError(-32000, message));
    }
    const aggregating = downstreams.open();
    const transport = new HttpSessionTransport(voice.process);
    await aggregating.server.connect(transport);
    sessions.set(transport.sessionId, { transport, aggregating, lastSeen: Date.now() });
    // Set after connect: the server wraps the transport's onclose with its own (which leaves Downstreams).
    const closeServer = transport.onclose;
    transport.onclose = () => {
      sessions.delete(transport.sessionId);
      closeServer?.();
    };
    transport.handlePost(req, res, admitted.body);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log(`${voice.process}: HTTP request failed: ${messageOf(error)}`);
      sendJson(res, 500, jsonRpcError(-32603, `Internal error: ${messageOf(error)}`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const sweeper = setInterval(() => {
    const cutoff = Date.now() - HTTP_SESSION_IDLE_MS;
    for (const [sessionId, session] of sessions) {
      if (session.lastSeen >= cutoff) continue;
      sessions.delete(sessionId);
      void session.aggregating.server.close().catch(() => undefined);
    }
  }, 60_000);
  sweeper.unref();
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/mcp`,
    async close() {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((session) => session.aggregating.server.close().catch(() => undefined)));
      sessions.clear();
      if (modern) await (await modern).close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
