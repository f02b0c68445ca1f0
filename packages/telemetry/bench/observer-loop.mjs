// The telemetry package's own CPU per relayed call with OTLP export on, in one process: the observer
// calls foya makes for one relayed tools/call (server operation, traceParentOf, client operation
// with its traceparent injected, the upstream's answer, the answer to the client), spans exported
// to a drain receiver in a child process (so its parsing is not counted). A manual A/B tool, not
// part of `pnpm bench` (only bench/run.mjs is): give it several built dist folders, e.g. a copy of
// main's `packages/telemetry/dist` and this checkout's, and it runs them in turns in fresh
// processes and prints each one's median µs per call. Far less noisy than foya's relay (no pipes,
// no upstream), so it tells a change to this package apart from the machine's load.
// `--traced` gives every incoming request a sampled traceparent of its own in params._meta, as a
// traced client sends (the relay bench's "all sampled"); without it each call is a sampled root.
// Usage: node packages/telemetry/bench/observer-loop.mjs <dist> [<dist>…] [--runs 6] [--calls 50000] [--traced]
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : Number(args.splice(index, 2)[1]);
};
const tracedAt = args.indexOf("--traced");
const traced = tracedAt !== -1 || process.env.OBSERVER_LOOP_TRACED === "1";
if (tracedAt !== -1) args.splice(tracedAt, 1);
const runs = option("--runs", 6);
const calls = option("--calls", 50_000);
const WARM_UP_CALLS = 20_000;
const REPEATS = 5;

/** In a child: µs of process CPU per call for `calls` calls through the dist at `dist` (median of REPEATS). */
async function measure(dist) {
  const drain = spawn(process.execPath, ["-e", 'const s=require("http").createServer((q,r)=>{q.resume();q.on("end",()=>r.end("{}"))}).listen(0,"127.0.0.1",()=>console.log(s.address().port))'], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve) => drain.stdout.once("data", (data) => resolve(String(data).trim())));
  const telemetry = await import(pathToFileURL(path.join(dist, "index.js")).href);
  await telemetry.startTelemetry({ service: { name: "observer-loop", version: "0" }, env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` }, localMetrics: false });
  const server = new telemetry.ServerOperations({ transport: "pipe" });
  const client = new telemetry.ClientOperations({ transport: "pipe", upstream: "ev0" });
  server.setProtocolVersion("2025-11-25");
  client.setProtocolVersion("2025-11-25");
  const answer = (id) => ({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text: "Echo: hello" }] } });
  const relay = async (count) => {
    for (let id = 0; id < count; id += 1) {
      const meta = traced ? { _meta: { traceparent: `00-${"ab".repeat(16)}-${(id + 1).toString(16).padStart(16, "0")}-01` } } : {};
      const extra = server.received({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "mcp__ev0__echo", arguments: { message: "hello" }, ...meta } }, undefined, undefined);
      const trace = telemetry.traceParentOf(extra);
      const params = { name: "echo", arguments: { message: "hello" }, ...(trace ? { _meta: { ...trace } } : {}) };
      client.sending({ jsonrpc: "2.0", id, method: "tools/call", params }, undefined);
      client.received(answer(id));
      server.sent(answer(id));
      // Let the export's timers and sockets run, as the event loop would between calls.
      if (id % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await relay(WARM_UP_CALLS);
  const perCall = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const before = process.cpuUsage();
    await relay(calls / REPEATS);
    const used = process.cpuUsage(before);
    perCall.push((used.user + used.system) / (calls / REPEATS));
  }
  drain.kill();
  return perCall.sort((a, b) => a - b)[Math.floor(REPEATS / 2)];
}

if (process.env.OBSERVER_LOOP_CHILD) {
  console.log(JSON.stringify(await measure(process.env.OBSERVER_LOOP_CHILD)));
  process.exit(0);
}
const dists = args.map((dist) => path.resolve(dist));
if (dists.length === 0) throw new Error("give one or more built dist folders of @foundry-mcp/telemetry");
const results = new Map(dists.map((dist) => [dist, []]));
const self = fileURLToPath(import.meta.url);
for (let run = 0; run < runs; run += 1) {
  for (const dist of run % 2 === 0 ? dists : [...dists].reverse()) {
    const output = execFileSync(process.execPath, [self], { env: { ...process.env, OBSERVER_LOOP_CHILD: dist, OBSERVER_LOOP_TRACED: traced ? "1" : "0" }, encoding: "utf8" });
    results.get(dist).push(Number(output.trim().split("\n").at(-1)));
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const reference = median(results.get(dists[0]));
for (const [dist, values] of results) {
  console.log(`${dist}: ${median(values).toFixed(2)} µs per relayed call (runs ${values.map((value) => value.toFixed(1)).join(", ")}), ${(median(values) / reference).toFixed(3)}× of the first`);
}
