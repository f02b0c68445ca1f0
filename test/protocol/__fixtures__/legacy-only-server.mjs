// A stdio MCP server that speaks only the 2025 handshake (SDK 1.32.2's Server: server/discover is
// -32601 Method not found), with one tool.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "legacy-only", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [{ name: "whisper", description: "Lower-cases a text.", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } }],
}));
server.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: "text", text: String(request.params.arguments?.text ?? "").toLowerCase() }] }));
await server.connect(new StdioServerTransport());
