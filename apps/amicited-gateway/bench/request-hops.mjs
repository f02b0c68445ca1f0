// Which of the gateway's own source files run on every warm `run_tool` → `list_domains`, per MCP
// era (decisions 0011 and 0015): the built gateway runs with V8 precise coverage (call counts,
// started by a preloaded probe), 40 warm calls are made, and a function counts when it ran at least
// once per call. The bundle keeps esbuild's `// <source path>` markers, which map each function to
// its file. Usage: node bench/request-hops.mjs [--json] [path/to/gateway.mjs] (default: this
// app's dist); --json prints { era: [{ file, name, count }] } (test/request-entry.test.ts reads it).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startGateway } from "./start-gateway.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const json = process.argv.includes("--json");
const gatewayBin = path.resolve(process.argv.slice(2).find((arg) => arg !== "--json") ?? path.join(here, "../dist/gateway.mjs"));
const CALLS = 40;
const probeDir = mkdtempSync(path.join(os.tmpdir(), "hops-probe-"));
const coverageFile = path.join(probeDir, "coverage.json");

// Preloaded into the gateway: precise coverage with call counts from the start; each SIGUSR2
// writes the counts since the previous one to coverageFile (taking them resets them).
const probe = `
import inspector from "node:inspector";
import fs from "node:fs";
const session = new inspector.Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
await post("Profiler.enable");
await post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
process.on("SIGUSR2", async () => {
  const { result } = await post("Profiler.takePreciseCoverage");
  fs.writeFileSync(${JSON.stringify(coverageFile)} + ".tmp", JSON.stringify(result.filter((script) => script.url.endsWith("gateway.mjs") || script.url.endsWith(${JSON.stringify(path.basename(gatewayBin))}))));
  fs.renameSync(${JSON.stringify(coverageFile)} + ".tmp", ${JSON.stringify(coverageFile)});
});`;

const { url, init, server, stop } = await startGateway(gatewayBin, ["--import", `data:text/javascript,${encodeURIComponent(probe)}`]);

// The bundle's module markers: [offset, source path] in order.
const source = readFileSync(gatewayBin, "utf8");
const markers = [...source.matchAll(/^\/\/ (src\/\S+|\.\.\/\.\.\/packages\/\S+)$/gm)].map((match) => [match.index, match[1]]);
const fileAt = (offset) => {
  let low = 0;
  let high = markers.length - 1;
  let found;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (markers[middle][0] <= offset) {
      found = markers[middle][1];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
};

const takeCoverage = async () => {
  rmSync(coverageFile, { force: true });
  server.kill("SIGUSR2");
  for (;;) {
    try {
      return JSON.parse(readFileSync(coverageFile, "utf8"));
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
};

const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${init.writeToken}` };
const call = (id) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "run_tool", arguments: { name: "list_domains", arguments: {} } } });
const post = async (extra, body) => {
  const response = await fetch(url, { method: "POST", headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 200 || !text.includes("domain")) throw new Error(`call failed: ${response.status} ${text.slice(0, 300)}`);
  return response;
};

async function legacyCalls(count) {
  const opened = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "hops", version: "0" } } }),
  });
  const session = { "mcp-session-id": opened.headers.get("mcp-session-id"), "mcp-protocol-version": "2025-06-18" };
  await opened.text();
  for (let id = 1; id <= count; id++) await post(session, call(id));
}

async function modernCalls(count) {
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
  const routing = { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "run_tool" };
  for (let id = 1; id <= count; id++) {
    const body = call(id);
    body.params._meta = meta;
    await post(routing, body);
  }
}

/** The gateway's own functions that ran at least once per call: file, name and how often. */
async function appFunctionsPerCall(run) {
  await run(5); // warm: surfaces, validators and statements built
  await takeCoverage();
  await run(CALLS);
  const scripts = await takeCoverage();
  const functions = [];
  for (const script of scripts)
    for (const fn of script.functions) {
      const range = fn.ranges[0];
      const file = fileAt(range.startOffset);
      if (file?.startsWith("src/") && range.count >= CALLS) functions.push({ file, name: fn.functionName || "(anonymous)", count: range.count });
    }
  return functions.sort((a, b) => a.file.localeCompare(b.file));
}

try {
  const report = {};
  for (const [era, run] of [
    ["2025 session", legacyCalls],
    ["2026-07-28", modernCalls],
  ])
    report[era] = await appFunctionsPerCall(run);
  if (json) console.log(JSON.stringify({ calls: CALLS, eras: report }));
  else
    for (const [era, functions] of Object.entries(report)) {
      const files = new Map();
      for (const fn of functions) files.set(fn.file, [...(files.get(fn.file) ?? []), fn]);
      console.log(`\n${era}: ${files.size} app files run per call`);
      for (const [file, ran] of files) console.log(`  ${file}: ${[...new Set(ran.map((fn) => fn.name))].join(", ")}`);
    }
} finally {
  stop();
  rmSync(probeDir, { recursive: true, force: true });
}
