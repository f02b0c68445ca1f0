// foya benchmark: what the aggregator costs per call (tools/call through `foya serve` against a
// direct call and a bare SDK relay, at 1 and 30 upstreams: relay-overhead.mjs), and how long connecting 1, 10 and 50 servers takes with
// the client manager (parallel) against plain sequential SDK connections, in the same run.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { NodeClientManager } from "@foundry-mcp/client-manager/node";
import { fixed, median, table } from "../../../tooling/bench-measure.mjs";
import { relayOverheadSection } from "./relay-overhead.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const foyaBin = path.join(here, "../dist/foya.mjs");
const require = createRequire(import.meta.url);
const everything = path.join(path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")), "dist/index.js");
const foundryServer = path.join(here, "../../foundry-server/dist/server.mjs");

const roots = [];
try {
  // Aggregator overhead at 1 and 30 upstreams, against a bare SDK relay (relay-overhead.mjs).
  console.log(await relayOverheadSection({ foyaBin, everything, bareRelay: path.join(here, "bare-relay.mjs") }));

  // Connect time: N foundry-server processes.
  const rows = [];
  for (const count of [1, 10, 50]) {
    const servers = {};
    for (let i = 0; i < count; i += 1) {
      const root = mkdtempSync(path.join(os.tmpdir(), "bench-foya-root-"));
      roots.push(root);
      servers[`s${i}`] = { transport: "stdio", command: process.execPath, args: [foundryServer, "--root", root] };
    }
    const managed = [];
    const sequential = [];
    for (let run = 0; run < 3; run += 1) {
      const manager = new NodeClientManager({ config: { servers }, pingIntervalMs: 0 });
      let started = performance.now();
      await manager.start();
      managed.push(performance.now() - started);
      const connected = manager.status().filter((s) => s.state === "connected").length;
      if (connected !== count) throw new Error(`only ${connected}/${count} servers connected`);
      await manager.close();

      started = performance.now();
      const clients = [];
      for (const config of Object.values(servers)) {
        const client = new Client({ name: "bench", version: "0" });
        await client.connect(new StdioClientTransport({ command: config.command, args: config.args, stderr: "ignore" }));
        await client.listTools();
        clients.push(client);
      }
      sequential.push(performance.now() - started);
      await Promise.all(clients.map((c) => c.close()));
    }
    rows.push([String(count), fixed(median(managed), 0), fixed(median(sequential), 0), `${fixed(median(sequential) / median(managed), 2)}×`]);
  }
  console.log("\n## foya: connect time\n\nTime until every server is connected, its tools listed and registered (median of 3 runs, ms). The client manager connects all servers in parallel and also counts resources and prompts; the baseline connects them one after another with the SDK client and lists tools only.\n");
  console.log(table(["servers", "client manager (parallel)", "sequential SDK connects", "speed-up"], rows));
} finally {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
}
