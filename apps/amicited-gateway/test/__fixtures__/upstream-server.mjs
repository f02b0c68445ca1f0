// A small real MCP server over stdio used as an upstream in tests: one read-only tool, one
// non-destructive write and one unannotated tool (destructive by MCP's defaults).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const notes = [];
const server = new McpServer({ name: "notes-upstream", version: "1.0.0" });
server.registerTool("list_notes", { description: "List the saved notes.", inputSchema: {}, annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: JSON.stringify(notes) }] }));
server.registerTool("add_note", { description: "Save a note.", inputSchema: { text: z.string() }, annotations: { readOnlyHint: false, destructiveHint: false } }, async ({ text }) => {
  notes.push(text);
  return { content: [{ type: "text", text: `saved ${notes.length}` }] };
});
server.registerTool("wipe_notes", { description: "Delete every note.", inputSchema: {} }, async () => {
  notes.length = 0;
  return { content: [{ type: "text", text: "wiped" }] };
});
await server.connect(new StdioServerTransport());
