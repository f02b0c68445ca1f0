// Regression fixture: a host whose only handles are the manager's. close() must keep the event
// loop alive until the process groups are gone, then this prints "closed <pid>" and exits 0.
// Usage: node close-and-exit.mjs <state dir>
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NodeClientManager } from "../../dist/node.js";

const flaky = path.join(path.dirname(fileURLToPath(import.meta.url)), "flaky-server.mjs");
const manager = new NodeClientManager({
  config: { servers: { f: { transport: "stdio", command: process.execPath, args: [flaky], env: { FLAKY_GRANDCHILD: "1", FLAKY_STATE_DIR: process.argv[2] } } } },
  pingIntervalMs: 0,
});
await manager.start();
const result = await manager.callTool("mcp__f__pid", {});
await manager.close();
console.log(`closed ${result.content[0]?.text}`);
