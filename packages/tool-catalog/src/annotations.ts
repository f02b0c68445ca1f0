// Kind → MCP annotations, the one mapping the SPEC fixes (§4 "Kinds map to MCP annotations").

import type { ToolAnnotations, ToolKind } from "./types";

/** The tool kinds, in order of rising risk. */
export const TOOL_KINDS: readonly ToolKind[] = ["read", "write", "paid", "destructive"];

/**
 * The MCP annotations a kind implies: `read` is read-only and idempotent, `write` changes data
 * without destroying it, `paid` changes state by spending credits, `destructive` cannot be undone.
 *
 * @example annotationsFor("read") // → { readOnlyHint: true, idempotentHint: true }
 */
export function annotationsFor(kind: ToolKind): ToolAnnotations {
  switch (kind) {
    case "read":
      return { readOnlyHint: true, idempotentHint: true };
    case "write":
      return { readOnlyHint: false, destructiveHint: false };
    case "paid":
      // MCP has no hint for spending credits; kind "paid" says it, and it is never read-only.
      return { readOnlyHint: false, destructiveHint: false, idempotentHint: false };
    case "destructive":
      return { readOnlyHint: false, destructiveHint: true };
  }
}

/** True when a kind needs a credential with write scope (every kind except read). */
export function kindNeedsWriteScope(kind: ToolKind): boolean {
  return kind !== "read";
}
