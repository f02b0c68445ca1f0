// The common tools/call, checked by hand: what `checkedRequest("tools/call", CallToolRequestSchema)`
// returns for it, without running zod. A `_meta` is taken when it holds only W3C trace context
// (trace-context-meta.ts): a traced client sends one on every call, and nothing a handler does
// depends on it (the server span is parented on the wire, by the transport's observer, before any
// dispatch; the handler reaches that span through `traceParentOf(extra)`).
// Anything else (a progress token or other `_meta` key, `task`, other keys, an own `__proto__`,
// which zod drops) is left to the schema, so the two never disagree; a test compares them on
// hand-made and generated requests.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isPlainJsonObject } from "../json-object";
import { holdsOnlyTraceContext, type TraceContextMeta } from "../trace-context-meta";

/** A tools/call request as the checked schema returns it. */
export interface PlainToolCall {
  method: "tools/call";
  params: { name: string; arguments?: Record<string, unknown>; _meta?: TraceContextMeta };
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
      const meta = params._meta;
      if (!isPlainJsonObject(meta) || !holdsOnlyTraceContext(meta)) return undefined;
      call.params._meta = { ...meta }; // a copy, as the schema's
    } else return undefined;
  }
  return call;
}
