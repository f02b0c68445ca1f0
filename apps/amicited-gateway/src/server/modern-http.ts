// The gateway's 2026-07-28 edge over HTTP: a request that carries the per-request envelope (or
// names the revision in MCP-Protocol-Version) is answered statelessly, with no Mcp-Session-Id:
// routing headers checked (-32020), then one Server built for this request from the credential
// and ?toolsets=, answered as JSON, closed. Any instance can answer any such request.
// http.ts hands these requests here; the 2025 handshake stays on the session path.
import type http from "node:http";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  answerStatelessRequest,
  checkRoutingHeaders,
  isModernHttpRequest,
  modernHttpStatus,
  type ConnectableServer,
  type RoutingHeaders,
} from "@foundry-mcp/server-kit";
import { GATEWAY_IDENTITY } from "./identity";

function headerOf(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The routing headers of one HTTP request. */
export function routingHeaders(req: http.IncomingMessage): RoutingHeaders {
  return { protocolVersion: headerOf(req, "mcp-protocol-version"), method: headerOf(req, "mcp-method"), name: headerOf(req, "mcp-name") };
}

/** True when this POST (outside any session) is of the 2026-07-28 era. */
export function isModernPost(req: http.IncomingMessage, body: unknown): boolean {
  return isModernHttpRequest(routingHeaders(req), body);
}

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Answers one modern request; `createServer` builds the Server of this request's credential. */
export async function answerModernPost(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: unknown,
  createServer: () => ConnectableServer,
): Promise<void> {
  const parsed = JSONRPCMessageSchema.safeParse(body);
  const rawId = (body as { id?: unknown }).id;
  const id = typeof rawId === "string" || typeof rawId === "number" ? rawId : null;
  if (!parsed.success || !("method" in parsed.data)) {
    return reply(res, 400, { jsonrpc: "2.0", id, error: { code: -32600, message: "Bad Request: the body is not a JSON-RPC request or notification." } });
  }
  const message = parsed.data;
  const headerError = checkRoutingHeaders(routingHeaders(req), message);
  if (headerError) return reply(res, 400, { jsonrpc: "2.0", id, error: headerError });
  const abort = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  const answer = await answerStatelessRequest(createServer, GATEWAY_IDENTITY, message, abort.signal);
  if (answer === undefined) {
    res.writeHead(202).end();
    return;
  }
  reply(res, modernHttpStatus(answer), answer);
}
