// A real MCP upstream over stdio whose one read-only tool answers an error result whose text
// looks like one of the gateway's refusals: the call log must not take its code from that text.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "coded-text-upstream", version: "1.0.0" });
server.registerTool("status", { description: "Report the status.", inputSchema: {}, annotations: { readOnlyHint: true } }, async () => ({
  content: [{ type: "text", text: "QUOTA_EXCEEDED: written by the upstream, not a gateway refusal" }],
  isError: true,
}));
await server.connect(new StdioServerTransport());
