// Two builds of the gateway side by side (decisions 0011, 0015): `run_tool` → `list_domains` over
// Streamable HTTP, CLIENTS concurrent clients, each era (2025 sessions, 2026-07-28), rounds of
// ROUND_MS with the two builds interleaved after a warm-up; per round the calls/s and the
// gateway's own CPU time per call (from /proc), then the medians of the after ÷ before ratios.
// Usage: node bench/before-after.mjs <before/gateway.mjs> [after/gateway.mjs] [rounds]
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startGateway } from "./start-gateway.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const [beforeBin, afterBin = path.join(here, "../dist/gateway.mjs"), roundsArg] = process.argv.slice(2);
if (!beforeBin) throw new Error("usage: node bench/before-after.mjs <before/gateway.mjs> [after/gateway.mjs] [rounds]");
const CLIENTS = 8;
const ROUND_MS = 3000;
const ROUNDS = Number(roundsArg ?? 7);
const TICKS = 100; // clock ticks per second of /proc/<pid>/stat (USER_HZ)

async function start(bin) {
  const { url, init, server, stop } = await startGateway(bin);
  const cpu = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  };
  return { url, token: init.writeToken, cpu, stop };
}

const call = (id, meta) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "run_tool", arguments: { name: "list_domains", arguments: {} }, ...(meta ? { _meta: meta } : {}) },
});

/** One client's way of calling: a 2025 session opened once, or 2026-07-28 requests. */
async function caller(gateway, era) {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${gateway.token}` };
  if (era === "2026-07-28") {
    const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
    const routing = { ...headers, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "run_tool" };
    return async (id) => check(await fetch(gateway.url, { method: "POST", headers: routing, body: JSON.stringify(call(id, meta)) }));
  }
  const opened = await fetch(gateway.url, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "0" } } }),
  });
  await opened.text();
  const session = { ...headers, "mcp-session-id": opened.headers.get("mcp-session-id"), "mcp-protocol-version": "2025-06-18" };
  return async (id) => check(await fetch(gateway.url, { method: "POST", headers: session, body: JSON.stringify(call(id)) }));
}

async function check(response) {
  const text = await response.text();
  if (response.status !== 200 || !text.includes("domain")) throw new Error(`call failed: ${response.status} ${text.slice(0, 200)}`);
}

/** CLIENTS callers for ROUND_MS: calls/s and the gateway's CPU seconds per call (µs). */
async function round(gateway, callers) {
  let calls = 0;
  const cpuBefore = gateway.cpu();
  const end = performance.now() + ROUND_MS;
  await Promise.all(
    callers.map(async (one) => {
      while (performance.now() < end) await one(++calls);
    }),
  );
  const seconds = ROUND_MS / 1000;
  return { rate: calls / seconds, cpuMicros: ((gateway.cpu() - cpuBefore) / calls) * 1e6 };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const builds = { before: await start(beforeBin), after: await start(afterBin) };
try {
  console.log(`${CLIENTS} clients, ${ROUNDS} interleaved rounds of ${ROUND_MS / 1000} s per build and era, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
  for (const era of ["2025 session", "2026-07-28"]) {
    const callers = {};
    for (const [name, gateway] of Object.entries(builds)) {
      callers[name] = await Promise.all(Array.from({ length: CLIENTS }, () => caller(gateway, era)));
      await round(gateway, callers[name]); // warm-up
    }
    const results = { before: [], after: [] };
    for (let index = 0; index < ROUNDS; index++) {
      // Alternate which build goes first, so a drift in the machine's load falls on both.
      const order = index % 2 ? ["after", "before"] : ["before", "after"];
      for (const name of order) results[name].push(await round(builds[name], callers[name]));
    }
    const ratios = (key) => results.after.map((after, index) => after[key] / results.before[index][key]);
    console.log(
      `${era}: calls/s before ${median(results.before.map((r) => r.rate)).toFixed(0)}, after ${median(results.after.map((r) => r.rate)).toFixed(0)}` +
        ` (after ÷ before ${median(ratios("rate")).toFixed(2)}×, per round ${ratios("rate").map((ratio) => ratio.toFixed(2)).join(" ")});` +
        ` gateway CPU per call before ${median(results.before.map((r) => r.cpuMicros)).toFixed(0)} µs, after ${median(results.after.map((r) => r.cpuMicros)).toFixed(0)} µs (${median(ratios("cpuMicros")).toFixed(2)}×)`,
    );
  }
} finally {
  builds.before.stop();
  builds.after.stop();
}
