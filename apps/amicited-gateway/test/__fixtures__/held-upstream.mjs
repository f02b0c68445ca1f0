// A real MCP upstream over stdio whose one tool holds each call open until the test releases it:
// every call appends a line to $HELD_ARRIVALS when it arrives, and answers once $HELD_RELEASE
// exists. The drain tests use it to keep fifty calls in flight through the gateway and foya.
import fs from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const arrivals = process.env.HELD_ARRIVALS;
const release = process.env.HELD_RELEASE;
if (!arrivals || !release) throw new Error("held-upstream needs HELD_ARRIVALS and HELD_RELEASE");

const released = () =>
  new Promise((resolve) => {
    if (fs.existsSync(release)) return resolve();
    const watcher = setInterval(() => {
      if (!fs.existsSync(release)) return;
      clearInterval(watcher);
      resolve();
    }, 25);
  });

const server = new McpServer({ name: "held-upstream", version: "1.0.0" });
server.registerTool("hold", { description: "Answer once the test releases the call.", inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {
  fs.appendFileSync(arrivals, "call\n");
  await released();
  return { content: [{ type: "text", text: "released" }] };
});
await server.connect(new StdioServerTransport());
