// What LineStdioTransport says about a frame: whether it is plainly a request or notification
// (checked without the SDK's schema), and for one it cannot deliver, the id to answer with and
// why the message is invalid, in the exact sentences its error replies carry.

import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isJsonObject } from "@foundry-mcp/core";
import { isPlainJsonObject } from "./json-object";
import { holdsOnlyTraceContext } from "./trace-context-meta";

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
  const meta = isJsonObject(message.params) ? message.params._meta : undefined;
  if (meta !== undefined && !isJsonObject(meta)) return '"params._meta" must be an object.';
  const progressToken = isJsonObject(meta) ? meta.progressToken : undefined;
  if (progressToken !== undefined && typeof progressToken !== "string" && !Number.isSafeInteger(progressToken)) {
    return '"params._meta.progressToken" must be a string or an integer.';
  }
  return "not a JSON-RPC request, notification or response.";
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * Why a parsed HTTP body cannot be a JSON-RPC message at all (null, a number, a string, a
 * boolean, an empty array, an array holding such values), as the -32600 reply says it; undefined
 * for an object or a non-empty array of objects, which the transports then check in detail.
 *
 * @example describeNonMessageBody(null) // "the body must be a JSON-RPC message object (or an array of them), not null."
 */
export function describeNonMessageBody(value: unknown): string | undefined {
  if (isJsonObject(value)) return undefined;
  const rule = "the body must be a JSON-RPC message object (or an array of them)";
  if (!Array.isArray(value)) return `${rule}, not ${kindOf(value)}.`;
  if (value.length === 0) return `${rule}, not an empty array.`;
  const index = value.findIndex((item) => !isJsonObject(item));
  return index === -1 ? undefined : `${rule}; item ${index} of the array is ${kindOf(value[index])}.`;
}

const REQUEST_KEYS = new Set(["jsonrpc", "id", "method", "params"]);

/**
 * Whether `value` is a request or notification the SDK's JSONRPCMessageSchema certainly accepts
 * as it is: only the four keys, "2.0", a string method, a string or safe-integer id, params an
 * object without an own `__proto__` whose `_meta`, if any, holds only trace context strings (a
 * traced client's request). False means "not certain" (a response, a progress token, anything
 * odd): the caller then asks the schema. Saves the schema's union of four strict objects on the common case.
 */
export function isPlainRequest(value: unknown): value is { jsonrpc: "2.0"; id?: string | number; method: string; params?: Record<string, unknown> } {
  if (!isJsonObject(value)) return false;
  const message = value;
  for (const key of Object.keys(message)) if (!REQUEST_KEYS.has(key)) return false;
  if (message.jsonrpc !== "2.0" || typeof message.method !== "string") return false;
  const { id, params } = message;
  if ("id" in message && typeof id !== "string" && !Number.isSafeInteger(id)) return false;
  if (params === undefined) return !("params" in message);
  if (!isPlainJsonObject(params)) return false;
  if (!("_meta" in params)) return true;
  const meta = params._meta;
  return isPlainJsonObject(meta) && holdsOnlyTraceContext(meta);
}

const RESPONSE_KEYS = new Set(["jsonrpc", "id", "result"]);

/**
 * Whether `value` is a result response the SDK's JSONRPCMessageSchema certainly accepts as it is:
 * only the three keys, "2.0", a string or safe-integer id, a result object without `_meta` (the
 * one field the schema checks inside it) or an own `__proto__`. False means "not certain" (an
 * error response, `_meta`, anything odd): the caller then asks the schema. What a client reads
 * most (every answer to its calls) is thus checked without the schema's union of four objects.
 */
export function isPlainResponse(value: unknown): value is { jsonrpc: "2.0"; id: string | number; result: Record<string, unknown> } {
  if (!isJsonObject(value)) return false;
  for (const key of Object.keys(value)) if (!RESPONSE_KEYS.has(key)) return false;
  const { id, result } = value;
  if (value.jsonrpc !== "2.0" || (typeof id !== "string" && !Number.isSafeInteger(id))) return false;
  return isPlainJsonObject(result) && !("_meta" in result);
}

/** What {@link checkMessage} makes of one parsed value: the message, or the -32600 reply's id and sentence. */
export type CheckedMessage = { ok: true; message: JSONRPCMessage } | { ok: false; id: WireId; error: string };

/**
 * Checks one parsed value as a JSON-RPC message the SDK's Protocol can handle (it drops anything
 * else without an answer, which leaves the client waiting). A failure carries the id to answer
 * with (null when unusable) and the full `Invalid Request: …` sentence.
 *
 * @example checkMessage({ jsonrpc: "2.0", id: 1, method: 42 }) // { ok: false, id: 1, error: 'Invalid Request: "method" must be a string.' }
 */
export function checkMessage(value: unknown): CheckedMessage {
  if (isPlainRequest(value) || isPlainResponse(value)) return { ok: true, message: value as JSONRPCMessage };
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (parsed.success) return { ok: true, message: parsed.data };
  return { ok: false, id: wireIdOf(value), error: `Invalid Request: ${describeInvalid(value)}` };
}
