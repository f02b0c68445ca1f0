// What telemetry costs (issue #33): gateway throughput and foya's relay cost with OpenTelemetry
// off (the default: no OTEL_* variable, no SDK loaded), on with the default sampler
// (parentbased_always_on: every call without a sampled parent is a sampled root) and on with
// everything sampled (always_on, and the client sending a sampled traceparent), exporting to a
// real OTLP/HTTP receiver on 127.0.0.1 in this process. /metrics' in-process counting runs in all
// of them. "Today" is a built checkout of the code before telemetry, when TELEMETRY_BENCH_BASELINE
// names one (its apps' dist/ are run); the ratios are against it, else against "off".
// Setups run in interleaved rounds so the machine's load falls on all alike.
// TELEMETRY_BENCH_QUICK=1 runs one short round (a check that the script works, not a figure).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cpuMs, fixed, median, percentile, table } from "../tooling/bench-measure.mjs";
import { startOtlpReceiver } from "../tooling/otlp-receiver.mjs";
import { startGateway } from "../apps/amicited-gateway/bench/start-gateway.mjs";

const QUICK = process.env.TELEMETRY_BENCH_QUICK === "1";
const ROUNDS = QUICK ? 1 : 5;
const ROUND_MS = QUICK ? 1000 : 4000;
const RELAY_CALLS = QUICK ? 30 : 300;
const CLIENTS = 8;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..");
const baselineRoot = process.env.TELEMETRY_BENCH_BASELINE;
const fromGateway = createRequire(path.join(root, "apps/amicited-gateway/package.json"));
const sdk = (name) => import(pathToFileURL(fromGateway.resolve(`@modelcontextprotocol/sdk/${name}`)).href);
const { Client } = await sdk("client/index.js");
const { StreamableHTTPClientTransport } = await sdk("client/streamableHttp.js");
const { StdioClientTransport } = await sdk("client/stdio.js");
const everything = path.join(root, "apps/foya-host/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const cleanups = [];

const receiver = await startOtlpReceiver();
cleanups.push(() => receiver.close());
const withoutOtel = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("OTEL_")));
const variants = [
  ...(baselineRoot ? [{ name: "today (before telemetry)", root: baselineRoot, env: withoutOtel }] : []),
  { name: "off", root, env: withoutOtel },
  { name: "on, default sampler", root, env: { ...withoutOtel, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } },
  { name: "on, all sampled", root, env: { ...withoutOtel, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_SAMPLER: "always_on" }, traceparent: true },
];
const reference = variants[0];

let spanCounter = 0;
/** A sampled traceparent for the all-sampled setup: every call is a child of a sampled client span. */
const metaOf = (variant) => {
  if (!variant.traceparent) return undefined;
  spanCounter += 1;
  return { traceparent: `00-${"ab".repeat(16)}-${spanCounter.toString(16).padStart(16, "0")}-01` };
};

async function gatewaySetup(variant) {
  const bin = path.join(variant.root, "apps/amicited-gateway/dist/gateway.mjs");
  const { url, init, server, data } = await startGateway(bin, [], variant.env);
  cleanups.push(() => rmSync(data, { recursive: true, force: true }));
  cleanups.push(() => server.kill("SIGKILL"));
  const { readToken } = init;
  const clients = [];
  for (let index = 0; index < CLIENTS; index += 1) {
    const client = new Client({ name: "bench-telemetry", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${readToken}` } } }));
    clients.push(client);
  }
  return { variant, pid: server.pid, clients, rates: [], latencies: [], cpu: 0 };
}

async function gatewayRound(setup) {
  const before = cpuMs(setup.pid) ?? 0;
  const started = performance.now();
  let calls = 0;
  await Promise.all(
    setup.clients.map(async (client) => {
      while (performance.now() - started < ROUND_MS) {
        const t0 = performance.now();
        const meta = metaOf(setup.variant);
        await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} }, ...(meta ? { _meta: meta } : {}) });
        setup.latencies.push(performance.now() - t0);
        calls += 1;
      }
    }),
  );
  setup.rates.push(calls / ((performance.now() - started) / 1000));
  setup.cpu += (cpuMs(setup.pid) ?? 0) - before;
}

async function relaySetup(variant) {
  const home = mkdtempSync(path.join(os.tmpdir(), "bench-telemetry-foya-"));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  const bin = path.join(variant.root, "apps/foya-host/dist/foya.mjs");
  execFileSync(process.execPath, [bin, "mcp", "add", "ev0", "--", process.execPath, everything, "stdio"], { env: { ...variant.env, FOYA_HOME: home } });
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "serve"], env: { ...variant.env, FOYA_HOME: home }, stderr: "ignore" });
  const client = new Client({ name: "bench-telemetry", version: "0" });
  await client.connect(transport);
  const deadline = Date.now() + 60_000;
  while (!(await client.listTools()).tools.some((tool) => tool.name === "mcp__ev0__echo")) {
    if (Date.now() > deadline) throw new Error("foya never listed mcp__ev0__echo");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  cleanups.push(() => client.close());
  return { variant, client, pid: transport.pid, times: [], cpu: 0 };
}

async function relayRound(setup) {
  const before = cpuMs(setup.pid) ?? 0;
  for (let index = 0; index < RELAY_CALLS; index += 1) {
    const t0 = performance.now();
    const meta = metaOf(setup.variant);
    await setup.client.callTool({ name: "mcp__ev0__echo", arguments: { message: "hello" }, ...(meta ? { _meta: meta } : {}) });
    setup.times.push(performance.now() - t0);
  }
  setup.cpu += (cpuMs(setup.pid) ?? 0) - before;
}

try {
  if (!existsSync(everything)) throw new Error(`${everything} is missing: pnpm install`);
  const gateways = [];
  for (const variant of variants) gateways.push(await gatewaySetup(variant));
  for (const setup of gateways) await Promise.all(setup.clients.map((client) => client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } })));
  const relays = [];
  for (const variant of variants) relays.push(await relaySetup(variant));
  for (const setup of relays) await setup.client.callTool({ name: "mcp__ev0__echo", arguments: { message: "warm" } });
  for (let round = 0; round < ROUNDS; round += 1) {
    // The order rotates each round, so no setup always runs first or last.
    for (let offset = 0; offset < variants.length; offset += 1) await gatewayRound(gateways[(round + offset) % gateways.length]);
    for (let offset = 0; offset < variants.length; offset += 1) await relayRound(relays[(round + offset) % relays.length]);
  }
  const gatewayReference = gateways[0];
  const relayReference = relays[0];
  console.log("## Telemetry cost: gateway throughput and foya relay, OpenTelemetry off and on\n");
  console.log(
    `Target (issue #33): off costs nothing measurable (≤ 1.02× ${reference.name === "off" ? "off itself: no baseline checkout was given (TELEMETRY_BENCH_BASELINE)" : "today"}), on ≤ 1.15×. ${QUICK ? "**Quick run (TELEMETRY_BENCH_QUICK=1): one short round, not a figure to quote.** " : ""}On = OTLP/HTTP JSON export of every span and the duration histograms to a receiver on 127.0.0.1 (in the bench's own process); the default sampler is OpenTelemetry's parentbased_always_on, so calls without a traceparent are sampled roots; "all sampled" adds always_on and a sampled traceparent in every call's _meta. ${ROUNDS} interleaved rounds.\n`,
  );
  console.log(
    `### Gateway throughput\n\n${CLIENTS} clients call \`read_tool\` → \`list_domains\` over Streamable HTTP (SQLite store), ${ROUND_MS / 1000} s per round. Cost ratio = reference calls/s ÷ this setup's (1.00× = no cost).\n`,
  );
  console.log(
    table(
      ["telemetry", "calls/s (median)", "p50 ms", "p95 ms", "gateway CPU ms/call", `cost ÷ ${reference.name}`],
      gateways.map((setup) => [
        setup.variant.name,
        fixed(median(setup.rates), 0),
        fixed(median(setup.latencies), 2),
        fixed(percentile(setup.latencies, 95), 2),
        fixed(setup.cpu / setup.latencies.length, 3),
        `${fixed(median(gatewayReference.rates) / median(setup.rates), 3)}×`,
      ]),
    ),
  );
  console.log(
    `\n### foya relay cost\n\nOne client calls server-everything's \`echo\` through \`foya serve\` (stdio), ${RELAY_CALLS} sequential calls per round. Cost ratio = this setup's p50 ÷ the reference's.\n`,
  );
  console.log(
    table(
      ["telemetry", "p50 ms", "p95 ms", "foya CPU ms/call", `cost ÷ ${reference.name}`],
      relays.map((setup) => [
        setup.variant.name,
        fixed(median(setup.times), 3),
        fixed(percentile(setup.times, 95), 3),
        fixed(setup.cpu / setup.times.length, 3),
        `${fixed(median(setup.times) / median(relayReference.times), 3)}×`,
      ]),
    ),
  );
  console.log(`\nSpans received by the OTLP receiver during the run: ${receiver.spans.length}; rejected requests: ${receiver.rejected.length}.`);
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}
process.exit(0);
