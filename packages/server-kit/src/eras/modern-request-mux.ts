// Every 2026-07-28 request of many HTTP clients through one long-lived Server. The revision is
// stateless, so when the Server is the same for every caller (foya serve: one registry, one
// token) building one per request, as answerStatelessRequest does for the gateway's
// per-credential servers, costs more than the call itself. `requestServer()` hands
// answerStatelessRequest (and so answerModernPost) a stand-in whose connect() joins the shared
// Server instead: each request gets a fresh wire id on the way in (two clients may both send
// id 1) and its own id back on the way out; notifications the Server relates to it (progress)
// follow it; closing the stand-in before the answer cancels the request with
// notifications/cancelled.
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { ConnectableServer } from "./stateless-request";

type WireId = string | number;

interface Route {
  transport: Transport;
  originalId?: WireId;
}

/** The transport the shared Server is connected to: it sends each message back to its request. */
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
    if (typeof wireId !== "number") return;
    const route = this.routes.get(wireId);
    if (!route) return;
    if (!isAnswer) return route.transport.send(message);
    this.routes.delete(wireId);
    return route.transport.send({ ...message, id: route.originalId } as JSONRPCMessage);
  }

  async close(): Promise<void> {
    this.routes.clear();
    this.onclose?.();
  }
}

/**
 * One Server answering every modern request.
 *
 * @example const mux = await ModernRequestMux.connect(server); await answerModernPost(req, res, body, () => mux.requestServer(), identity);
 */
export class ModernRequestMux {
  private nextId = 1;

  private constructor(
    private readonly channel: SharedChannel,
    private readonly server: ConnectableServer,
  ) {}

  /** Connects the shared `server`. */
  static async connect(server: ConnectableServer): Promise<ModernRequestMux> {
    const channel = new SharedChannel();
    await server.connect(channel);
    return new ModernRequestMux(channel, server);
  }

  /** Requests waiting for their answer now. */
  get inFlight(): number {
    return this.channel.routes.size;
  }

  /** A stand-in Server for one request; its transport's messages go to the shared Server. */
  requestServer(): ConnectableServer {
    const { channel } = this;
    const mine = new Set<number>();
    return {
      connect: async (transport) => {
        transport.onmessage = (message) => {
          const isRequest = "method" in message && "id" in message;
          // Client notifications name no muxed request (stateless clients cancel by hanging up).
          if (!isRequest) return;
          const wireId = this.nextId++;
          mine.add(wireId);
          channel.routes.set(wireId, { transport, originalId: message.id });
          channel.onmessage?.({ ...message, id: wireId } as JSONRPCMessage);
        };
        await transport.start();
      },
      close: async () => {
        for (const wireId of mine) {
          if (!channel.routes.delete(wireId)) continue;
          channel.onmessage?.({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: wireId, reason: "the client went away" } });
        }
      },
    };
  }

  /** Closes the shared Server. */
  async close(): Promise<void> {
    await this.server.close().catch(() => undefined);
  }
}
