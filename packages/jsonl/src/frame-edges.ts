// Reads what an over-size JSON-RPC frame is from the few kilobytes kept of its two ends: its
// `id` and whether it is a request, a notification or a response. The frame itself is never
// parsed whole (it was too big to hold), so this is a small scanner over the frame's start
// (top-level keys in order, values skipped) plus one anchored pattern over its end, because the
// SDK writes `id` last (`{"method":…,"params":…,"jsonrpc":"2.0","id":7}`).

/** A JSON-RPC id as it appears on the wire. */
export type JsonRpcId = string | number | null;

/** What a discarded frame was, as far as its edges tell (a message with `method`, one with `result`/`error`, or neither). */
export type FrameKind = "request" | "response" | "unknown";

/** The readable parts of a frame's edges. `id` is undefined when neither edge shows it. */
export interface FrameEdges {
  id: JsonRpcId | undefined;
  kind: FrameKind;
}

const WHITESPACE = new Set([" ", "\t", "\r", "\n"]);
// `"id": <value>` as the last member of the top-level object: the `{` or `,` before it and the
// closing `}` after it rule out an `"id"` inside a nested value or a string.
const TRAILING_ID = /[{,]\s*"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|null)\s*\}\s*$/;

function skipWhitespace(text: string, at: number): number {
  let index = at;
  while (index < text.length && WHITESPACE.has(text[index] as string)) index++;
  return index;
}

/** End index (exclusive) of the string starting at `at` (a `"`), or -1 when the text stops first. */
function stringEnd(text: string, at: number): number {
  for (let index = at + 1; index < text.length; index++) {
    const char = text[index];
    if (char === "\\") index++;
    else if (char === '"') return index + 1;
  }
  return -1;
}

/** End index of the value at `at`, or -1 when the text stops inside it or it is malformed. */
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first === "{" || first === "[") {
    let depth = 0;
    for (let index = at; index < text.length; index++) {
      const char = text[index];
      if (char === '"') {
        const end = stringEnd(text, index);
        if (end === -1) return -1;
        index = end - 1;
      } else if (char === "{" || char === "[") depth++;
      else if (char === "}" || char === "]") {
        depth--;
        if (depth === 0) return index + 1;
      }
    }
    return -1;
  }
  let index = at;
  while (index < text.length && !WHITESPACE.has(text[index] as string) && !",}]".includes(text[index] as string)) index++;
  // A literal or number that runs to the end of the kept text may be cut short.
  return index === at || index === text.length ? -1 : index;
}

function parseId(raw: string): JsonRpcId | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "string" || typeof value === "number" || value === null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Top-level keys of the object that `head` starts, in order, and the `id` if it is among them. */
function scanHead(head: string): { keys: Set<string>; id: JsonRpcId | undefined } {
  const keys = new Set<string>();
  let id: JsonRpcId | undefined;
  let index = skipWhitespace(head, 0);
  if (head[index] !== "{") return { keys, id };
  index++;
  for (;;) {
    index = skipWhitespace(head, index);
    if (head[index] !== '"') break;
    const keyEnd = stringEnd(head, index);
    if (keyEnd === -1) break;
    const key = parseId(head.slice(index, keyEnd));
    if (typeof key !== "string") break;
    keys.add(key);
    index = skipWhitespace(head, keyEnd);
    if (head[index] !== ":") break;
    index = skipWhitespace(head, index + 1);
    const end = valueEnd(head, index);
    if (end === -1) break;
    if (key === "id") id = parseId(head.slice(index, end));
    index = skipWhitespace(head, end);
    if (head[index] !== ",") break;
    index++;
  }
  return { keys, id };
}

/**
 * The id and kind of a frame from its first and last few kilobytes.
 *
 * @example
 * readFrameEdges('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"a":"xxxx', 'xxxx"}}')
 * // { id: 7, kind: "request" }
 */
export function readFrameEdges(head: string, tail: string): FrameEdges {
  const scanned = scanHead(head);
  let id = scanned.id;
  if (id === undefined) {
    const match = TRAILING_ID.exec(tail);
    if (match?.[1] !== undefined) id = parseId(match[1]);
  }
  let kind: FrameKind = "unknown";
  // A frame with a method and no readable id may be a notification or a request whose id sits
  // mid-frame; both are "request" here, and the caller answers with id null as it can.
  if (scanned.keys.has("method")) kind = "request";
  else if (scanned.keys.has("result") || scanned.keys.has("error")) kind = "response";
  return { id, kind };
}
