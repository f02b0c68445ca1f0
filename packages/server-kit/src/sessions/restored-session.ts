// A transport decorator that gives a Server built for one HTTP request the state of the session
// the request belongs to: before the request's own messages arrive, it replays the session's
// initialize (protocol version, client capabilities and clientInfo, as stored when the session
// opened) and `notifications/initialized` into the Server and swallows the replayed answer. So
// any instance answers tools/list or tools/call of any session without a new handshake, and
// without keeping a Server per session. It also tells when every request it delivered has been
// answered, so the caller closes the Server then and not before (a cut stream's call goes on),
// and cancels what is still running when a JSON answer's client hangs up. Each request on the
// wire is measured by the ServerOperations observer it is given (the replayed initialize is not:
// it never was on the wire), called here rather than stacked as a layer (docs/decisions/0019).
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { ServerOperations } from "@foundry-mcp/telemetry";
import { closeProtocol } from "../protocol-close";
import type { StoredSession } from "./session-rows";

/** The id of the replayed initialize; the replay is over before any client message is delivered. */
const REPLAY_ID = "server-kit:restore-session";

const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } =>
  "method" in message && "id" in message;
const isAnswer = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } =>
  "id" in message && !("method" in message);

/** Wraps `inner`; `session` is undefined for the initialize that opens a session (nothing to replay). */
export class RestoredSessionTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly pending = new Set<RequestId>();
  private replayAnswered?: () => void;
  private whenIdle?: () => void;

  constructor(
    private readonly inner: Transport,
    private readonly session: StoredSession | undefined,
    private readonly operations: ServerOperations,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      if (isRequest(message)) this.pending.add(message.id);
      this.onmessage?.(message, this.operations.received(message, extra, this.inner.sessionId));
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => {
      this.operations.closed();
      closeProtocol(() => this.onclose?.());
    };
    await this.inner.start();
    if (!this.session) return;
    const answered = new Promise<void>((resolve) => (this.replayAnswered = resolve));
    this.onmessage?.({
      jsonrpc: "2.0",
      id: REPLAY_ID,
      method: "initialize",
      params: {
        protocolVersion: this.session.protocolVersion,
        capabilities: this.session.clientCapabilities,
        clientInfo: this.session.clientInfo as { name: string; version: string },
      },
    });
    await answered;
    this.onmessage?.({ jsonrpc: "2.0", method: "notifications/initialized" });
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.replayAnswered && isAnswer(message) && message.id === REPLAY_ID) {
      this.replayAnswered();
      this.replayAnswered = undefined;
      return;
    }
    this.operations.sent(message);
    try {
      await this.inner.send(message, options);
    } finally {
      if (isAnswer(message) && this.pending.delete(message.id) && this.pending.size === 0) this.whenIdle?.();
    }
  }

  /**
   * Cancels every request still running (its client hung up on a JSON answer, which nothing can
   * resume): the Server aborts their handlers and sends no answer, so they stop counting as pending.
   */
  cancelPending(reason: string): void {
    const running = [...this.pending];
    this.pending.clear();
    for (const requestId of running)
      this.onmessage?.({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId, reason } });
    this.whenIdle?.();
  }

  /** Resolves once every request delivered so far has been answered (or cancelled). */
  idle(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.whenIdle = resolve));
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.operations.setProtocolVersion(version);
    this.inner.setProtocolVersion?.(version);
  }
}
