// The load and the profiled runs of bench/telemetry-cost.mjs (a helper: scripts/bench.mjs runs no bench/_*.mjs): the gateway's and foya's load, one
// fresh process per setup under `node --cpu-prof`, and the profile read by module
// (tooling/cpu-profile.mjs) into telemetry's share and a by-module table.
import { mkdtempSync, readdirSync, readFileSync, rmSync, cpSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fixed } from "../tooling/bench-measure.mjs";
import { groupedSelfUs, selfTimes } from "../tooling/cpu-profile.mjs";
import { startGateway } from "../apps/amicited-gateway/bench/start-gateway.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const fromGateway = createRequire(path.join(root, "apps/amicited-gateway/package.json"));
/** Imports an SDK subpath from the gateway's dependencies. */
export const sdk = (name) => import(pathToFileURL(fromGateway.resolve(`@modelcontextprotocol/sdk/${name}`)).href);
const { Client } = await sdk("client/index.js");
const { StreamableHTTPClientTransport } = await sdk("client/streamableHttp.js");
const { StdioClientTransport } = await sdk("client/stdio.js");
// Sampling every 500 µs costs the profiled process little while a 4 s load still gives thousands of samples.
const PROFILE_INTERVAL_US = 500;
const keptProfiles = process.env.TELEMETRY_BENCH_PROFILES;

let spanCounter = 0;
/** A sampled traceparent for the all-sampled setup: every call is a child of a sampled client span. */
const metaOf = (variant) => {
  if (!variant.traceparent) return undefined;
  spanCounter += 1;
  return { traceparent: `00-${"ab".repeat(16)}-${spanCounter.toString(16).padStart(16, "0")}-01` };
};

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

export async function connectGatewayClients(url, token, count) {
  const clients = [];
  for (let index = 0; index < count; index += 1) {
    const client = new Client({ name: "bench-telemetry", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    clients.push(client);
  }
  return clients;
}

/** Every client calls `read_tool` → `list_domains` in a loop for `ms`; each latency goes into `latencies`. */
export async function gatewayLoad(clients, variant, ms, latencies) {
  const started = performance.now();
  let calls = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() - started < ms) {
        const t0 = performance.now();
        const meta = metaOf(variant);
        await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} }, ...(meta ? { _meta: meta } : {}) });
        latencies.push(performance.now() - t0);
        calls += 1;
      }
    }),
  );
  return { calls, seconds: (performance.now() - started) / 1000 };
}

/** `calls` sequential `echo` calls through foya; their latencies (ms). */
export async function relayLoad(client, variant, calls) {
  const times = [];
  for (let index = 0; index < calls; index += 1) {
    const t0 = performance.now();
    const meta = metaOf(variant);
    await client.callTool({ name: "mcp__ev0__echo", arguments: { message: "hello" }, ...(meta ? { _meta: meta } : {}) });
    times.push(performance.now() - t0);
  }
  return times;
}

const profileArgs = (dir) => ["--cpu-prof", "--cpu-prof-dir", dir, "--cpu-prof-interval", String(PROFILE_INTERVAL_US)];

/** Waits (polling, the profile is written at exit) for the one .cpuprofile in `dir`; reads it and removes `dir`. */
async function takeProfile(dir, label) {
  const deadline = Date.now() + 30_000;
  let files = [];
  while ((files = readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"))).length === 0) {
    if (Date.now() > deadline) throw new Error(`${label}: no .cpuprofile in ${dir} 30 s after the process was asked to end`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The file appears before it is complete: read until it parses.
  for (;;) {
    try {
      const profile = JSON.parse(readFileSync(path.join(dir, files[0]), "utf8"));
      if (keptProfiles) {
        mkdirSync(keptProfiles, { recursive: true });
        cpSync(path.join(dir, files[0]), path.join(keptProfiles, `${label.replace(/[^\w]+/g, "-")}.cpuprofile`));
      }
      rmSync(dir, { recursive: true, force: true });
      return profile;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** One gateway of `variant` under --cpu-prof, warmed up, then `ms` of the load; its self times during the load. */
export async function profileGateway(variant, { clients: count, ms }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-telemetry-prof-"));
  const { url, init, server, stop } = await startGateway(variant.gatewayBin, profileArgs(dir), variant.env);
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const clients = await connectGatewayClients(url, init.readToken, count);
  await gatewayLoad(clients, variant, 300, []);
  const from = nowUs();
  const { calls } = await gatewayLoad(clients, variant, ms, []);
  const to = nowUs();
  await Promise.all(clients.map((client) => client.close()));
  stop(); // SIGTERM: the gateway drains and exits, and Node writes the profile
  await exited;
  const profile = await takeProfile(dir, `gateway ${variant.name}`);
  return { ...selfTimes(profile, variant.gatewayBin, from, to), calls };
}

/** One `foya serve` of `variant` under --cpu-prof, then `calls` relayed calls; its self times during them. */
export async function profileRelay(variant, home, calls) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-telemetry-prof-"));
  const transport = new StdioClientTransport({ command: process.execPath, args: [...profileArgs(dir), variant.foyaBin, "serve"], env: { ...variant.env, FOYA_HOME: home }, stderr: "ignore" });
  const client = new Client({ name: "bench-telemetry", version: "0" });
  await client.connect(transport);
  await relayLoad(client, variant, 100);
  const from = nowUs();
  await relayLoad(client, variant, calls);
  const to = nowUs();
  await client.close(); // stdin ends: foya shuts down and Node writes the profile
  const profile = await takeProfile(dir, `foya ${variant.name}`);
  return { ...selfTimes(profile, variant.foyaBin, from, to), calls };
}

const TELEMETRY_FILE = /^(packages\/telemetry|src\/(?:.*\/)?[^/]*(?:telemetry|metrics)[^/]*\.ts)$/;
const TELEMETRY_NAME = /telemetry|traced|traceparent|metric/i;
/** Whether a function is telemetry code (see the bench's text for the rule). */
export const isTelemetry = ({ module, functionName }) => TELEMETRY_FILE.test(module) || TELEMETRY_NAME.test(functionName);

/** The share (0..1) of a profiled run's busy samples that `keep(entry)` functions account for (their JavaScript and the runtime calls they made). */
const shareOf = (run, keep) => (groupedSelfUs(run.functions, (entry) => (keep(entry) ? "kept" : undefined)).get("kept") ?? 0) / run.busyUs;

/**
 * One row per setup: telemetry's share of the gateway's and foya's profiled samples, and that
 * share of the CPU per call measured (without the profiler) in the setup's rounds, `cpuMsPerCall`.
 */
export function telemetryShareRows(variants, profiles, cpuMsPerCall) {
  return variants.map((variant, index) => {
    const cells = [];
    for (const part of ["gateway", "relay"]) {
      const run = profiles[part][index];
      const share = shareOf(run, isTelemetry);
      const ownShare = (groupedSelfUs(run.functions, (entry) => (isTelemetry(entry) ? "kept" : undefined), false).get("kept") ?? 0) / run.busyUs;
      cells.push(`${fixed(100 * share, 1)}% (${fixed(100 * ownShare, 1)}%)`, fixed(share * cpuMsPerCall[part][index] * 1000, 1));
    }
    return [variant.name, ...cells];
  });
}

/** The `top` busiest modules as µs per call: their share of each run's samples times `cpuMsPerCall[run]`; then the rest and the total. */
export function moduleRows(runs, cpuMsPerCall, top) {
  const perRun = runs.map((run, index) => {
    const totals = groupedSelfUs(run.functions, (entry) => entry.module);
    for (const [module, us] of totals) totals.set(module, (us / run.busyUs) * cpuMsPerCall[index] * 1000);
    return totals;
  });
  const busiest = [...new Set(perRun.flatMap((totals) => [...totals.keys()]))]
    .map((module) => ({ module, most: Math.max(...perRun.map((totals) => totals.get(module) ?? 0)) }))
    .sort((a, b) => b.most - a.most)
    .slice(0, top)
    .map(({ module }) => module);
  const rows = busiest.map((module) => [`\`${module}\``, ...perRun.map((totals) => fixed(totals.get(module) ?? 0, 1))]);
  const rest = perRun.map((totals) => [...totals].filter(([module]) => !busiest.includes(module)).reduce((sum, [, us]) => sum + us, 0));
  rows.push(["everything else", ...rest.map((us) => fixed(us, 1))]);
  rows.push(["**CPU per call (rounds, /proc)**", ...cpuMsPerCall.map((ms) => `**${fixed(ms * 1000, 1)}**`)]);
  return rows;
}
