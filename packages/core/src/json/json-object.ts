// The one test for "is this value a JSON object" (not null, not an array): what parsed JSON,
// JSON-RPC params, config files and schemas are checked with before their fields are read.
// Structural on purpose: any non-array object passes (a Map or a Date too), as every copy this
// replaced did; callers that must refuse more (an own `__proto__`, say) add their rule on top.
// Telemetry keeps its own copy (packages/telemetry/src/semconv.ts): it has no dependencies.

/**
 * Whether `value` is an object as JSON means it: not null, not an array.
 *
 * @example isJsonObject({ a: 1 }) // true; isJsonObject([1]) and isJsonObject(null) // false
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `value` when it is a JSON object (see {@link isJsonObject}), else undefined: for reading nested
 * fields with `?.` (`asJsonObject(asJsonObject(message)?.params)?._meta`).
 */
export function asJsonObject(value: unknown): Record<string, unknown> | undefined {
  return isJsonObject(value) ? value : undefined;
}
