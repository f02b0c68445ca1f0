// The client side's one instrumentation point: client-manager wraps every upstream transport in
// one. Each request sent starts a client operation (span + duration) parented on the traceparent
// the caller put in its params._meta (the served request's span: trace-parent.ts), and, when
// spans are exported, carries its own traceparent to the upstream there instead (the convention's
// propagation); the answer ends it.
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { negotiatedVersion, operationFacts, type NetworkTransport } from "../semconv";
import { currentTelemetry } from "../telemetry";
import { PendingOperations } from "./pending-operations";

/** Options of a TracedClientTransport. */
export interface TracedClientOptions {
  transport: NetworkTransport;
  /** The upstream's configured name (a label of mcp_client_operation_duration_seconds). */
  upstream: string;
}

function withTraceContext(message: JSONRPCMessage, inject: (carrier: Record<string, unknown>) => void): JSONRPCMessage {
  const request = message as { params?: Record<string, unknown> };
  const meta: Record<string, unknown> = { ...((request.params?._meta as Record<string, unknown> | undefined) ?? {}) };
  inject(meta);
  return { ...message, params: { ...(request.params ?? {}), _meta: meta } } as JSONRPCMessage;
}

/**
 * Measures the requests sent through `inner`.
 *
 * @example await client.connect(new TracedClientTransport(transport, { transport: "pipe", upstream: "memory" }));
 */
export class TracedClientTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly pending = new PendingOperations();
  private protocolVersion: string | undefined;

  constructor(
    private readonly inner: Transport,
    private readonly options: TracedClientOptions,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.protocolVersion = negotiatedVersion(message) ?? this.protocolVersion;
      this.pending.answer(message);
      this.onmessage?.(message, extra);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => {
      this.pending.abandonAll("transport_closed");
      this.onclose?.();
    };
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const facts = operationFacts(message);
    const id = (message as { id?: unknown }).id;
    if (!facts || !this.pending.hasRoom(id)) return this.inner.send(message, options);
    const telemetry = currentTelemetry();
    const operation = telemetry.startOperation("client", facts, {
      transport: this.options.transport,
      sessionId: this.inner.sessionId,
      protocolVersion: this.protocolVersion,
      upstream: this.options.upstream,
    });
    this.pending.add(id, operation);
    const outgoing = telemetry.exporting ? withTraceContext(message, (carrier) => operation.inject(carrier)) : message;
    try {
      await this.inner.send(outgoing, options);
    } catch (error) {
      this.pending.abandon(id, "send_failed");
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.inner.setProtocolVersion?.(version);
  }
}
