// How a served request's span reaches the client spans of the upstream calls made for it, with
// no AsyncLocalStorage (otlp/span-recorder.ts says why): TracedServerTransport hands each measured request
// to the SDK with its own `extra.requestInfo` object and files the operation under that object;
// the handler's `extra` then names it (`traceParentOf(extra)`), the caller passes the result down
// its call path (client-manager's CallToolOptions.trace) and the upstream request carries it in
// params._meta, where TracedClientTransport reads it as the client span's parent.
import type { MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import type { Operation } from "./telemetry";
import type { TraceParent } from "./trace-context";

// Weak: an entry lives as long as the SDK keeps the request's extra, nothing to bound or clear.
const operations = new WeakMap<object, Operation>();

/** @internal The `extra` to deliver a request with, its requestInfo filed under `operation`. */
export function extraFiledUnder(operation: Operation, extra: MessageExtraInfo | undefined): MessageExtraInfo {
  // A fresh requestInfo per request: an HTTP batch shares one between its requests.
  const requestInfo = { ...(extra?.requestInfo ?? { headers: {} }) };
  operations.set(requestInfo, operation);
  return { ...extra, requestInfo };
}

/**
 * The trace context of the request a handler is serving (its server span), to pass to the
 * upstream calls it makes; undefined when spans are not exported or the request was not measured.
 *
 * @example const trace = traceParentOf(extra); await manager.callTool(name, args, trace ? { trace } : {});
 */
export function traceParentOf(extra: { requestInfo?: unknown } | undefined): TraceParent | undefined {
  const key = extra?.requestInfo;
  if (typeof key !== "object" || key === null) return undefined;
  return operations.get(key)?.traceParent();
}
