// The server side's one instrumentation point: a transport decorator that starts an operation
// (span + duration) for every request that arrives and ends it when the answer leaves. server-kit's
// DualEraTransport wraps its inner transport in one, so every request of both eras on stdio and
// stateless HTTP is measured; the apps' 2025-era HTTP sessions wrap theirs. A traced request is
// delivered with its own extra.requestInfo filed under its operation, so a handler can pass the
// span on to the upstream calls it makes (trace-parent.ts's traceParentOf).
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { negotiatedVersion, operationFacts, type NetworkTransport } from "../semconv";
import { currentTelemetry } from "../telemetry";
import { extraFiledUnder } from "../trace-parent";
import { PendingOperations } from "./pending-operations";

/** Options of a TracedServerTransport. */
export interface TracedServerOptions {
  transport: NetworkTransport;
  /** The session's id when the inner transport does not know it (a session restored from a store). */
  sessionId?: string | undefined;
  /** The version a restored session settled on earlier (its initialize is not on this connection). */
  protocolVersion?: string | undefined;
}

function cancelledRequestId(message: JSONRPCMessage): unknown {
  if (!("method" in message) || message.method !== "notifications/cancelled" || "id" in message) return undefined;
  const params = message.params as Record<string, unknown> | undefined;
  return params?.requestId;
}

/**
 * Measures the requests `inner` delivers.
 *
 * @example await server.connect(new TracedServerTransport(transport, { transport: "tcp" }));
 */
export class TracedServerTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly pending = new PendingOperations();
  private protocolVersion: string | undefined;

  constructor(
    private readonly inner: Transport,
    private readonly options: TracedServerOptions,
  ) {
    this.protocolVersion = options.protocolVersion;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.receive(message, extra);
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => {
      this.pending.abandonAll("transport_closed");
      this.onclose?.();
    };
    await this.inner.start();
  }

  private receive(message: JSONRPCMessage, extra: MessageExtraInfo | undefined): void {
    const facts = operationFacts(message);
    const id = (message as { id?: unknown }).id;
    if (!facts || !this.pending.hasRoom(id)) {
      const cancelled = cancelledRequestId(message);
      if (cancelled !== undefined) this.pending.abandon(cancelled, "cancelled");
      this.onmessage?.(message, extra);
      return;
    }
    const operation = currentTelemetry().startOperation("server", facts, {
      transport: this.options.transport,
      sessionId: this.inner.sessionId ?? this.options.sessionId,
      protocolVersion: this.protocolVersion,
    });
    this.pending.add(id, operation);
    this.onmessage?.(message, operation.traced ? extraFiledUnder(operation, extra) : extra);
  }

  // Not async: the inner send's promise is the answer (no wrapper promise and tick per message).
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // The 2025 era settles the version in initialize's answer; later requests carry it as attribute.
    this.protocolVersion = negotiatedVersion(message) ?? this.protocolVersion;
    this.pending.answer(message);
    return this.inner.send(message, options);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.inner.setProtocolVersion?.(version);
  }
}
