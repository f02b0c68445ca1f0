// Gateway throughput by store: 32 concurrent clients calling read_tool → list_domains over
// Streamable HTTP on one SQLite instance, one PostgreSQL instance, and two PostgreSQL instances
// sharing one database (clients split evenly between them).
// Every request authenticates against the store, counts the shared hourly quota there and runs
// the tool's SQL. The three setups are measured in interleaved rounds; calls/s is the median
// over rounds, p50/p95 over every call of a setup. The headline is two ÷ one PostgreSQL instance.
// PostgreSQL is a throwaway cluster (tooling/postgres-cluster.mjs).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { childPids, cpuMs, fixed, machineTicks, median, percentile, table } from "../tooling/bench-measure.mjs";
import { startPostgres } from "../tooling/postgres-cluster.mjs";

const CLIENTS = 32;
const ROUNDS = 3;
const ROUND_MS = 4000;
const here = path.dirname(fileURLToPath(import.meta.url));
const gatewayDir = path.join(here, "../apps/amicited-gateway");
const gatewayBin = path.join(gatewayDir, "dist/gateway.mjs");
// The SDK is the gateway's dependency, not the root's: resolve it from the gateway's folder.
const fromGateway = createRequire(path.join(gatewayDir, "package.json"));
const sdk = (name) =>
  import(pathToFileURL(fromGateway.resolve(`@modelcontextprotocol/sdk/${name}`)).href);
const { Client } = await sdk("client/index.js");
const { StreamableHTTPClientTransport } = await sdk("client/streamableHttp.js");
const processes = [];
const cleanups = [];

const cli = (args) =>
  JSON.parse(execFileSync(process.execPath, [gatewayBin, ...args], { encoding: "utf8" }).trim());

function serve(storeArgs) {
  const child = spawn(
    process.execPath,
    [gatewayBin, "serve", ...storeArgs, "--port", "0", "--hourly-cap", "100000000", "--max-sessions-per-token", "200"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  processes.push(child);
  return new Promise((resolve, reject) => {
    let text = "";
    child.stderr.on("data", (chunk) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(text);
      if (match) resolve({ url: match[1], pid: child.pid });
    });
    child.on("exit", (code) => reject(new Error(`gateway exited (${code}): ${text}`)));
  });
}

async function connect(url, token) {
  const client = new Client({ name: "bench-instances", version: "0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const call = { name: "read_tool", arguments: { name: "list_domains", arguments: {} } };

/** CPU ms so far of each part of a setup: its gateways, PostgreSQL (postmaster and backends), the clients (this process), and the machine's ticks. */
function cpuNow(setup, postgresPid) {
  const sum = (pids) => pids.reduce((total, pid) => total + (cpuMs(pid) ?? 0), 0);
  const clients = process.cpuUsage();
  return {
    gateways: sum(setup.pids),
    postgres: setup.postgres ? sum([postgresPid, ...childPids(postgresPid)]) : 0,
    clients: (clients.user + clients.system) / 1000,
    machine: machineTicks(),
  };
}

/** One round: every client calls in a loop for ROUND_MS; calls/s and every latency. */
async function round(clients) {
  const latencies = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() - started < ROUND_MS) {
        const t0 = performance.now();
        const result = await client.callTool(call);
        if (result.isError) failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return {
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    latencies,
    failures,
  };
}

try {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-instances-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const sqliteToken = cli(["init", "--data", dataDir]).readToken;
  const cluster = await startPostgres();
  cleanups.push(() => cluster.stop());
  const database = cluster.createDatabase("bench");
  const postgresToken = cli(["init", "--database", database]).readToken;
  const [sqliteGateway, firstGateway, secondGateway] = await Promise.all([
    serve(["--data", dataDir]),
    serve(["--database", database]),
    serve(["--database", database]),
  ]);
  const [sqliteUrl, firstUrl, secondUrl] = [sqliteGateway, firstGateway, secondGateway].map((gateway) => gateway.url);
  const clientsOn = (urls, token) =>
    Promise.all(
      Array.from({ length: CLIENTS }, (_, index) => connect(urls[index % urls.length], token)),
    );
  const setups = [
    { name: "SQLite, one instance", clients: await clientsOn([sqliteUrl], sqliteToken), pids: [sqliteGateway.pid], postgres: false },
    { name: "PostgreSQL, one instance", clients: await clientsOn([firstUrl], postgresToken), pids: [firstGateway.pid], postgres: true },
    {
      name: "PostgreSQL, two instances",
      clients: await clientsOn([firstUrl, secondUrl], postgresToken),
      pids: [firstGateway.pid, secondGateway.pid],
      postgres: true,
    },
  ];
  for (const setup of setups) {
    for (const client of setup.clients) await client.callTool(call); // warm-up
    setup.rates = [];
    setup.latencies = [];
    setup.failures = 0;
    setup.cpu = { gateways: 0, postgres: 0, clients: 0, busy: 0, total: 0 };
  }
  for (let index = 0; index < ROUNDS; index++) {
    for (const setup of setups) {
      const before = cpuNow(setup, cluster.pid);
      const measured = await round(setup.clients);
      const after = cpuNow(setup, cluster.pid);
      for (const part of ["gateways", "postgres", "clients"]) setup.cpu[part] += after[part] - before[part];
      setup.cpu.busy += after.machine.busy - before.machine.busy;
      setup.cpu.total += after.machine.total - before.machine.total;
      setup.rates.push(measured.perSecond);
      setup.latencies.push(...measured.latencies);
      setup.failures += measured.failures;
    }
  }
  const [sqlite, onePg, twoPg] = setups;
  const ratios = onePg.rates.map((rate, index) => twoPg.rates[index] / rate);
  console.log("## Gateway throughput by store: SQLite, PostgreSQL with one and two instances\n");
  console.log(
    `**Two PostgreSQL instances ÷ one: ${fixed(median(ratios), 2)}×** (median of ${ROUNDS} interleaved rounds; per round ${ratios.map((ratio) => `${fixed(ratio, 2)}×`).join(", ")}).\n`,
  );
  console.log(
    `${CLIENTS} concurrent clients call \`read_tool\` → \`list_domains\` over Streamable HTTP on 127.0.0.1, ${ROUND_MS / 1000} s per round, ${ROUNDS} rounds with the three setups interleaved, after a warm-up. Each call authenticates its token, counts the hourly quota and runs the tool's SQL in the store. With two instances half the clients use each. Every process (clients, gateways, PostgreSQL) shares this machine's ${os.cpus().length} cores, so a second instance can only add what the first left idle: *machine busy* is the share of all cores' time in use during the setup's rounds (from /proc/stat), and the CPU columns are each part's own CPU time per call (from /proc), which says where a call's cost goes whatever the load. Latencies in ms.\n`,
  );
  const perCall = (setup, part) => fixed(setup.cpu[part] / setup.latencies.length, 2);
  console.log(
    table(
      ["store", "calls/s (median)", "p50", "p95", "calls", "errors", "÷ SQLite", "machine busy", "gateway CPU ms/call", "PostgreSQL CPU ms/call", "clients CPU ms/call"],
      setups.map((setup) => [
        setup.name,
        fixed(median(setup.rates), 0),
        fixed(median(setup.latencies)),
        fixed(percentile(setup.latencies, 95)),
        String(setup.latencies.length),
        String(setup.failures),
        `${fixed(median(setup.rates) / median(sqlite.rates), 2)}×`,
        `${fixed((100 * setup.cpu.busy) / setup.cpu.total, 0)}%`,
        perCall(setup, "gateways"),
        setup.postgres ? perCall(setup, "postgres") : "—",
        perCall(setup, "clients"),
      ]),
    ),
  );
  for (const setup of setups) await Promise.all(setup.clients.map((client) => client.close()));
} finally {
  for (const child of processes) child.kill("SIGTERM");
  await Promise.all(
    processes.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null ? resolve() : child.once("exit", resolve),
        ),
    ),
  );
  for (const cleanup of cleanups.reverse()) cleanup();
}
