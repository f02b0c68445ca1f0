// What an aggregator adds to one tools/call, at 1 and 30 upstreams: a direct call to
// server-everything, the bare SDK relay (bare-relay.mjs) and `foya serve`, measured in
// interleaved rounds (every setup once per round, the order rotating) so that load from the rest
// of the machine falls on all of them alike. Every call goes to the last upstream's `echo`; the
// other upstreams only fill the registry, which is what must not cost anything per call.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fixed, median, percentile, table } from "../../../tooling/bench-measure.mjs";

const ROUNDS = 5;
const SEQUENTIAL_CALLS = 100;
const PARALLEL_CALLS = 200;
const IN_FLIGHT = 8;

async function connectStdio(command, args, env = process.env) {
  const client = new Client({ name: "bench", version: "0" });
  const transport = new StdioClientTransport({ command, args, env, stderr: "ignore" });
  await client.connect(transport);
  return { client, pid: transport.pid };
}

// CPU time (user + system, ms) a process has used, from /proc (Linux); undefined elsewhere. The
// relay's own CPU per call does not depend on what else the machine runs, unlike wall time.
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** A FOYA_HOME with `count` server-everything servers ev0…ev<count-1>. */
function foyaHome(foyaBin, everything, count) {
  const home = mkdtempSync(path.join(os.tmpdir(), "bench-foya-relay-"));
  for (let index = 0; index < count; index += 1) {
    execFileSync(process.execPath, [foyaBin, "mcp", "add", `ev${index}`, "--", process.execPath, everything, "stdio"], { env: { ...process.env, FOYA_HOME: home } });
  }
  return home;
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
        { label: "bare SDK relay", open: async () => ({ ...(await connectStdio(process.execPath, [bareRelay, String(count), process.execPath, everything, "stdio"])), tool: `s${last}__echo` }) },
        {
          label: "foya serve (stdio)",
          open: async () => {
            const session = await connectStdio(process.execPath, [foyaBin, "serve", "--approval", "auto"], { ...process.env, FOYA_HOME: home });
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
        opened.push({ ...setup, ...session, sequential: [], parallel: [], perSecond: [], cpu: 0, calls: 0 });
      }
      for (let round = 0; round < ROUNDS; round += 1) {
        for (let offset = 0; offset < opened.length; offset += 1) {
          const setup = opened[(round + offset) % opened.length];
          const cpuBefore = setup.pid === undefined ? undefined : cpuMs(setup.pid);
          setup.sequential.push(...(await sequential(setup)));
          const burst = await parallel(setup);
          setup.parallel.push(...burst.times);
          setup.perSecond.push(burst.perSecond);
          const cpuAfter = setup.pid === undefined ? undefined : cpuMs(setup.pid);
          if (cpuBefore !== undefined && cpuAfter !== undefined) setup.cpu += cpuAfter - cpuBefore;
          setup.calls += SEQUENTIAL_CALLS + PARALLEL_CALLS;
        }
      }
      for (const setup of opened) await (setup.close ? setup.close() : setup.client.close());
      const [direct, bare] = opened;
      const added = (setup, p) => percentile(setup.sequential, p) - percentile(direct.sequential, p);
      const cpuPerCall = (setup) => (setup.pid === undefined || setup.calls === 0 ? Number.NaN : setup.cpu / setup.calls);
      for (const setup of opened) {
        const isBaseline = setup === direct;
        rows.push([
          String(count),
          setup.label,
          fixed(median(setup.sequential), 2),
          isBaseline ? "—" : fixed(added(setup, 50), 2),
          isBaseline ? "—" : fixed(added(setup, 95), 2),
          setup === direct || setup === bare ? "—" : `${fixed(added(setup, 50) / added(bare, 50), 2)}`,
          fixed(median(setup.parallel), 2),
          fixed(median(setup.perSecond), 0),
          isBaseline ? "—" : fixed(cpuPerCall(setup), 3),
          setup === direct || setup === bare ? "—" : fixed(cpuPerCall(setup) / cpuPerCall(bare), 2),
        ]);
      }
    }
  } finally {
    for (const home of homes) rmSync(home, { recursive: true, force: true });
  }
  return [
    "## foya serve: added latency per call against a bare SDK relay, at 1 and 30 upstreams\n",
    `server-everything's \`echo\` on the last upstream. ${ROUNDS} interleaved rounds; each round ${SEQUENTIAL_CALLS} calls one at a time (p50/p95 and the added ms over the direct call) and ${PARALLEL_CALLS} calls with ${IN_FLIGHT} in flight (p50 and calls/s). Times in ms; \`÷ relay\` is foya's added p50 over the bare relay's (target ≤ 1.1). \`relay CPU/call\` is the relaying process's own CPU time (user + system, from /proc, ms) over all its calls: unlike wall time it does not move with the load of the rest of the machine.\n`,
    table(["upstreams", "path", "p50", "added p50", "added p95", "÷ relay", `p50, ${IN_FLIGHT} in flight`, "calls/s", "relay CPU/call", "CPU ÷ relay"], rows),
  ].join("\n");
}
