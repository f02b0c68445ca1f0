// The MCP conformance suite's client under test, built on the BUILT package (../../dist).
// Usage (by the suite): node conformance-client.mjs <server-url>; scenario in MCP_CONFORMANCE_SCENARIO.
import { ClientManager } from "../../dist/index.js";

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "initialize";
const calls = {
  tools_call: ["add_numbers", { a: 5, b: 3 }],
  "sse-retry": ["test_reconnection", {}],
  "elicitation-sep1034-client-defaults": ["test_client_elicitation_defaults", {}],
};

const manager = new ClientManager({
  config: { servers: { conformance: { transport: "streamable_http", url, sseFallback: false } } },
  clientInfo: { name: "foya-conformance-client", version: "0.1.0" },
  pingIntervalMs: 0,
  reconnect: { maxAttempts: 0 },
  // Accept with no fields: the manager declares applyDefaults, so the schema's defaults fill them.
  onElicitation: async () => ({ action: "accept", content: {} }),
});

let exitCode = 0;
try {
  await manager.start();
  const [status] = manager.status();
  if (status?.state !== "connected") throw new Error(`not connected: ${status?.lastError}`);
  const call = calls[scenario];
  if (call) {
    const result = await manager.callTool(`mcp__conformance__${call[0]}`, call[1]);
    console.log(JSON.stringify(result.content));
    if (result.isError) exitCode = 1;
  } else {
    console.log(JSON.stringify(manager.tools().map((tool) => tool.hostName)));
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await manager.close();
}
process.exit(exitCode);
