#!/usr/bin/env node
// A stdio server whose `burst` tool writes `steps` progress notifications and its answer in one
// write, so that the client reads them in one chunk; `log` sends one log message at `level`.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "burst", version: "1.0.0" }, { capabilities: { logging: {} } });
server.registerTool("log", { inputSchema: { level: z.enum(["debug", "info", "error"]) } }, async ({ level }) => {
  await server.server.sendLoggingMessage({ level, logger: "burst", data: `at ${level}` });
  return { content: [{ type: "text", text: "logged" }] };
});
// Listed like any tool; its calls are answered below, before the SDK sees them.
server.registerTool("burst", { description: "Three progress notifications and the answer, in one write." }, async () => ({ content: [] }));
const transport = new StdioServerTransport();
await server.connect(transport);
// Answer `burst` by hand: every line in a single stdout write.
const deliver = transport.onmessage;
transport.onmessage = (message) => {
  if (message.method !== "tools/call" || message.params?.name !== "burst") return deliver?.(message);
  const token = message.params._meta?.progressToken;
  const lines = [1, 2, 3].map((progress) => JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress, total: 3 } }));
  lines.push(JSON.stringify({ jsonrpc: "2.0", id: message.id, result: { content: [{ type: "text", text: "burst done" }] } }));
  process.stdout.write(`${lines.join("\n")}\n`);
};
