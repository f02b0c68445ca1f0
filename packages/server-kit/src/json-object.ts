// The narrower object the SDK's zod schemas keep unchanged. JSON-RPC's own object (params, _meta,
// capabilities: not null, not an array) is core's isJsonObject.
import { isJsonObject } from "@foundry-mcp/core";

/** A JSON object the SDK's zod schemas keep as it is: no own `__proto__` (JSON.parse makes one; zod drops it). */
export function isPlainJsonObject(value: unknown): value is Record<string, unknown> {
  return isJsonObject(value) && !Object.hasOwn(value, "__proto__");
}
