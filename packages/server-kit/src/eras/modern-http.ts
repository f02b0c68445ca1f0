// One 2026-07-28 request over Streamable HTTP, answered with no session: the body must be one
// JSON-RPC request or notification (-32600), the routing headers must agree with it (-32020),
// then a Server built for this request answers through answerStatelessRequest and the answer goes
// out with the revision's HTTP status. A request that asked for progress (`_meta.progressToken`)
// and accepts `text/event-stream` gets an SSE stream: its progress notifications as they happen,
// then the answer. Any process can answer any such request. The gateway and the conformance
// fixture serve through answerModernPost (a Server per request); `foya serve --http` through
// serveModernPost with one shared server (shared-modern-server.ts).
import type http from "node:http";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { checkRoutingHeaders, isModernHttpRequest, modernHttpStatus, type RoutingHeaders } from "./http-headers";
import { answerStatelessRequest, type ConnectableServer } from "./stateless-request";
import type { ServerIdentity } from "./modern-result";

function headerOf(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The routing headers of one HTTP request. */
export function routingHeadersOf(req: http.IncomingMessage): RoutingHeaders {
  return { protocolVersion: headerOf(req, "mcp-protocol-version"), method: headerOf(req, "mcp-method"), name: headerOf(req, "mcp-name") };
}

/** True when this POST (outside any session) is of the 2026-07-28 era. */
export function isModernPost(req: http.IncomingMessage, body: unknown): boolean {
  return isModernHttpRequest(routingHeadersOf(req), body);
}

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function progressTokenOf(message: JSONRPCMessage): unknown {
  const params = (message as { params?: { _meta?: { progressToken?: unknown } } }).params;
  return params?._meta?.progressToken;
}

/**
 * Answers one modern message: the JSON-RPC answer (undefined for a notification). `signal` aborts
 * when the client hangs up; `onNotification`, when set, receives the request's progress.
 */
export type ModernAnswerer = (message: JSONRPCMessage, signal: AbortSignal, onNotification?: (notification: JSONRPCMessage) => void) => Promise<JSONRPCMessage | undefined>;

/**
 * Serves one modern POST with `answer` (a Server per request, or one shared server): the body
 * check (-32600), the routing headers (-32020), the hang-up abort, SSE when progress was asked.
 *
 * @example if (isModernPost(req, body)) return serveModernPost(req, res, body, (message, signal, onNote) => shared.answer(message, signal, onNote));
 */
export async function serveModernPost(req: http.IncomingMessage, res: http.ServerResponse, body: unknown, answer: ModernAnswerer): Promise<void> {
  const parsed = JSONRPCMessageSchema.safeParse(body);
  const rawId = (body as { id?: unknown }).id;
  const id = typeof rawId === "string" || typeof rawId === "number" ? rawId : null;
  if (!parsed.success || !("method" in parsed.data)) {
    return reply(res, 400, { jsonrpc: "2.0", id, error: { code: -32600, message: "Bad Request: the body is not a JSON-RPC request or notification." } });
  }
  const message = parsed.data;
  const headerError = checkRoutingHeaders(routingHeadersOf(req), message);
  if (headerError) return reply(res, 400, { jsonrpc: "2.0", id, error: headerError });
  const abort = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  const streaming = "id" in message && progressTokenOf(message) !== undefined && (headerOf(req, "accept") ?? "").includes("text/event-stream");
  const writeEvent = (event: JSONRPCMessage): void => {
    if (!res.headersSent) res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write(`event: message\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const answered = await answer(message, abort.signal, streaming ? writeEvent : undefined);
  if (answered === undefined) {
    res.writeHead(202).end();
    return;
  }
  if (!res.headersSent) return reply(res, modernHttpStatus(answered), answered);
  writeEvent(answered);
  res.end();
}

/**
 * Answers one modern POST with a Server built for it; `createServer` builds it (its credential, its view).
 *
 * @example if (isModernPost(req, body)) return answerModernPost(req, res, body, () => createServer(credential), identity);
 */
export function answerModernPost(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: unknown,
  createServer: () => ConnectableServer,
  identity: ServerIdentity,
): Promise<void> {
  return serveModernPost(req, res, body, (message, signal, onNotification) => answerStatelessRequest(createServer, identity, message, signal, onNotification));
}
