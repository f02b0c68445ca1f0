// 2026-07-28 requests over `foya serve --http`: no session, so every one goes through one shared
// aggregating server (the same for every caller: one registry, one token) instead of a Server
// built per request. Each request gets a fresh wire id on the way in (two clients may both send
// id 1) and its own id back on the way out; notifications the server relates to it (progress)
// follow it onto an SSE answer when the client asked for progress; a client that hangs up cancels
// its request (notifications/cancelled into the server, so the upstream call is aborted). The
// envelope, server/discover and the result form are server-kit's DualEraTransport; the routing
// headers and HTTP statuses its http-headers.
import type http from "node:http";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { checkRoutingHeaders, DualEraTransport, isModernHttpRequest, modernHttpStatus, sendJson, type ConnectableServer, type RoutingHeaders, type ServerIdentity } from "@foundry-mcp/server-kit";

type WireId = string | number;

/** Where the shared server's messages about one request go. */
interface Route {
  id: WireId;
  onNotification?: (message: JSONRPCMessage) => void;
  resolve: (message: JSONRPCMessage) => void;
}

/** The channel under the shared server: each message goes back to the request it belongs to. */
class SharedChannel implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly routes = new Map<number, Route>();

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const isAnswer = "id" in message && !("method" in message);
    const wireId = isAnswer ? message.id : options?.relatedRequestId;
    // Unrelated notifications (list_changed, logs) have no stream in a stateless answer: dropped.
    const route = typeof wireId === "number" ? this.routes.get(wireId) : undefined;
    if (!route) return;
    if (!isAnswer) return route.onNotification?.(message);
    this.routes.delete(wireId as number);
    route.resolve({ ...message, id: route.id } as JSONRPCMessage);
  }

  async close(): Promise<void> {
    const waiting = [...this.routes.values()];
    this.routes.clear();
    for (const route of waiting) route.resolve({ jsonrpc: "2.0", id: route.id, error: { code: -32000, message: "Request cancelled: foya serve is shutting down." } } as JSONRPCMessage);
    this.onclose?.();
  }
}

/** One shared server answering every modern request it is handed. */
export class ModernRequests {
  private nextId = 1;

  private constructor(
    private readonly channel: SharedChannel,
    private readonly server: ConnectableServer,
  ) {}

  /** Connects `server` pinned to 2026-07-28 (initialize is refused with -32022). */
  static async connect(server: ConnectableServer, identity: ServerIdentity): Promise<ModernRequests> {
    const channel = new SharedChannel();
    await server.connect(new DualEraTransport(channel, identity, { modernOnly: true }));
    return new ModernRequests(channel, server);
  }

  /** Requests waiting for their answer now. */
  get inFlight(): number {
    return this.channel.routes.size;
  }

  /** The answer to `message` (undefined for a notification); an abort cancels it in the server. */
  answer(message: JSONRPCMessage, signal?: AbortSignal, onNotification?: (message: JSONRPCMessage) => void): Promise<JSONRPCMessage | undefined> {
    // Client notifications cannot name a muxed request (stateless clients cancel by hanging up).
    if (!("method" in message) || !("id" in message)) return Promise.resolve(undefined);
    const wireId = this.nextId++;
    const { channel } = this;
    return new Promise((resolve) => {
      const onAbort = (): void => {
        if (!channel.routes.delete(wireId)) return;
        channel.onmessage?.({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: wireId, reason: "the client went away" } });
        resolve({ jsonrpc: "2.0", id: message.id, error: { code: -32000, message: "Request cancelled: the client went away." } } as JSONRPCMessage);
      };
      channel.routes.set(wireId, {
        id: message.id,
        onNotification,
        resolve: (answer) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(answer);
        },
      });
      signal?.addEventListener("abort", onAbort, { once: true });
      channel.onmessage?.({ ...message, id: wireId } as JSONRPCMessage);
    });
  }

  async close(): Promise<void> {
    await this.server.close().catch(() => undefined);
  }
}

const header = (req: http.IncomingMessage, name: string): string | undefined => [req.headers[name] ?? []].flat().join(", ") || undefined;
const routing = (req: http.IncomingMessage): RoutingHeaders => ({ protocolVersion: header(req, "mcp-protocol-version"), method: header(req, "mcp-method"), name: header(req, "mcp-name") });

/** True when this POST (outside any session) is of the 2026-07-28 era. */
export function isModernRequest(req: http.IncomingMessage, body: unknown): boolean {
  return isModernHttpRequest(routing(req), body);
}

/** Serves one modern POST through `requests`: JSON, or SSE when it asked for progress and accepts it. */
export async function serveModernPost(req: http.IncomingMessage, res: http.ServerResponse, body: unknown, requests: ModernRequests): Promise<void> {
  const parsed = JSONRPCMessageSchema.safeParse(body);
  const claimed = (body as { id?: unknown }).id;
  const id = typeof claimed === "string" || typeof claimed === "number" ? claimed : null;
  if (!parsed.success || !("method" in parsed.data)) return sendJson(res, 400, { jsonrpc: "2.0", id, error: { code: -32600, message: "Bad Request: the body is not a JSON-RPC request or notification." } });
  const problem = checkRoutingHeaders(routing(req), parsed.data);
  if (problem) return sendJson(res, 400, { jsonrpc: "2.0", id, error: problem });
  const hangUp = new AbortController();
  res.once("close", () => res.writableFinished || hangUp.abort());
  const wantsProgress = (parsed.data.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta?.progressToken !== undefined;
  const event = (message: JSONRPCMessage): void => {
    if (!res.headersSent) res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  };
  const streams = wantsProgress && (header(req, "accept") ?? "").includes("text/event-stream");
  const answer = await requests.answer(parsed.data, hangUp.signal, streams ? event : undefined);
  if (answer === undefined) return void res.writeHead(202).end();
  if (!res.headersSent) return sendJson(res, modernHttpStatus(answer), answer);
  event(answer);
  res.end();
}
