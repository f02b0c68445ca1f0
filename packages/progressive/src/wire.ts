// The wire shapes the surface answers with: a tools/list entry and a tools/call result, plain
// objects structurally compatible with the MCP SDK's Tool and CallToolResult.
import type { ToolContent } from "@foundry-mcp/tool-catalog";

/** A tool as tools/list returns it. */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type: "object"; [keyword: string]: unknown };
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

/** A tools/call result as the wire carries it. */
export interface CallResult {
  content: ToolContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}
