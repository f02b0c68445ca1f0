// Host tool names: `mcp__<server>__<tool>`, always matching ^[a-zA-Z0-9_-]{1,64}$ and unique.
// The name depends only on (server, tool), so it stays the same across reconnects.
//
// Rule: characters outside [A-Za-z0-9_-] become "_". If that changed the tool name, or the
// result is longer than 64, the name is cut to 55 characters and "_" plus 8 hex digits of a
// hash of the original "server\0tool" are appended. Server names cannot hold "__" (see
// validate.ts), so two plain names can never collide; hashed ones differ by their hash.

/** The pattern every host tool name fits. */
export const HOST_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;
const HASH_LENGTH = 8;

/** 32-bit FNV-1a of a string's UTF-16 units, as 8 hex digits. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(HASH_LENGTH, "0");
}

function sanitizeSegment(segment: string): string {
  return segment.replace(/[^A-Za-z0-9_-]/g, "_") || "_";
}

/**
 * The registry name of `tool` on `server`.
 *
 * @example
 * hostToolName("memory", "read_graph")      // "mcp__memory__read_graph"
 * hostToolName("docs", "search.v2")         // "mcp__docs__search_v2_<8 hex>"
 */
export function hostToolName(server: string, tool: string, salt = 0): string {
  const safeServer = sanitizeSegment(server);
  const safeTool = sanitizeSegment(tool);
  const plain = `mcp__${safeServer}__${safeTool}`;
  if (safeServer === server && safeTool === tool && plain.length <= MAX_LENGTH && salt === 0) return plain;
  const hash = shortHash(`${server}\u0000${tool}${salt === 0 ? "" : `\u0000${salt}`}`);
  return `${plain.slice(0, MAX_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}
