// How a served request's span reaches the client spans of the upstream calls made for it, with
// no AsyncLocalStorage (otlp/span-recorder.ts says why): TracedServerTransport hands each measured request
// to the SDK with its own `extra.requestInfo` object and files the operation under that object;
// the handler's `extra` then names it (`traceParentOf(extra)`), the caller passes the result down
// its call path (client-manager's CallToolOptions.trace) and the upstream request carries it in
// params._meta, where TracedClientTransport reads it as the client span's parent.
import type { MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import type { Operation } from "./telemetry";
import type { TraceParent } from "./trace-context";

// The operation rides on the requestInfo object this module made for the request, under a symbol
// key (invisible to JSON and to string-keyed reads): it lives exactly as long as that object. A
// WeakMap entry per request cost more to set and made every garbage collection walk its entries.
const OPERATION = Symbol("@foundry-mcp/telemetry.operation");
type FiledRequestInfo = { [OPERATION]?: Operation };

/** @internal The `extra` to deliver a request with, its requestInfo filed under `operation`. */
export function extraFiledUnder(operation: Operation, extra: MessageExtraInfo | undefined): MessageExtraInfo {
  // A fresh requestInfo per request: an HTTP batch shares one between its requests.
  const requestInfo: NonNullable<MessageExtraInfo["requestInfo"]> & FiledRequestInfo = extra?.requestInfo ? { ...extra.requestInfo } : { headers: {} };
  requestInfo[OPERATION] = operation;
  return extra === undefined ? { requestInfo } : { ...extra, requestInfo };
}

/**
 * The trace context of the request a handler is serving (its server span), to pass to the
 * upstream calls it makes; undefined when spans are not exported or the request was not measured.
 *
 * @example const trace = traceParentOf(extra); await manager.callTool(name, args, trace ? { trace } : {});
 */
export function traceParentOf(extra: { requestInfo?: unknown } | undefined): TraceParent | undefined {
  const requestInfo = extra?.requestInfo;
  if (typeof requestInfo !== "object" || requestInfo === null) return undefined;
  return (requestInfo as FiledRequestInfo)[OPERATION]?.traceParent();
}
