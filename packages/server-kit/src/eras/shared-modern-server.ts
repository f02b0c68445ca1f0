// One SDK Server answering every 2026-07-28 request it is handed, for a process that serves one
// view to every caller (`foya serve --http`: one registry, one token) and would waste a Server
// per request. Each request gets a fresh wire id on the way in (two clients may both send id 1)
// and its own id back on the way out; notifications the server relates to it (progress) follow
// it; an aborted request is cancelled in the Server (notifications/cancelled, so its work stops).
// The envelope, server/discover, input-required results and the result form are DualEraTransport's.
// Serve it over HTTP with serveModernPost; answerStatelessRequest is the Server-per-request twin.
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { DualEraTransport } from "./dual-era-transport";
import type { ServerIdentity } from "./modern-result";
import type { ConnectableServer } from "./stateless-request";

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
    for (const route of waiting) route.resolve({ jsonrpc: "2.0", id: route.id, error: { code: -32000, message: "Request cancelled: the server is shutting down." } } as JSONRPCMessage);
    this.onclose?.();
  }
}

/**
 * One shared server answering every modern request it is handed.
 *
 * @example const shared = await SharedModernServer.connect(server, identity); await serveModernPost(req, res, body, (m, signal, note) => shared.answer(m, signal, note));
 */
export class SharedModernServer {
  private nextId = 1;

  private constructor(
    private readonly channel: SharedChannel,
    private readonly server: ConnectableServer,
  ) {}

  /** Connects `server` pinned to 2026-07-28 (initialize is refused with -32022). */
  static async connect(server: ConnectableServer, identity: ServerIdentity): Promise<SharedModernServer> {
    const channel = new SharedChannel();
    await server.connect(new DualEraTransport(channel, identity, { modernOnly: true }));
    return new SharedModernServer(channel, server);
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
