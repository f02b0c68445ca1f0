#!/usr/bin/env node
// A stdio MCP server that starts slowly on purpose: it writes `<gate>.started` at once, then
// reads no input until the file `<gate>` exists, so its initialize is answered only when the test
// opens the gate. foya's start-up test uses it to show that a request arriving meanwhile waits.
// Usage: node gated-server.mjs <gate file>
import fs from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const gate = process.argv[2];
fs.writeFileSync(`${gate}.started`, String(process.pid));
while (!fs.existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 25));
const server = new McpServer({ name: "gated", version: "1.0.0" });
server.registerTool("late", { description: "Answers once the gate opened.", annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: "in time" }] }));
await server.connect(new StdioServerTransport());
