// foya benchmark: what the aggregator costs per call (tools/call through `foya serve` against
// calling the same upstream directly), and how long connecting 1, 10 and 50 servers takes with
// the client manager (parallel) against plain sequential SDK connections, in the same run.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { NodeClientManager } from "@foundry-mcp/client-manager/node";
import { fixed, median, percentile, table } from "../../../tooling/bench-measure.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const foyaBin = path.join(here, "../dist/foya.mjs");
const require = createRequire(import.meta.url);
const everything = path.join(path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")), "dist/index.js");
const foundryServer = path.join(here, "../../foundry-server/dist/server.mjs");

async function timedCalls(client, name, args, count) {
  for (let i = 0; i < 20; i += 1) await client.callTool({ name, arguments: args }); // warm-up
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await client.callTool({ name, arguments: args });
    times.push(performance.now() - started);
  }
  return times;
}

const home = mkdtempSync(path.join(os.tmpdir(), "bench-foya-"));
const roots = [];
try {
  // Aggregator overhead.
  const direct = new Client({ name: "bench", version: "0" });
  await direct.connect(new StdioClientTransport({ command: process.execPath, args: [everything, "stdio"], stderr: "ignore" }));
  const directTimes = await timedCalls(direct, "echo", { message: "hello" }, 300);
  await direct.close();

  execFileSync(process.execPath, [foyaBin, "mcp", "add", "everything", "--", process.execPath, everything, "stdio"], { env: { ...process.env, FOYA_HOME: home } });
  const viaFoya = new Client({ name: "bench", version: "0" });
  await viaFoya.connect(new StdioClientTransport({ command: process.execPath, args: [foyaBin, "serve", "--approval", "auto"], env: { ...process.env, FOYA_HOME: home }, stderr: "ignore" }));
  const foyaTimes = await timedCalls(viaFoya, "mcp__everything__echo", { message: "hello" }, 300);
  await viaFoya.close();

  console.log("## foya: aggregator overhead and connect time\n");
  console.log("`tools/call` of server-everything's `echo` over stdio, 300 calls after 20 warm-up calls; times in ms.\n");
  console.log(
    table(
      ["path", "p50", "p95", "p99", "ratio (p50)"],
      [
        ["client → server-everything (direct)", fixed(median(directTimes), 2), fixed(percentile(directTimes, 95), 2), fixed(percentile(directTimes, 99), 2), "1.00×"],
        ["client → foya serve → server-everything", fixed(median(foyaTimes), 2), fixed(percentile(foyaTimes, 95), 2), fixed(percentile(foyaTimes, 99), 2), `${fixed(median(foyaTimes) / median(directTimes), 2)}×`],
      ],
    ),
  );

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
  console.log("\nTime until every server is connected, its tools listed and registered (median of 3 runs, ms). The client manager connects all servers in parallel and also counts resources and prompts; the baseline connects them one after another with the SDK client and lists tools only.\n");
  console.log(table(["servers", "client manager (parallel)", "sequential SDK connects", "speed-up"], rows));
} finally {
  rmSync(home, { recursive: true, force: true });
  for (const root of roots) rmSync(root, { recursive: true, force: true });
}
