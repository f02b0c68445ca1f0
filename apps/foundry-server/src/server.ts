// Wires the packages to the SDK's low-level `Server`: initialize (instructions, negotiated
// version; server/discover and the 2026-07-28 era come from server-kit's DualEraTransport), tools/list and tools/call for the nine tools, resources/list and resources/read.
// tools/call is also a direct route, which the stdio transport answers itself (foundryDirectRoutes).
// Capabilities are tools and resources only, so prompts/* and anything else get -32601 from the SDK.
// Tool failures become `isError` results and protocol errors exact sentences here, in one place,
// through server-kit's wire mapper.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { openProject, type Project } from "./project";
import { negotiateProtocolVersion } from "./protocol";
import { messageOf } from "@foundry-mcp/core";
import { checkedRequest, plainToolCall, toolErrorResult, toWireError, unknownTool, type DirectRoutes, type ServerIdentity } from "@foundry-mcp/server-kit";
import { listResources, readResource } from "./resources";
import { TOOL_DEFINITIONS, TOOL_NAMES, isToolName, type ToolName } from "./tools/definitions";
import { TOOL_HANDLERS, type ToolHandler, type ToolOutput } from "./tools/handlers";
import { checkArguments } from "./tools/check-arguments";

/** Returned by `initialize`, verbatim (SPEC §2). */
export const SERVER_INSTRUCTIONS =
  "Foundry memory and contracts. Prefer memory_search to reading .foundry files. Check runbook_list before recurring tasks. Hand work between agents with blackboard_write, returning only the artifact path and a short summary.";

/** How the server is started. */
export interface FoundryServerOptions {
  /** Absolute project root; everything lives under `<root>/.foundry/`. */
  root: string;
  /** Reported as serverInfo.version. */
  version: string;
  /** Where diagnostics go (stderr in the CLI); never stdout. */
  log: (line: string) => void;
}

const CAPABILITIES = { tools: {}, resources: {} };

/** The nine tools never change while the server runs: a 2026-07-28 client may keep the list an hour. */
const TOOLS_LIST_CACHE = { ttlMs: 60 * 60_000, cacheScope: "public" } as const;

/** The server's identity for both eras: initialize's answer and server/discover's. */
export function foundryIdentity(version: string): ServerIdentity {
  return {
    serverInfo: { name: "foundry", title: "Foundry project memory", version },
    capabilities: CAPABILITIES,
    instructions: SERVER_INSTRUCTIONS,
    cacheHints: { "tools/list": TOOLS_LIST_CACHE },
  };
}

/** tools/call for one project root: registered with the SDK's Server, and the stdio transport's direct route. */
/** Checks a call's arguments against its tool's schema and runs its handler with them, typed from that schema. */
function runTool<N extends ToolName>(name: N, project: Project, input: Record<string, unknown> | undefined): Promise<string | ToolOutput> {
  const handler: ToolHandler<N> = TOOL_HANDLERS[name];
  return handler(project, checkArguments({ ...TOOL_DEFINITIONS[name], name }, input));
}

function toolCallRoute(options: FoundryServerOptions) {
  const schema = checkedRequest("tools/call", CallToolRequestSchema);
  const handle = async (request: ReturnType<typeof schema.parse>): Promise<CallToolResult> => {
    const { name, arguments: input } = request.params;
    if (!isToolName(name)) {
      throw unknownTool(name, `Tools: ${TOOL_NAMES.join(", ")}.`);
    }
    const project = openProject(options.root);
    try {
      await project.memory.recordEvent(name);
    } catch (error) {
      options.log(`foundry-server: could not record the ${name} event: ${messageOf(error)}`);
    }
    try {
      const output = await runTool(name, project, input);
      const { text, isError } = typeof output === "string" ? { text: output, isError: false } : output;
      return { content: [{ type: "text", text }], ...(isError ? { isError: true } : {}) };
    } catch (error) {
      options.log(`foundry-server: ${name} failed: ${messageOf(error)}`);
      return toolErrorResult(error, { tool: name });
    }
  };
  return { schema, handle, quickParse: plainToolCall };
}

/**
 * The requests the stdio transport answers itself (server-kit's direct routes): tools/call, the
 * one an agent makes over and over, without the SDK's per-request dispatch (ARCHITECTURE "The
 * direct lane"); everything else goes through the Server from createFoundryServer.
 */
export function foundryDirectRoutes(options: FoundryServerOptions): DirectRoutes {
  return { "tools/call": toolCallRoute(options) };
}

/** Builds the MCP server for one project root; connect it to a transport to start serving. */
export function createFoundryServer(options: FoundryServerOptions): Server {
  const { serverInfo } = foundryIdentity(options.version);
  const server = new Server(serverInfo, { capabilities: CAPABILITIES, instructions: SERVER_INSTRUCTIONS });

  server.setRequestHandler(checkedRequest("initialize", InitializeRequestSchema), (request) => ({
    protocolVersion: negotiateProtocolVersion(request.params.protocolVersion),
    capabilities: CAPABILITIES,
    serverInfo,
    instructions: SERVER_INSTRUCTIONS,
  }));

  server.setRequestHandler(checkedRequest("tools/list", ListToolsRequestSchema), () => ({
    tools: TOOL_NAMES.map((name) => {
      const { title, description, inputSchema, annotations } = TOOL_DEFINITIONS[name];
      return { name, title, description, inputSchema, annotations };
    }),
  }));

  const toolCall = toolCallRoute(options);
  server.setRequestHandler(toolCall.schema, toolCall.handle);

  server.setRequestHandler(checkedRequest("resources/list", ListResourcesRequestSchema), async () => ({
    resources: await listResources(openProject(options.root)),
  }));

  server.setRequestHandler(checkedRequest("resources/read", ReadResourceRequestSchema), async (request) => {
    try {
      return { contents: [await readResource(openProject(options.root), request.params.uri)] };
    } catch (error) {
      throw toWireError(error);
    }
  });

  return server;
}
