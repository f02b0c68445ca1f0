// The common tools/call, checked by hand: what `checkedRequest("tools/call", CallToolRequestSchema)`
// returns for it, without running zod. Anything else (`_meta`, `task`, other keys, an own
// `__proto__`, which zod drops) is left to the schema, so the two never disagree; a test
// compares them on hand-made and generated requests.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isPlainJsonObject } from "../json-object";

/** A tools/call request as the checked schema returns it. */
export interface PlainToolCall {
  method: "tools/call";
  params: { name: string; arguments?: Record<string, unknown> };
}

/**
 * `{ method, params: { name, arguments? } }` for a tools/call whose params hold only a string
 * `name` and an object `arguments`; undefined for anything else (the schema then decides).
 *
 * @example { schema: checkedRequest("tools/call", CallToolRequestSchema), handle, quickParse: plainToolCall }
 */
export function plainToolCall(message: JSONRPCMessage): PlainToolCall | undefined {
  if (!("method" in message) || message.method !== "tools/call") return undefined;
  const params: unknown = message.params;
  if (!isPlainJsonObject(params) || typeof params.name !== "string") return undefined;
  for (const key of Object.keys(params)) if (key !== "name" && key !== "arguments") return undefined;
  if (!("arguments" in params)) return { method: "tools/call", params: { name: params.name } };
  if (!isPlainJsonObject(params.arguments)) return undefined;
  return { method: "tools/call", params: { name: params.name, arguments: { ...params.arguments } } };
}
