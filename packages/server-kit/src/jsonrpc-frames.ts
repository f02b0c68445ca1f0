// What LineStdioTransport says about a frame: whether it is plainly a request or notification
// (checked without the SDK's schema), and for one it cannot deliver, the id to answer with and
// why the message is invalid, in the exact sentences its error replies carry.

import { isJsonObject, isPlainJsonObject } from "./json-object";

/** A JSON-RPC id as it appears on the wire. */
export type WireId = string | number | null;

/** The id of a parsed frame when it is a usable one (string or number), else null. */
export function wireIdOf(value: unknown): WireId {
  if (typeof value !== "object" || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

/** Why a parsed JSON value is not a JSON-RPC message, as the -32600 reply says it. */
export function describeInvalid(value: unknown): string {
  if (typeof value !== "object" || value === null) return "a message must be a JSON object.";
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== "2.0") return '"jsonrpc" must be "2.0".';
  if ("method" in message && typeof message.method !== "string") return '"method" must be a string.';
  if ("id" in message && wireIdOf(value) === null) return '"id" must be a string or a number.';
  if ("params" in message && !isJsonObject(message.params)) {
    return '"params" must be an object.';
  }
  return "not a JSON-RPC request, notification or response.";
}

const REQUEST_KEYS = new Set(["jsonrpc", "id", "method", "params"]);

/**
 * Whether `value` is a request or notification the SDK's JSONRPCMessageSchema certainly accepts
 * as it is: only the four keys, "2.0", a string method, a string or safe-integer id, params an
 * object without `_meta` (or an own `__proto__`). False means "not certain" (a response, `_meta`, anything odd): the
 * caller then asks the schema. Saves the schema's union of four strict objects on the common case.
 */
export function isPlainRequest(value: unknown): value is { jsonrpc: "2.0"; id?: string | number; method: string; params?: Record<string, unknown> } {
  if (!isJsonObject(value)) return false;
  const message = value;
  for (const key of Object.keys(message)) if (!REQUEST_KEYS.has(key)) return false;
  if (message.jsonrpc !== "2.0" || typeof message.method !== "string") return false;
  const { id, params } = message;
  if ("id" in message && typeof id !== "string" && !Number.isSafeInteger(id)) return false;
  if (params === undefined) return !("params" in message);
  return isPlainJsonObject(params) && !("_meta" in params);
}
