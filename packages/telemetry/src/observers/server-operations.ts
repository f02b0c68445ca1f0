// The server side's measurement of one connection's requests, called by whichever layer already
// sees the connection's wire messages: server-kit's DualEraTransport (stdio, stateless HTTP, the
// shared 2026 server), its 2025-era session transport, client-manager's HttpSessionTransport; and
// TracedServerTransport, for a library user with no such layer of their own. No transport of its
// own, so measuring adds no layer to the request's path. Each request that arrives starts an
// operation (a span only when spans are exported, parented on params._meta.traceparent), the answer
// ends it: the duration histogram and refusals counter on /metrics, the span and the OTLP
// histogram when exporting. A traced request is handed on with its own extra.requestInfo filed
// under its operation, so a handler can pass the span on to its upstream calls (traceParentOf).
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { operationFacts, type NetworkTransport } from "../semconv";
import { currentTelemetry } from "../telemetry";
import { extraFiledUnder } from "../trace-parent";
import { ConnectionOperations } from "./connection-operations";

/** What a server-side observer reports about its connection. */
export interface ServerOperationsOptions {
  transport: NetworkTransport;
  /** The session's id when the wire layer does not know it (a session restored from a store). */
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
 * Measures the requests of one server connection; the layer that owns the wire calls it.
 *
 * @example const observer = new ServerOperations({ transport: "pipe" }); inner.onmessage = (m, e) => deliver(m, observer.received(m, e, inner.sessionId)); // and observer.sent(answer) before each send
 */
export class ServerOperations extends ConnectionOperations {

  constructor(private readonly options: ServerOperationsOptions) {
    super();
    this.protocolVersion = options.protocolVersion;
  }

  /** A message from the client: a request starts an operation. Returns the extra to hand the message on with. */
  received(message: JSONRPCMessage, extra: MessageExtraInfo | undefined, sessionId: string | undefined): MessageExtraInfo | undefined {
    const telemetry = currentTelemetry();
    if (!telemetry.measuring) return extra;
    const facts = operationFacts(message);
    const id = (message as { id?: unknown }).id;
    if (!facts || !this.pending.hasRoom(id)) {
      const cancelled = cancelledRequestId(message);
      if (cancelled !== undefined) this.pending.abandon(cancelled, "cancelled");
      return extra;
    }
    const operation = telemetry.startOperation("server", facts, {
      transport: this.options.transport,
      sessionId: sessionId ?? this.options.sessionId,
      protocolVersion: this.protocolVersion,
    });
    this.pending.add(id, operation);
    return operation.traced ? extraFiledUnder(operation, extra) : extra;
  }

  /** A message to the client, just before it is written: an answer ends its request's operation. */
  sent(message: JSONRPCMessage): void {
    this.answered(message);
  }
}
