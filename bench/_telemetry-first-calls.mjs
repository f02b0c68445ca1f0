// A probe, not a bench section (scripts/bench.mjs runs no bench/_*.mjs): telemetry's own CPU over a
// relay's first calls (issue #33, decision 0032's question), without the relay around it. Each
// fresh process imports one built checkout's @foundry-mcp/telemetry, starts export (all sampled,
// a sampled traceparent in every request's _meta, like telemetry-cost.mjs's "all" setup) and
// measures what foya's relay asks of it per call (a server span, its client span parented by the
// server's traceparent, both durations) over calls 150–350, the window telemetry-cost.mjs calls
// "first calls". No stdio, no upstream, no SDK: on a shared machine its ratios settle with far
// fewer processes than the relay's. Setups: `all` (the OTLP receiver is in this process) and
// `all-no-export` (batches of 2048, so no export falls inside the window: the difference is what
// the window's first export costs), `off` (no export, no /metrics: the harness alone) and
// `off-bare-post` (`off`, plus at call 256, where `all` exports, one POST of a batch's size, 512
// spans' ~330 kB in 64 KiB pieces, on a fresh TCP connection by bare net calls, its answer awaited:
// the floor any exporter pays in Node, to tell from what is ours; decision 0038), `default` and
// `default-no-export` (the default sampler, parentbased_always_on, and no traceparent in the
// requests: every server span a sampled root, as in telemetry-cost.mjs's "on" setup).
// Run: TELEMETRY_PROBE="before=/work/wt/base-4a3c156:all,after=.:all" node bench/_telemetry-first-calls.mjs
// (TELEMETRY_PROBE_ROUNDS, default 40; each round runs every variant once, in rotating order).
// TELEMETRY_PROBE_WINDOW=steady measures calls 4,350–4,850 instead, telemetry-cost.mjs's steady
// window (each process warms up for 4,350 calls first): telemetry's warm cost, with two exports
// (every 256 calls) in the window; off-bare-post then posts at each of them.
// TELEMETRY_PROBE_PROFILE=<dir>: each process also profiles its measured window (node:inspector,
// 50 µs sampling) into <dir>/<variant>-<round>.cpuprofile, and the run prints, per variant, the
// functions with the most self time in the window summed over its processes (µs per call), so two
// setups' windows can be compared function by function (decision 0039). Profiling adds its own
// cost: take its figures for where time goes, the unprofiled run's for how much.
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { median } from "../tooling/bench-measure.mjs";
import { startOtlpReceiver } from "../tooling/otlp-receiver.mjs";
import { selfTimeRows, startWindowProfile } from "./_window-profile.mjs";

// The measured window of each TELEMETRY_PROBE_WINDOW: first calls (default) or steady state.
const WINDOWS = { first: { warmUpCalls: 150, measuredCalls: 200 }, steady: { warmUpCalls: 4350, measuredCalls: 500 } };
// 512 spans (OTEL_BSP_MAX_EXPORT_BATCH_SIZE's default), two a call: a batch leaves every 256 calls.
const EXPORT_EVERY_CALLS = 256;
const BATCH_BYTES = 330_000;
const PIECE_BYTES = 64 * 1024;
const here = fileURLToPath(import.meta.url);

/** Pieces of one batch's size that a receiver reads as an empty OTLP request (JSON with spaces). */
function batchSizedPieces() {
  const pieces = [Buffer.from('{"resourceSpans":[]}')];
  for (let left = BATCH_BYTES; left > 0; left -= PIECE_BYTES) pieces.push(Buffer.alloc(Math.min(left, PIECE_BYTES), " "));
  return pieces;
}

/** One POST of `pieces` to the receiver on a fresh connection, corked (one writev); settles on its answer. */
function barePost(url, pieces) {
  const { hostname, port, pathname } = new URL(`${url}/v1/traces`);
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
  return new Promise((resolve, reject) => {
    socket.once("data", resolve).once("error", reject);
    socket.cork();
    socket.write(`POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`);
    for (const piece of pieces) socket.write(piece);
    socket.uncork();
  }).finally(() => socket.destroy());
}

/** Child: one process's telemetry CPU per call (µs) over the measured calls, written to stdout. */
async function measureOneProcess(windowName, checkout, sampledParent, barePostTo, profilePath) {
  const { warmUpCalls, measuredCalls } = WINDOWS[windowName];
  const { startTelemetry, operationFacts } = await import(pathToFileURL(path.resolve(checkout, "packages/telemetry/dist/index.js")).href);
  const telemetry = await startTelemetry({ service: { name: "first-calls-probe", version: "0" }, localMetrics: false });
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const relayedCall = async (id) => {
    const meta = sampledParent ? { traceparent: `00-${"ab".repeat(16)}-${(id + 1).toString(16).padStart(16, "0")}-01` } : undefined;
    const served = operationFacts({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "mcp__ev0__echo", arguments: { message: "hello" }, ...(meta && { _meta: meta }) } });
    const server = telemetry.startOperation("server", served, { transport: "pipe", protocolVersion: "2025-11-25" });
    const parent = server.traceParent();
    const sent = operationFacts({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { message: "hello" }, ...(parent && { _meta: { ...parent } }) } });
    const client = telemetry.startOperation("client", sent, { transport: "pipe", protocolVersion: "2025-11-25", upstream: "ev0" });
    await turn();
    client.end({});
    server.end({});
    await turn();
  };
  const pieces = barePostTo ? batchSizedPieces() : [];
  for (let id = 0; id < warmUpCalls; id += 1) await relayedCall(id);
  const profile = profilePath ? await startWindowProfile() : undefined;
  const before = process.cpuUsage();
  for (let id = warmUpCalls; id < warmUpCalls + measuredCalls; id += 1) {
    // Not awaited, as telemetry's own export is not: what of it falls in the window counts.
    if (barePostTo && id % EXPORT_EVERY_CALLS === 0) barePost(barePostTo, pieces).catch(() => undefined);
    await relayedCall(id);
  }
  const used = process.cpuUsage(before);
  if (profile) writeFileSync(profilePath, JSON.stringify(await profile.stop()));
  process.stdout.write(String((used.user + used.system) / measuredCalls));
  await telemetry.shutdown();
  process.exit(0);
}

if (process.argv[2] === "--child") await measureOneProcess(process.argv[3], process.argv[4], process.argv[5] === "1", process.argv[6] || undefined, process.argv[7]);
else {
  const run = promisify(execFile);
  const receiver = await startOtlpReceiver();
  const withoutOtel = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("OTEL_")));
  const defaultSampler = { ...withoutOtel, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
  const exporting = { ...defaultSampler, OTEL_TRACES_SAMPLER: "always_on" };
  const noExport = { OTEL_BSP_MAX_EXPORT_BATCH_SIZE: "2048", OTEL_BSP_MAX_QUEUE_SIZE: "4096" };
  const envs = {
    off: withoutOtel,
    "off-bare-post": withoutOtel,
    all: exporting,
    "all-no-export": { ...exporting, ...noExport },
    default: defaultSampler,
    "default-no-export": { ...defaultSampler, ...noExport },
  };
  const variants = (process.env.TELEMETRY_PROBE ?? "").split(",").filter(Boolean).map((entry) => {
    const [name, rest] = entry.split("=");
    const [checkout, setup] = rest.split(":");
    if (!envs[setup]) throw new Error(`${name}: setup "${setup}" is none of ${Object.keys(envs).join(", ")}`);
    return { name, checkout, setup, perCallUs: [], profiles: [] };
  });
  if (variants.length === 0) throw new Error('TELEMETRY_PROBE names no variant (e.g. "before=/work/wt/base-4a3c156:all,after=.:all")');
  const rounds = Number(process.env.TELEMETRY_PROBE_ROUNDS) || 40;
  const windowName = process.env.TELEMETRY_PROBE_WINDOW ?? "first";
  if (!WINDOWS[windowName]) throw new Error(`TELEMETRY_PROBE_WINDOW=${windowName} is none of ${Object.keys(WINDOWS).join(", ")}`);
  const { warmUpCalls, measuredCalls } = WINDOWS[windowName];
  const profileDir = process.env.TELEMETRY_PROBE_PROFILE;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  for (let round = 0; round < rounds; round += 1) {
    const order = variants.map((_, offset) => variants[(round + offset) % variants.length]);
    for (const variant of round % 2 === 0 ? order : order.reverse()) {
      // Asynchronous: the receiver answers the child's export from this process's event loop.
      const sampledParent = variant.setup.startsWith("all");
      const profilePath = profileDir ? path.join(profileDir, `${variant.name}-${round}.cpuprofile`) : "";
      const args = [here, "--child", windowName, variant.checkout, sampledParent ? "1" : "0", variant.setup === "off-bare-post" ? receiver.url : "", profilePath];
      const { stdout } = await run(process.execPath, args, { env: envs[variant.setup], encoding: "utf8" });
      variant.perCallUs.push(Number(stdout));
      if (profilePath) variant.profiles.push(profilePath);
    }
  }
  await receiver.close();
  const [reference] = variants;
  console.log(`telemetry CPU per call over calls ${warmUpCalls}–${warmUpCalls + measuredCalls}, ${rounds} fresh processes per variant; ratio = median of the rounds' ratios to ${reference.name} [quartiles]`);
  for (const variant of variants) {
    const ratios = variant.perCallUs.map((us, round) => us / reference.perCallUs[round]).sort((a, b) => a - b);
    const quartile = (fraction) => ratios[Math.floor(fraction * (ratios.length - 1))].toFixed(3);
    console.log(`${variant.name.padEnd(16)} ${median(variant.perCallUs).toFixed(1).padStart(7)} µs/call  ${median(ratios).toFixed(3)} [${quartile(0.25)}–${quartile(0.75)}]`);
  }
  if (profileDir) {
    for (const variant of variants) {
      console.log(`\n${variant.name}: self time in the window, µs per call (mean over ${variant.profiles.length} profiled processes)`);
      for (const row of selfTimeRows(variant.profiles, measuredCalls, 25)) console.log(`${row.us.toFixed(2).padStart(8)}  ${row.name}`);
    }
  }
}
