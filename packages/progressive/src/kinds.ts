// An MCP tool's catalog kind from its annotations. MCP's hints all have defaults (schema
// ToolAnnotations, 2025-06-18 and later): a missing hint means the pessimistic value, so a tool
// that says nothing is treated as one that may destroy state. "paid" is never inferred: MCP has
// no hint for spending credits.
import type { ToolKind } from "@foundry-mcp/tool-catalog";

/** MCP's default for each tool hint, applied when a server leaves the hint out. */
export const MCP_ANNOTATION_DEFAULTS = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
} as const;

/** The hints kindFromAnnotations reads; any MCP ToolAnnotations object fits. */
export interface KindHints {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
}

/**
 * `read` when read-only, else `write` when explicitly not destructive, else `destructive`.
 *
 * @example kindFromAnnotations(undefined) // "destructive" (MCP: readOnlyHint false, destructiveHint true)
 * @example kindFromAnnotations({ readOnlyHint: false, destructiveHint: false }) // "write"
 */
export function kindFromAnnotations(annotations: KindHints | undefined): ToolKind {
  if (annotations?.readOnlyHint ?? MCP_ANNOTATION_DEFAULTS.readOnlyHint) return "read";
  return (annotations?.destructiveHint ?? MCP_ANNOTATION_DEFAULTS.destructiveHint) ? "destructive" : "write";
}
