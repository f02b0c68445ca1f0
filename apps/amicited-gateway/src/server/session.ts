// One MCP session: a low-level SDK Server whose tools/list is fixed when the session starts —
// the four base tools plus the pinned toolsets' tools — and whose calls all go through the
// catalog with the session's credential as context. Errors become isError results here, in one place.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { checkedRequest } from "@foundry-mcp/server-kit";
import { checkBaseArguments } from "./base-arguments";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { CatalogError, annotationsFor } from "@foundry-mcp/tool-catalog";
import type { CallContext, ToolOutput } from "@foundry-mcp/tool-catalog";
import { GatewayError } from "../errors";
import { SERVER_INSTRUCTIONS, SKILL_URI, TOOLSETS_URI } from "./skill";
import type { Gateway } from "./gateway";
import type { Credential } from "@foundry-mcp/workspace-store";

/** Names of the four tools every connection sees. */
export const BASE_TOOL_NAMES = ["search_tools", "describe_tool", "read_tool", "run_tool"] as const;

/** The server name and version announced in initialize. */
export const SERVER_INFO = { name: "amicited-gateway", version: "0.1.0" };

function baseTools(toolsets: string[]): Tool[] {
  const target = {
    name: { type: "string", minLength: 1, description: "Tool name from search_tools." },
    arguments: {
      type: "object",
      description: "The tool's arguments, as describe_tool shows its inputSchema.",
      additionalProperties: true,
    },
  };
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
          toolset: { type: "string", enum: toolsets, description: "Only this area." },
          offset: {
            type: "integer",
            minimum: 0,
            description: "Results to skip (paging.next_offset of the previous page).",
          },
          limit: {
            type: "integer",
            minimum: 1,
            maximum: 50,
            description: "Results per page: 10 by default, at most 50.",
          },
        },
        required: ["query"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    {
      name: "describe_tool",
      title: "Describe a tool",
      description:
        "The real input schema and kind (read, write, paid, destructive) of one tool. Call it before read_tool or run_tool.",
      inputSchema: {
        type: "object",
        properties: { name: target.name },
        required: ["name"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    {
      name: "read_tool",
      title: "Run a read tool",
      description:
        "Run a tool of kind read: free, repeatable reads of the workspace's data. Refuses every other kind.",
      inputSchema: {
        type: "object",
        properties: target,
        required: ["name"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    {
      name: "run_tool",
      title: "Run any tool",
      description:
        "Run a tool of any kind: read, write, paid (spends credits) or destructive. Non-read kinds need a write-scoped token.",
      inputSchema: {
        type: "object",
        properties: target,
        required: ["name"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    },
  ];
}

function errorResult(error: unknown): CallToolResult {
  let message: string;
  let code: string;
  const cause =
    CatalogError.isInstance(error) && error.cause !== undefined ? error.cause : undefined;
  if (GatewayError.isInstance(cause)) {
    code = cause.code;
    message = cause.message;
  } else if (CatalogError.isInstance(error) || GatewayError.isInstance(error)) {
    code = error.code;
    message = error.message;
  } else {
    code = "INTERNAL";
    message = error instanceof Error ? error.message : String(error);
  }
  return { isError: true, content: [{ type: "text", text: `${code}: ${message}` }] };
}

/**
 * search_tools' answer as the model reads it: name, toolset, kind, summary, and `matchedIn` only
 * when the query matched something. The ranking score is an internal figure: leaving it out
 * saves about a fifth of every search result's tokens.
 */
function compactSearch(found: Awaited<ReturnType<Gateway["catalog"]["search"]>>) {
  return {
    results: found.results.map(({ name, toolset, kind, summary, matchedIn }) => ({
      name,
      toolset,
      kind,
      summary,
      ...(matchedIn.length > 0 ? { matchedIn } : {}),
    })),
    paging: found.paging,
  };
}

const asResult = (output: ToolOutput): CallToolResult => output as CallToolResult;
const json = (value: unknown): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  structuredContent: value as Record<string, unknown>,
});

/**
 * Builds the MCP Server of one session. `toolsets` is the raw `?toolsets=` value: its tools are
 * advertised natively beside the base four, for the session's whole life.
 */
export function createSessionServer(
  gateway: Gateway,
  credential: Credential,
  toolsets: string | undefined,
): Server {
  const { catalog } = gateway;
  const context = (): CallContext => ({
    workspace: credential.workspaceId,
    scope: credential.scope,
    credentialId: String(credential.tokenId),
  });
  // Toolset names are matched case-insensitively: `?toolsets=ESHOP` pins eshop.
  const pinned = catalog.advertised(toolsets?.toLowerCase());
  const pinnedNames = new Set(pinned.map((tool) => tool.name));
  const toolsetNames = catalog.toolsets().map((toolset) => toolset.name);
  const base = baseTools(toolsetNames);
  const baseByName = new Map(base.map((tool) => [tool.name, tool]));
  const listed: Tool[] = [
    ...base,
    ...pinned.map((tool) => ({
      name: tool.name,
      ...(tool.title ? { title: tool.title } : {}),
      description: `${tool.description} [${tool.kind}]`,
      inputSchema: tool.inputSchema as Tool["inputSchema"],
      annotations: annotationsFor(tool.kind),
    })),
  ];
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, resources: {}, logging: {} },
    instructions: SERVER_INSTRUCTIONS,
  });
  server.setRequestHandler(checkedRequest("tools/list", ListToolsRequestSchema), async () => ({
    tools: listed,
  }));
  server.setRequestHandler(
    checkedRequest("tools/call", CallToolRequestSchema),
    async (request, extra) => {
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      const call = { ...context(), signal: extra.signal };
      try {
        const base = baseByName.get(request.params.name);
        if (base) checkBaseArguments(base, args);
        switch (request.params.name) {
          case "search_tools":
            return json(
              compactSearch(
                await catalog.search({
                  query: typeof args.query === "string" ? args.query : "",
                  ...(typeof args.toolset === "string" ? { toolset: args.toolset } : {}),
                  ...(typeof args.offset === "number" ? { offset: args.offset } : {}),
                  ...(typeof args.limit === "number" ? { limit: args.limit } : {}),
                }),
              ),
            );
          case "describe_tool":
            return json(catalog.describe(String(args.name ?? "")));
          case "read_tool":
            return asResult(
              await catalog.read(String(args.name ?? ""), args.arguments ?? {}, call),
            );
          case "run_tool":
            return asResult(await catalog.run(String(args.name ?? ""), args.arguments ?? {}, call));
          default:
            if (!pinnedNames.has(request.params.name)) {
              return errorResult(
                new GatewayError(
                  "NOT_FOUND",
                  `tool ${request.params.name} is not advertised on this connection; find it with search_tools and call it through read_tool or run_tool.`,
                ),
              );
            }
            return asResult(await catalog.run(request.params.name, args, call));
        }
      } catch (error) {
        return errorResult(error);
      }
    },
  );
  server.setRequestHandler(
    checkedRequest("resources/list", ListResourcesRequestSchema),
    async () => ({
      resources: [
        {
          uri: SKILL_URI,
          name: "using-amicited",
          title: "Skill: using AmICited",
          description: "How to find, describe and execute the gateway's tools.",
          mimeType: "text/markdown",
        },
        {
          uri: TOOLSETS_URI,
          name: "toolsets",
          title: "Toolsets",
          description: "The toolsets, their prefixes and tool counts.",
          mimeType: "text/markdown",
        },
      ],
    }),
  );
  server.setRequestHandler(
    checkedRequest("resources/read", ReadResourceRequestSchema),
    async (request) => {
      if (request.params.uri === SKILL_URI)
        return { contents: [{ uri: SKILL_URI, mimeType: "text/markdown", text: gateway.skill }] };
      if (request.params.uri === TOOLSETS_URI) {
        const counts = new Map<string, number>();
        for (const tool of catalog.list())
          counts.set(tool.toolset, (counts.get(tool.toolset) ?? 0) + 1);
        const rows = catalog
          .toolsets()
          .map(
            (toolset) =>
              `| ${toolset.name} | \`${toolset.prefix}\` | ${counts.get(toolset.name) ?? 0} | ${toolset.description} |`,
          );
        return {
          contents: [
            {
              uri: TOOLSETS_URI,
              mimeType: "text/markdown",
              text: [
                "| toolset | prefix | tools | what |",
                "| --- | --- | --- | --- |",
                ...rows,
              ].join("\n"),
            },
          ],
        };
      }
      // -32002: the MCP code for "resource not found".
      throw new McpError(
        -32002,
        `resource ${request.params.uri} does not exist; resources: ${SKILL_URI}, ${TOOLSETS_URI}.`,
        { uri: request.params.uri },
      );
    },
  );
  return server;
}
