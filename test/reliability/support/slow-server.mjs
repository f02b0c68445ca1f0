// A small MCP server for fault tests: `wait` sleeps before answering (so it can be killed
// mid-call), `echo` answers at once. Any extra argument is ignored: tests pass a marker there
// to find the process in the process table.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "slow-server", version: "0.0.0" });
server.registerTool("wait", { description: "Sleeps for ms milliseconds, then answers.", inputSchema: { ms: z.number().int().min(0) } }, async ({ ms }) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { content: [{ type: "text", text: `waited ${ms} ms` }] };
});
server.registerTool("echo", { description: "Answers with its text.", inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } }, async ({ text }) => ({
  content: [{ type: "text", text }],
}));
await server.connect(new StdioServerTransport());
