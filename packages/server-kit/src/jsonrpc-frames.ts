// What LineStdioTransport says about a frame it cannot deliver: the id to answer with and why
// the message is invalid, in the exact sentences its error replies carry.

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
  if ("params" in message && (typeof message.params !== "object" || message.params === null || Array.isArray(message.params))) {
    return '"params" must be an object.';
  }
  return "not a JSON-RPC request, notification or response.";
}
