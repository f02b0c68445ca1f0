#!/usr/bin/env node
// A stdio MCP server with one tool, `meta`, that answers with the params._meta its call arrived
// with (as JSON text): what a relay passed on to its upstream, trace context included.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "meta-echo", version: "1.0.0" });
server.registerTool("meta", { description: "Answers with the _meta of the call as it arrived." }, async (extra) => ({
  content: [{ type: "text", text: JSON.stringify(extra._meta ?? {}) }],
}));
await server.connect(new StdioServerTransport());
