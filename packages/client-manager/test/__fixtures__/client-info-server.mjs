// A stdio MCP server with one tool that answers the clientInfo its client sent in initialize.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "client-info", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [{ name: "whoami", description: "The client's name and version.", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } }],
}));
server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: "text", text: JSON.stringify(server.getClientVersion()) }] }));
await server.connect(new StdioServerTransport());
