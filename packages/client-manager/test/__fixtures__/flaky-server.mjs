// A small stdio MCP server for tests that can crash, hang, change its tool list on command and
// leave descendants behind. Env: FLAKY_STATE_DIR (marker files), FLAKY_GRANDCHILD=1 (spawn a
// `sleep` child at start), FLAKY_DOWN_FILE (exit at once while this file exists).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const downFile = process.env.FLAKY_DOWN_FILE;
if (downFile && fs.existsSync(downFile)) {
  process.stderr.write("flaky: down file present, refusing to start\n");
  process.exit(3);
}
const stateDir = process.env.FLAKY_STATE_DIR ?? process.cwd();
let grandchild;
if (process.env.FLAKY_GRANDCHILD === "1") {
  grandchild = spawn("sleep", ["300"], { stdio: "ignore" });
  fs.writeFileSync(path.join(stateDir, `grandchild-${process.pid}.pid`), String(grandchild.pid));
}

const obj = { type: "object", properties: {} };
const tools = [
  { name: "echo", description: "Echo text back.", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] }, annotations: { readOnlyHint: true } },
  { name: "crash", description: "Exit the process without answering.", inputSchema: obj, annotations: { destructiveHint: true } },
  { name: "crash_once_readonly", description: "Crash on the first call ever, answer afterwards.", inputSchema: obj, annotations: { readOnlyHint: true } },
  { name: "hang", description: "Never answer.", inputSchema: obj },
  { name: "freeze", description: "Block the event loop (no pings answered).", inputSchema: obj },
  { name: "add_tool", description: "Register a tool and announce list_changed.", inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
  { name: "remove_tool", description: "Remove a tool and announce list_changed.", inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
  { name: "pid", description: "Return the process id.", inputSchema: obj, annotations: { readOnlyHint: true } },
];

const server = new Server({ name: "flaky", version: "1.0.0" }, { capabilities: { tools: { listChanged: true } } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  const text = (value) => ({ content: [{ type: "text", text: String(value) }] });
  switch (request.params.name) {
    case "echo":
      return text(args.text);
    case "crash":
      setTimeout(() => process.exit(1), 20);
      return new Promise(() => {});
    case "crash_once_readonly": {
      const marker = path.join(stateDir, "crashed-once");
      if (!fs.existsSync(marker)) {
        fs.writeFileSync(marker, "1");
        setTimeout(() => process.exit(1), 20);
        return new Promise(() => {});
      }
      return text("answered after restart");
    }
    case "hang":
      return new Promise(() => {});
    case "freeze":
      setTimeout(() => {
        for (;;) {
          // busy loop: the process stays alive but answers nothing
        }
      }, 10);
      return new Promise(() => {});
    case "add_tool":
      tools.push({ name: String(args.name), description: `Dynamic tool ${args.name}.`, inputSchema: obj });
      await server.sendToolListChanged();
      return text(`added ${args.name}`);
    case "remove_tool": {
      const index = tools.findIndex((tool) => tool.name === args.name);
      if (index >= 0) tools.splice(index, 1);
      await server.sendToolListChanged();
      return text(`removed ${args.name}`);
    }
    case "pid":
      return text(process.pid);
    default:
      if (tools.some((tool) => tool.name === request.params.name)) return text(`dynamic ${request.params.name}`);
      return { content: [{ type: "text", text: `unknown tool ${request.params.name}` }], isError: true };
  }
});

await server.connect(new StdioServerTransport());
