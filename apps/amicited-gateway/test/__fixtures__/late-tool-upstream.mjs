// A real MCP server over stdio used as an upstream in tests whose tools change after it connected:
// calling `unlock` registers `archive_notes`, and the SDK tells the client (tools/list_changed),
// as a server does that adds tools at run time.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "late-upstream", version: "1.0.0" });
let unlocked = false;
server.registerTool("unlock", { description: "Unlock the archive tools.", inputSchema: {}, annotations: { readOnlyHint: false, destructiveHint: false } }, async () => {
  if (!unlocked) {
    unlocked = true;
    server.registerTool("archive_notes", { description: "Move notes older than a month into the archive.", inputSchema: {}, annotations: { readOnlyHint: false, destructiveHint: false } }, async () => ({
      content: [{ type: "text", text: "archived" }],
    }));
  }
  return { content: [{ type: "text", text: "unlocked" }] };
});
await server.connect(new StdioServerTransport());
