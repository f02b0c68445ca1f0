// Handler results → ToolOutput. A handler returns either a ready MCP result (content array) or
// any JSON value; values become compact JSON text plus structuredContent when they are objects.

import { isJsonObject } from "@foundry-mcp/core";
import type { ToolContent, ToolOutput } from "../types";

function isContentList(value: unknown): value is ToolContent[] {
  return Array.isArray(value) && value.every((item) => typeof item === "object" && item !== null && typeof (item as ToolContent).type === "string");
}

/** True when a handler already returned an MCP-shaped result. */
export function isToolOutput(value: unknown): value is ToolOutput {
  if (!isJsonObject(value)) return false;
  const known = new Set(["content", "structuredContent", "isError", "_meta"]);
  return isContentList(value.content) && Object.keys(value).every((key) => known.has(key));
}

/**
 * Wraps a handler's return value as a ToolOutput: compact JSON text (the smallest payload a model
 * reads) and, for objects, the same value as structuredContent.
 *
 * @example toToolOutput({ rows: [] }) // → { content: [{ type: "text", text: '{"rows":[]}' }], structuredContent: { rows: [] } }
 */
export function toToolOutput(value: unknown): ToolOutput {
  if (isToolOutput(value)) return value;
  if (typeof value === "string") return { content: [{ type: "text", text: value }] };
  const text = JSON.stringify(value ?? null) ?? "null";
  const output: ToolOutput = { content: [{ type: "text", text }] };
  if (isJsonObject(value)) output.structuredContent = value;
  return output;
}
