// The client side's measurement of one upstream connection's requests, called by the layer that
// already sees the connection's wire messages (client-manager's NegotiatingTransport; for a
// library user with no such layer, TracedClientTransport). No transport of its own, so measuring
// adds no layer to the call's path. Each request sent starts a client operation parented on the
// traceparent the caller put in its params._meta (the served request's span: trace-parent.ts);
// only when spans are exported does the request leave with the operation's own traceparent there
// instead (the convention's propagation). With export off the message leaves as it came.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { operationFacts, type NetworkTransport } from "../semconv";
import { currentTelemetry, type Operation } from "../telemetry";
import { ConnectionOperations } from "./connection-operations";

/** What a client-side observer reports about its upstream. */
export interface ClientOperationsOptions {
  transport: NetworkTransport;
  /** The upstream's configured name (a label of mcp_client_operation_duration_seconds). */
  upstream: string;
}

// The caller's message, params and _meta are left as they are (the caller may keep them): one
// shallow copy of each, the operation's trace context written into the new _meta.
function withTraceContext(message: JSONRPCMessage, operation: Operation): JSONRPCMessage {
  const request = message as { params?: Record<string, unknown> };
  const meta: Record<string, unknown> = { ...(request.params?._meta as Record<string, unknown> | undefined) };
  operation.inject(meta);
  return { ...message, params: { ...request.params, _meta: meta } } as JSONRPCMessage;
}

/**
 * Measures the requests sent to one upstream; the layer that owns the wire calls it.
 *
 * @example const observer = new ClientOperations({ transport: "pipe", upstream: "memory" }); await inner.send(observer.sending(message, inner.sessionId)); // observer.received(m) for each message in
 */
export class ClientOperations extends ConnectionOperations {

  constructor(private readonly options: ClientOperationsOptions) {
    super();
  }

  /** A message about to be written: a request starts an operation. Returns the message to write. */
  sending(message: JSONRPCMessage, sessionId: string | undefined): JSONRPCMessage {
    const telemetry = currentTelemetry();
    if (!telemetry.measuring) return message;
    const facts = operationFacts(message);
    const id = (message as { id?: unknown }).id;
    if (!facts || !this.pending.hasRoom(id)) return message;
    const operation = telemetry.startOperation("client", facts, {
      transport: this.options.transport,
      sessionId,
      protocolVersion: this.protocolVersion,
      upstream: this.options.upstream,
    });
    this.pending.add(id, operation);
    return telemetry.exporting ? withTraceContext(message, operation) : message;
  }

  /** Writing `message` failed: its operation ends as `send_failed`. */
  sendFailed(message: JSONRPCMessage): void {
    if (!("method" in message)) return;
    this.pending.abandon((message as { id?: unknown }).id, "send_failed");
  }

  /** A message from the upstream: an answer ends its request's operation. */
  received(message: JSONRPCMessage): void {
    this.answered(message);
  }
}
