// A transport decorator around ServerOperations, for a library user whose server has no wire
// layer of its own to call the observer from. The apps do not use it: server-kit's
// DualEraTransport and session transports call ServerOperations themselves, so no telemetry layer
// sits on their request path (docs/decisions/0019).
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { ServerOperations, type ServerOperationsOptions } from "../observers/server-operations";

/** Options of a TracedServerTransport. */
export type TracedServerOptions = ServerOperationsOptions;

/**
 * Measures the requests `inner` delivers.
 *
 * @example await server.connect(new TracedServerTransport(transport, { transport: "tcp" }));
 */
export class TracedServerTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly operations: ServerOperations;

  constructor(
    private readonly inner: Transport,
    options: TracedServerOptions,
  ) {
    this.operations = new ServerOperations(options);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.onmessage?.(message, this.operations.received(message, extra, this.inner.sessionId));
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => {
      this.operations.closed();
      this.onclose?.();
    };
    await this.inner.start();
  }

  // Not async: the inner send's promise is the answer (no wrapper promise and tick per message).
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.operations.sent(message);
    return this.inner.send(message, options);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.operations.setProtocolVersion(version);
    this.inner.setProtocolVersion?.(version);
  }
}
