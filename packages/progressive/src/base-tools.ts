// The four tools every progressive connection lists (SPEC §4 "What the client sees"):
// search_tools {query, toolset?, offset?, limit?}, describe_tool {name}, read_tool and run_tool
// {name, arguments}. Closed schemas (additionalProperties false) so a misspelled argument is
// refused, not ignored; `toolset` lists the catalog's toolsets.
import { MAX_TOOL_NAME_LENGTH, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from "@foundry-mcp/tool-catalog";
import type { ListedTool } from "./wire";

/** Names of the four base tools, in tools/list order. */
export const BASE_TOOL_NAMES = ["search_tools", "describe_tool", "read_tool", "run_tool"] as const;

/** One of the base tool names. */
export type BaseToolName = (typeof BASE_TOOL_NAMES)[number];

const TARGET = {
  // A catalog name has at most 128 characters (tool-catalog's rule): a longer one is refused here,
  // before the catalog looks for the closest names (issue 36, R2).
  name: { type: "string", minLength: 1, maxLength: MAX_TOOL_NAME_LENGTH, description: "Tool name from search_tools." },
  arguments: {
    type: "object",
    description: "The tool's arguments, as describe_tool shows its inputSchema.",
    additionalProperties: true,
  },
};

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

/** The four base tools for a catalog with these toolset names (the `toolset` enum). */
export function baseTools(toolsets: readonly string[]): ListedTool[] {
  const toolset = { type: "string", ...(toolsets.length > 0 ? { enum: [...toolsets] } : {}), description: "Only this area." };
  return [
    {
      name: "search_tools",
      title: "Search tools",
      description:
        'Find tools by asking in plain words ("is the site down", "customer lifetime value"). Empty query plus a toolset browses that area; offset pages.',
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string", description: "What you want to do or know." },
          toolset,
          offset: { type: "integer", minimum: 0, description: "Results to skip (paging.next_offset of the previous page)." },
          limit: {
            type: "integer",
            minimum: 1,
            maximum: SEARCH_MAX_LIMIT,
            description: `Results per page: ${SEARCH_DEFAULT_LIMIT} by default, at most ${SEARCH_MAX_LIMIT}.`,
          },
        },
        required: ["query"],
        additionalProperties: false,
      },
      annotations: READ_ONLY,
    },
    {
      name: "describe_tool",
      title: "Describe a tool",
      description: "The real input schema and kind (read, write, paid, destructive) of one tool. Call it before read_tool or run_tool.",
      inputSchema: { type: "object", properties: { name: TARGET.name }, required: ["name"], additionalProperties: false },
      annotations: READ_ONLY,
    },
    {
      name: "read_tool",
      title: "Run a read tool",
      description: "Run a tool of kind read: free, repeatable reads with no side effects. Refuses every other kind: use run_tool for those.",
      inputSchema: { type: "object", properties: TARGET, required: ["name"], additionalProperties: false },
      annotations: READ_ONLY,
    },
    {
      name: "run_tool",
      title: "Run any tool",
      description:
        "Run a tool of any kind: read, write, paid (spends credits) or destructive. Kinds other than read need write permission, and the host may ask the user first.",
      inputSchema: { type: "object", properties: TARGET, required: ["name"], additionalProperties: false },
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    },
  ];
}
