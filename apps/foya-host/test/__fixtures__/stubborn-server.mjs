#!/usr/bin/env node
// A stdio MCP server that ignores the end of its stdin and SIGTERM, as some real servers do: it
// stays up until SIGKILL. foya's watchdog test uses it to prove nothing outlives a killed foya.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

process.on("SIGTERM", () => undefined);
process.stdin.on("end", () => undefined);
setInterval(() => undefined, 60_000);
const server = new McpServer({ name: "stubborn", version: "1.0.0" });
server.registerTool("ping", { description: "Answers pong.", annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: "pong" }] }));
const transport = new StdioServerTransport();
transport.onclose = () => undefined;
await server.connect(transport);
