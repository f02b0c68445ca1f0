// An upstream that floods its client with log messages on request (issue #36 R8): `flood` sends
// `count` notifications/message as fast as the pipe takes them, then answers.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "flooding", version: "1.0.0" }, { capabilities: { logging: {} } });

server.registerTool("flood", { description: "Sends `count` log messages at once, then answers.", inputSchema: { count: z.number() } }, async ({ count }) => {
  for (let index = 0; index < count; index++) void server.server.sendLoggingMessage({ level: "info", logger: "flood", data: `message ${index}` });
  return { content: [{ type: "text", text: `sent ${count}` }] };
});

await server.connect(new StdioServerTransport());
