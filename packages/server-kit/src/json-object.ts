// What the package's checks mean by an object, in one place: JSON-RPC's object (params, _meta,
// capabilities), and the narrower one the SDK's zod schemas keep unchanged.

/** An object as JSON-RPC means it: not null, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON object the SDK's zod schemas keep as it is: no own `__proto__` (JSON.parse makes one; zod drops it). */
export function isPlainJsonObject(value: unknown): value is Record<string, unknown> {
  return isJsonObject(value) && !Object.hasOwn(value, "__proto__");
}
