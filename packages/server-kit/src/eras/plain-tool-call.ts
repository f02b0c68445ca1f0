// The common tools/call, checked by hand: what `checkedRequest("tools/call", CallToolRequestSchema)`
// returns for it, without running zod. A `_meta` is taken when it holds only W3C trace context
// (string `traceparent`, `tracestate`, `baggage`): a traced client sends one on every call, and
// nothing a handler does depends on it (the server span is parented on the wire, by the transport's
// observer, before any dispatch; the handler reaches that span through `traceParentOf(extra)`).
// Anything else (a progress token or other `_meta` key, `task`, other keys, an own `__proto__`,
// which zod drops) is left to the schema, so the two never disagree; a test compares them on
// hand-made and generated requests.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isPlainJsonObject } from "../json-object";

/** The W3C trace context a plain tools/call may carry in `params._meta`. */
export interface TraceContextMeta {
  traceparent?: string;
  tracestate?: string;
  baggage?: string;
}

/** A tools/call request as the checked schema returns it. */
export interface PlainToolCall {
  method: "tools/call";
  params: { name: string; arguments?: Record<string, unknown>; _meta?: TraceContextMeta };
}

// baggage travels with traceparent in OpenTelemetry's propagators and telemetry passes it upstream
// as it does tracestate; on the SDK's path no handler reads any of the three either.
function isTraceContextKey(key: string): key is keyof TraceContextMeta {
  return key === "traceparent" || key === "tracestate" || key === "baggage";
}

/** A copy of `meta` when it is an object of trace context strings only (as the schema copies it), else undefined. */
function traceContextMeta(meta: unknown): TraceContextMeta | undefined {
  if (!isPlainJsonObject(meta)) return undefined;
  const copy: TraceContextMeta = {};
  for (const key of Object.keys(meta)) {
    const value = meta[key];
    if (!isTraceContextKey(key) || typeof value !== "string") return undefined;
    copy[key] = value;
  }
  return copy;
}

/**
 * `{ method, params: { name, arguments?, _meta? } }` for a tools/call whose params hold only a
 * string `name`, an object `arguments` and a `_meta` of trace context strings; undefined for
 * anything else (the schema then decides).
 *
 * @example { schema: checkedRequest("tools/call", CallToolRequestSchema), handle, quickParse: plainToolCall }
 */
export function plainToolCall(message: JSONRPCMessage): PlainToolCall | undefined {
  if (!("method" in message) || message.method !== "tools/call") return undefined;
  const params: unknown = message.params;
  if (!isPlainJsonObject(params) || typeof params.name !== "string") return undefined;
  const call: PlainToolCall = { method: "tools/call", params: { name: params.name } };
  for (const key of Object.keys(params)) {
    if (key === "name") continue;
    if (key === "arguments") {
      if (!isPlainJsonObject(params.arguments)) return undefined;
      call.params.arguments = { ...params.arguments };
    } else if (key === "_meta") {
      const meta = traceContextMeta(params._meta);
      if (meta === undefined) return undefined;
      call.params._meta = meta;
    } else return undefined;
  }
  return call;
}
