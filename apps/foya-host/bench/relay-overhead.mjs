// What an aggregator adds to one tools/call, at 1 and 30 upstreams: a direct call to
// server-everything, the bare SDK relay (bare-relay.mjs, on stdio and on the SDK's HTTP transport) and `foya serve` over stdio and HTTP, measured in
// interleaved rounds (every setup once per round, the order rotating) so that load from the rest
// of the machine falls on all of them alike. Every call goes to the last upstream's `echo`; the
// other upstreams only fill the registry, which is what must not cost anything per call. Each
// figure is computed per round and printed as its median and min–max over the rounds (issue 36
// D10: the spread, not one run).
import { execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { cpuMs, median, percentile, spread, table } from "../../../tooling/bench-measure.mjs";

// BENCH_ROUNDS makes a quick run (the report uses the default).
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 5;
const SEQUENTIAL_CALLS = 100;
const PARALLEL_CALLS = 200;
const IN_FLIGHT = 8;

async function connectStdio(command, args, env = process.env) {
  const client = new Client({ name: "bench", version: "0" });
  const transport = new StdioClientTransport({ command, args, env, stderr: "ignore" });
  await client.connect(transport);
  return { client, pid: transport.pid };
}

/** A FOYA_HOME with `count` server-everything servers ev0…ev<count-1>. */
function foyaHome(foyaBin, everything, count) {
  const home = mkdtempSync(path.join(os.tmpdir(), "bench-foya-relay-"));
  for (let index = 0; index < count; index += 1) {
    execFileSync(process.execPath, [foyaBin, "mcp", "add", `ev${index}`, "--", process.execPath, everything, "stdio"], { env: { ...process.env, FOYA_HOME: home } });
  }
  return home;
}

/** `foya serve --http` on 127.0.0.1, port 0, over `home`; the client speaks Streamable HTTP to it. */
async function connectFoyaHttp(foyaBin, home) {
  // Its stderr goes to a file in the home, to be shown if the run fails.
  const log = openSync(path.join(home, "serve-http.log"), "a");
  const child = spawn(process.execPath, [foyaBin, "serve", "--http", "--port", "0", "--token", "bench-token"], { env: { ...process.env, FOYA_HOME: home }, stdio: ["ignore", "ignore", log] });
  closeSync(log);
  const endpoint = path.join(home, "serve.json");
  const deadline = Date.now() + 60_000;
  while (!existsSync(endpoint)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("foya serve --http did not start");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { url } = JSON.parse(readFileSync(endpoint, "utf8"));
  const client = new Client({ name: "bench", version: "0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: "Bearer bench-token" } } });
  await client.connect(transport);
  const close = async () => {
    await transport.terminateSession().catch(() => undefined);
    await client.close();
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { client, pid: child.pid, close };
}

/** The bare relay with --http: it prints its URL on stdout once it listens. */
async function connectBareHttp(bareRelay, count, everything) {
  const child = spawn(process.execPath, [bareRelay, "--http", String(count), process.execPath, everything, "stdio"], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk.toString("utf8");
      if (text.includes("\n")) resolve(text.split("\n")[0].trim());
    });
    child.once("exit", () => reject(new Error("bare HTTP relay exited before listening")));
  });
  const client = new Client({ name: "bench", version: "0" });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  const close = async () => {
    await client.close();
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { client, pid: child.pid, close };
}

/** Waits until `name` is listed (foya lists slower upstreams later, with list_changed). */
async function waitForTool(client, name) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await client.listTools()).tools.some((tool) => tool.name === name)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} never appeared`);
}

async function sequential(setup) {
  const times = [];
  for (let index = 0; index < SEQUENTIAL_CALLS; index += 1) {
    const started = performance.now();
    await setup.client.callTool({ name: setup.tool, arguments: { message: "hello" } });
    times.push(performance.now() - started);
  }
  return times;
}

async function parallel(setup) {
  const times = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < PARALLEL_CALLS) {
      next += 1;
      const callStarted = performance.now();
      await setup.client.callTool({ name: setup.tool, arguments: { message: "hello" } });
      times.push(performance.now() - callStarted);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { times, perSecond: PARALLEL_CALLS / ((performance.now() - started) / 1000) };
}

/**
 * Runs the relay benchmark and returns its markdown section. `extraSetups(count)` may add setups
 * (foya over HTTP) as `{ label, open() → {client, tool, close} }`.
 */
export async function relayOverheadSection({ foyaBin, everything, bareRelay, counts = [1, 30], extraSetups = () => [] }) {
  const homes = [];
  const rows = [];
  try {
    for (const count of counts) {
      const home = foyaHome(foyaBin, everything, count);
      homes.push(home);
      const last = count - 1;
      const setups = [
        { label: "direct", open: async () => ({ ...(await connectStdio(process.execPath, [everything, "stdio"])), pid: undefined, tool: "echo" }) },
        { label: "bare SDK relay (stdio)", open: async () => ({ ...(await connectStdio(process.execPath, [bareRelay, String(count), process.execPath, everything, "stdio"])), tool: `s${last}__echo` }) },
        { label: "bare SDK relay (HTTP)", open: async () => ({ ...(await connectBareHttp(bareRelay, count, everything)), tool: `s${last}__echo` }) },
        {
          label: "foya serve (stdio)",
          open: async () => {
            const session = await connectStdio(process.execPath, [foyaBin, "serve", "--approval", "auto"], { ...process.env, FOYA_HOME: home });
            await waitForTool(session.client, `mcp__ev${last}__echo`);
            return { ...session, tool: `mcp__ev${last}__echo` };
          },
        },
        {
          label: "foya serve (HTTP)",
          open: async () => {
            const session = await connectFoyaHttp(foyaBin, home);
            await waitForTool(session.client, `mcp__ev${last}__echo`);
            return { ...session, tool: `mcp__ev${last}__echo` };
          },
        },
        ...extraSetups(home, last),
      ];
      const opened = [];
      for (const setup of setups) {
        const session = await setup.open();
        for (let index = 0; index < 20; index += 1) await session.client.callTool({ name: session.tool, arguments: { message: "warm" } });
        opened.push({ ...setup, ...session, rounds: [] });
      }
      for (let round = 0; round < ROUNDS; round += 1) {
        for (let offset = 0; offset < opened.length; offset += 1) {
          const setup = opened[(round + offset) % opened.length];
          const cpuBefore = setup.pid === undefined ? undefined : cpuMs(setup.pid);
          const calls = await sequential(setup);
          const burst = await parallel(setup);
          const cpuAfter = setup.pid === undefined ? undefined : cpuMs(setup.pid);
          const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : Number.NaN;
          setup.rounds.push({ sequential: calls, parallel: burst.times, perSecond: burst.perSecond, cpuPerCall: cpu / (SEQUENTIAL_CALLS + PARALLEL_CALLS) });
        }
      }
      for (const setup of opened) await (setup.close ? setup.close() : setup.client.close());
      const [direct, bare, bareHttp] = opened;
      // One value per round (the direct call's and the relays' of the same round), then their spread.
      const perRound = (pick) => Array.from({ length: ROUNDS }, (_, round) => pick(round));
      const added = (setup, p) => perRound((round) => percentile(setup.rounds[round].sequential, p) - percentile(direct.rounds[round].sequential, p));
      const ratio = (setup, relay) => perRound((round) => added(setup, 50)[round] / added(relay, 50)[round]);
      const cpuRatio = (setup, relay) => perRound((round) => setup.rounds[round].cpuPerCall / relay.rounds[round].cpuPerCall);
      const of = (setup, pick) => perRound((round) => pick(setup.rounds[round]));
      const baselines = [direct, bare, bareHttp];
      for (const setup of opened) {
        const isBaseline = setup === direct;
        // Each foya row against the bare relay on its own transport, and against the stdio one.
        const relay = setup.label.includes("HTTP") ? bareHttp : bare;
        const compared = !baselines.includes(setup);
        rows.push([
          String(count),
          setup.label,
          spread(of(setup, (round) => median(round.sequential)), 2),
          isBaseline ? "—" : spread(added(setup, 50), 2),
          isBaseline ? "—" : spread(added(setup, 95), 2),
          compared ? spread(ratio(setup, relay), 2) : "—",
          compared || setup === bareHttp ? spread(ratio(setup, bare), 2) : "—",
          spread(of(setup, (round) => median(round.parallel)), 2),
          spread(of(setup, (round) => round.perSecond), 0),
          isBaseline ? "—" : spread(of(setup, (round) => round.cpuPerCall), 3),
          compared ? spread(cpuRatio(setup, relay), 2) : "—",
        ]);
      }
    }
  } finally {
    for (const home of homes) {
      if (process.env.KEEP_BENCH_HOMES) console.error(`kept ${home}`);
      else rmSync(home, { recursive: true, force: true });
    }
  }
  return [
    "## foya serve: added latency per call against a bare SDK relay, at 1 and 30 upstreams\n",
    `server-everything's \`echo\` on the last upstream. ${ROUNDS} interleaved rounds; each round ${SEQUENTIAL_CALLS} calls one at a time (p50/p95 and the added ms over the direct call of the same round) and ${PARALLEL_CALLS} calls with ${IN_FLIGHT} in flight (p50 and calls/s). Every figure is computed per round and shown as the median over the ${ROUNDS} rounds with their range (min–max) in brackets. Times in ms; \`÷ relay\` is the added p50 over the bare relay's on the same transport (target ≤ 1.1), \`÷ stdio relay\` over the bare stdio relay's (the issue's figure). \`relay CPU/call\` is the relaying process's own CPU time (user + system, from /proc, ms) over a round's calls: unlike wall time it does not move with the load of the rest of the machine.\n`,
    table(["upstreams", "path", "p50", "added p50", "added p95", "÷ relay", "÷ stdio relay", `p50, ${IN_FLIGHT} in flight`, "calls/s", "relay CPU/call", "CPU ÷ relay"], rows),
  ].join("\n");
}
