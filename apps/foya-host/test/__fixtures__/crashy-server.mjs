#!/usr/bin/env node
// A small stdio MCP server for foya's tests: it answers, crashes on command, and grows its tool
// list on command (so list_changed can be followed through foya serve). The first argument is a
// folder: `crash` leaves a "crashed" file there, and while that file exists the server refuses
// to start, so a test decides when a restart may succeed.
import fs from "node:fs";
import path from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const folder = process.argv[2];
const marker = folder ? path.join(folder, "crashed") : undefined;
if (marker && fs.existsSync(marker)) {
  process.stderr.write("crashy: crashed earlier; remove the marker to start\n");
  process.exit(4);
}

const server = new McpServer({ name: "crashy", version: "1.0.0" }, { capabilities: { tools: { listChanged: true } } });
server.registerTool("ping", { description: "Answers pong.", annotations: { readOnlyHint: true } }, async () => ({
  content: [{ type: "text", text: "pong" }],
}));
server.registerTool("write_note", { description: "Pretends to write a note (not read-only).", inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: "text", text: `noted: ${text}` }],
}));
server.registerTool("crash", { description: "Exits the server process at once (and stays down until the marker is removed)." }, async () => {
  if (marker) fs.writeFileSync(marker, "crashed\n");
  setTimeout(() => process.exit(3), 10);
  return { content: [{ type: "text", text: "crashing" }] };
});
server.registerTool("grow", { description: "Adds a tool named extra and announces list_changed." }, async () => {
  server.registerTool("extra", { description: "Appeared after grow.", annotations: { readOnlyHint: true } }, async () => ({
    content: [{ type: "text", text: "extra here" }],
  }));
  return { content: [{ type: "text", text: "grown" }] };
});
await server.connect(new StdioServerTransport());
