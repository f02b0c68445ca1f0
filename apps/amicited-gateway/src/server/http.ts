// Streamable HTTP at /mcp on node:http. Every request passes, in order: path, Host and Origin
// checks (403), the bearer token (401 + WWW-Authenticate), a body limit (413) and JSON parsing
// (JSON-RPC -32700); then it reaches its session's SDK transport. One Server per session, its
// credential and pinned toolsets fixed when the session was initialised; sessions are capped in
// total and per token, idle ones closed (sessions.ts), a refused initialize answered 503.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
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

const LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]", "::1"];
const DEFAULT_MAX_BODY = 1024 * 1024;

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value.includes("://") ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const rpcError = (code: number, message: string, id: string | number | null = null) => ({
  jsonrpc: "2.0",
  error: { code, message },
  id,
});

/** The id of the (first) initialize request in a body, so that a refusal can answer it. */
function initializeId(body: unknown): string | number | null {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const id = (messages.find((message) => isInitializeRequest(message)) as { id?: unknown } | undefined)?.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

function readBody(req: http.IncomingMessage, limit: number): Promise<string | "too-large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(tooLarge ? "too-large" : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
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
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const allowed = new Set([
    ...LOCAL_HOSTS,
    ...(options.allowedHosts ?? []).map((name) => name.toLowerCase()),
  ]);
  if (!["0.0.0.0", "::"].includes(host)) allowed.add(hostnameOf(host) ?? host);
  const sessions = new SessionTable({ ...DEFAULT_SESSION_LIMITS, ...options.sessions });

  const authenticate = async (
    req: http.IncomingMessage,
  ): Promise<Credential | "missing" | "invalid"> => {
    const header = req.headers.authorization;
    if (!header) return options.anonymous ?? "missing";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) return "invalid";
    return (await resolveToken(gateway.store, match[1])) ?? "invalid";
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://placeholder");
    if (options.ui && isUiPath(url.pathname)) return options.ui(req, res, url);
    if (url.pathname !== "/mcp")
      return sendJson(res, 404, rpcError(-32000, `Not found: the MCP endpoint is /mcp`));
    const hostHeader = req.headers.host ?? "";
    if (!allowed.has(hostnameOf(hostHeader) ?? ""))
      return sendJson(res, 403, rpcError(-32000, `Forbidden: Host ${hostHeader} is not allowed`));
    const origin = req.headers.origin;
    // A browser always sends Origin; "null" (sandboxed frames, file://) is refused like any foreign one.
    if (origin !== undefined && !allowed.has(hostnameOf(origin) ?? ""))
      return sendJson(res, 403, rpcError(-32000, `Forbidden: Origin ${origin} is not allowed`));
    const credential = await authenticate(req);
    if (credential === "missing" || credential === "invalid") {
      const challenge =
        credential === "missing"
          ? 'Bearer realm="amicited-gateway"'
          : 'Bearer realm="amicited-gateway", error="invalid_token", error_description="unknown or revoked token"';
      return sendJson(
        res,
        401,
        rpcError(
          -32001,
          credential === "missing"
            ? "Unauthorized: send Authorization: Bearer <token>"
            : "Unauthorized: unknown or revoked token",
        ),
        { "www-authenticate": challenge },
      );
    }
    const sessionId = req.headers["mcp-session-id"];
    const existing = typeof sessionId === "string" ? sessions.touch(sessionId) : undefined;
    if (typeof sessionId === "string") {
      if (!existing)
        return sendJson(res, 404, rpcError(-32001, "Session not found: initialize a new session"));
      if (existing.tokenId !== credential.tokenId)
        return sendJson(
          res,
          403,
          rpcError(-32000, "Forbidden: this session belongs to another token"),
        );
    }
    if (req.method === "GET" || req.method === "DELETE") {
      if (!existing)
        return sendJson(
          res,
          400,
          rpcError(-32000, "Bad Request: Mcp-Session-Id header is required"),
        );
      return existing.transport.handleRequest(req, res);
    }
    if (req.method !== "POST")
      return sendJson(res, 405, rpcError(-32000, "Method not allowed"), {
        allow: "GET, POST, DELETE",
      });
    const raw = await readBody(req, maxBody);
    if (raw === "too-large")
      return sendJson(res, 413, rpcError(-32600, `Request body exceeds ${maxBody} bytes`));
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch (error) {
      return sendJson(res, 400, rpcError(-32700, `Parse error: ${(error as Error).message}`));
    }
    if (existing) return existing.transport.handleRequest(req, res, body);
    // 2026-07-28: no session, one Server for this request only (modern-http.ts).
    if (isModernPost(req, body))
      return answerModernPost(req, res, body, () =>
        createSessionServer(gateway, credential, url.searchParams.get("toolsets") ?? undefined),
      );
    const initializing = Array.isArray(body)
      ? body.some((message) => isInitializeRequest(message))
      : isInitializeRequest(body);
    if (!initializing)
      return sendJson(
        res,
        400,
        rpcError(-32000, "Bad Request: no valid session; send initialize first"),
      );
    const slot = sessions.reserve(credential.tokenId);
    if ("message" in slot)
      return sendJson(res, 503, rpcError(-32000, slot.message, initializeId(body)), {
        "retry-after": String(slot.retryAfterSeconds),
      });
    const server = createSessionServer(
      gateway,
      credential,
      url.searchParams.get("toolsets") ?? undefined,
    );
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
      sendJson(res, 500, rpcError(-32603, `Internal error: ${(error as Error).message}`)),
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
