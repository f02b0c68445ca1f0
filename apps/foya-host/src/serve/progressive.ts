// `foya serve --progressive`: the registry behind the four-tool surface of packages/tool-catalog
// (search_tools, describe_tool, read_tool, run_tool) instead of every tool listed. Each upstream
// server becomes one toolset; a tool's kind comes from its annotations. The catalog is rebuilt
// when the registry changes; the four tools themselves never change, so the client's prompt
// cache stays valid. Neighbours: tool-surface.ts (direct listing, the call gate).
import { CatalogError, ToolCatalog, type SearchPage, type ToolKind, type ToolOutput } from "@foundry-mcp/tool-catalog";
import type { HostManager, HostTool } from "../host/contract";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { toolErrorResult as errorResult, unknownTool } from "@foundry-mcp/server-kit";
import { callThroughGate, type CallGate, type CallResult, type ListedTool, type ToolSurface } from "./tool-surface";

const NAME = { type: "string", description: "Exact tool name from search_tools, e.g. mcp__mem__memory_search." };
const ARGUMENTS = { type: "object", description: "Arguments matching the tool's inputSchema from describe_tool.", additionalProperties: true };

/** The four tools, as tools/list returns them. */
export const PROGRESSIVE_TOOLS: ListedTool[] = [
  {
    name: "search_tools",
    description: "Find tools of every connected MCP server by plain words (e.g. \"is the site down\"). Empty query + toolset browses a server's tools. Returns names, kinds and one-line summaries.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "What you want to do, in plain words." },
        toolset: { type: "string", description: "Limit to one server's tools (toolset = server name)." },
        offset: { type: "integer", minimum: 0, description: "Skip this many results (paging)." },
        limit: { type: "integer", minimum: 1, maximum: 50, description: "Results per page (default 10)." },
      },
      required: ["query"],
    },
    annotations: { readOnlyHint: true, idempotentHint: true },
  },
  {
    name: "describe_tool",
    description: "The input schema, kind and annotations of one tool found with search_tools. Call before read_tool or run_tool.",
    inputSchema: { type: "object", properties: { name: NAME }, required: ["name"] },
    annotations: { readOnlyHint: true, idempotentHint: true },
  },
  {
    name: "read_tool",
    description: "Run a tool of kind read (free, repeatable, no side effects). Refuses every other kind: use run_tool for those.",
    inputSchema: { type: "object", properties: { name: NAME, arguments: ARGUMENTS }, required: ["name"] },
    annotations: { readOnlyHint: true },
  },
  {
    name: "run_tool",
    description: "Run a tool of any kind (read, write, paid, destructive). Calls that change things may need the user's approval.",
    inputSchema: { type: "object", properties: { name: NAME, arguments: ARGUMENTS }, required: ["name"] },
    annotations: { readOnlyHint: false },
  },
];

/** The catalog kind a registry tool gets from its MCP annotations. */
export function kindOf(tool: HostTool): ToolKind {
  const hints = tool.annotations ?? {};
  if (hints.readOnlyHint === true) return "read";
  if (hints.destructiveHint === true) return "destructive";
  return "write";
}

/** Builds a catalog over the current registry: one toolset per server, handlers through the gate. */
export function buildCatalog(manager: HostManager, gate: CallGate): ToolCatalog {
  const catalog = new ToolCatalog({ validateOutput: false });
  const tools = manager.tools();
  const byServer = new Map<string, HostTool[]>();
  for (const tool of tools) byServer.set(tool.server, [...(byServer.get(tool.server) ?? []), tool]);
  const statuses = manager.status();
  for (const [server, serverTools] of byServer) {
    const prefix = `mcp__${server}__`;
    const target = statuses.find((row) => row.name === server)?.target ?? "";
    catalog.defineToolset({
      name: server,
      prefix,
      title: server,
      description: `Tools of the MCP server ${server}${target ? ` (${target})` : ""}`,
      extraPrefixes: serverTools.filter((tool) => !tool.hostName.startsWith(prefix)).map((tool) => tool.hostName),
    });
    for (const tool of serverTools) {
      catalog.register({
        name: tool.hostName,
        description: tool.description ?? tool.tool,
        toolset: server,
        kind: kindOf(tool),
        inputSchema: tool.inputSchema,
        // The gate decides approval; the result (isError included) passes through unchanged.
        handler: (args) => callThroughGate(manager, gate, tool, args),
      });
    }
  }
  return catalog;
}

/** Compact text of one search page: one line per hit and where the next page starts. */
export function formatSearchPage(query: string, page: SearchPage): string {
  if (page.results.length === 0) return `No tool matches "${query}". Try other words, or an empty query with a toolset to browse.`;
  const lines = page.results.map((hit) => `- ${hit.name} · ${hit.kind} · ${hit.summary}`);
  const { paging } = page;
  const head = `${paging.offset + 1}-${paging.offset + page.results.length} of ${paging.total} tools:`;
  const tail = paging.has_more ? [`More: call again with offset ${paging.next_offset}.`] : [];
  return [head, ...lines, ...tail].join("\n");
}

function toWire(output: ToolOutput): CallResult {
  const wire: CallResult = { content: output.content };
  if (output.structuredContent !== undefined) wire.structuredContent = output.structuredContent;
  if (output.isError !== undefined) wire.isError = output.isError;
  return wire;
}

/** The four-tool surface over a catalog rebuilt whenever the registry changes. */
export function progressiveSurface(manager: HostManager, gate: CallGate): ToolSurface {
  let catalog: ToolCatalog | undefined;
  const current = (): ToolCatalog => (catalog ??= buildCatalog(manager, gate));
  const context = { workspace: "foya", scope: "write" as const };
  const text = (value: string): CallResult => ({ content: [{ type: "text", text: value }] });

  return {
    listTools: () => PROGRESSIVE_TOOLS,
    refresh() {
      catalog = undefined;
    },
    async callTool(name, args) {
      try {
        const target = String(args.name ?? "");
        const inner = (args.arguments ?? {}) as Record<string, unknown>;
        switch (name) {
          case "search_tools": {
            const query = String(args.query ?? "");
            const page = await current().search({
              query,
              ...(typeof args.toolset === "string" ? { toolset: args.toolset } : {}),
              ...(typeof args.offset === "number" ? { offset: args.offset } : {}),
              ...(typeof args.limit === "number" ? { limit: args.limit } : {}),
            });
            return text(formatSearchPage(query, page));
          }
          case "describe_tool":
            return text(JSON.stringify(current().describe(target)));
          case "read_tool":
            return toWire(await current().read(target, inner, context));
          case "run_tool":
            return toWire(await current().run(target, inner, context));
          default:
            throw unknownTool(name, "It is not among the 4 tools listed now (its server may be disconnected); list tools again.");
        }
      } catch (error) {
        if (error instanceof McpError) throw error;
        if (CatalogError.isInstance(error)) return errorResult(error.message);
        return errorResult(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
