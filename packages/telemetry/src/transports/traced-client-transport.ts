// A transport decorator around ClientOperations, for a library user whose client has no wire
// layer of its own to call the observer from. client-manager does not use it: its
// NegotiatingTransport calls ClientOperations itself, so no telemetry layer sits on an upstream
// call's path (docs/decisions/0019).
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { ClientOperations, type ClientOperationsOptions } from "../observers/client-operations";

/** Options of a TracedClientTransport. */
export type TracedClientOptions = ClientOperationsOptions;

/**
 * Measures the requests sent through `inner`.
 *
 * @example await client.connect(new TracedClientTransport(transport, { transport: "pipe", upstream: "memory" }));
 */
export class TracedClientTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly operations: ClientOperations;

  constructor(
    private readonly inner: Transport,
    options: TracedClientOptions,
  ) {
    this.operations = new ClientOperations(options);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.operations.received(message);
      this.onmessage?.(message, extra);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => {
      this.operations.closed();
      this.onclose?.();
    };
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    try {
      await this.inner.send(this.operations.sending(message, this.inner.sessionId), options);
    } catch (error) {
      this.operations.sendFailed(message);
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.operations.setProtocolVersion(version);
    this.inner.setProtocolVersion?.(version);
  }
}
