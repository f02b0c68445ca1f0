// foundry-server benchmark: memory_search and memory_write through the real stdio server at
// 1,000 and 10,000 facts, cold (first call of a fresh process) and warm, against the naive
// baseline that re-reads and parses every fact file on each call, in the same run.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { parseFact, serializeFact } from "@foundry-mcp/memory";
import { fixed, median, table } from "../../../tooling/bench-measure.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverBin = path.join(here, "../dist/server.mjs");
const TOPICS = ["database", "migration", "queue", "cache", "auth", "billing", "deploy", "logging", "search", "email", "storage", "api", "frontend", "testing", "metrics", "payments"];
const VERBS = ["uses", "avoids", "requires", "prefers", "limits", "retries", "validates", "encrypts", "batches", "streams"];
const THINGS = ["postgres", "redis", "rabbitmq", "s3", "jwt", "stripe", "sentry", "flyway", "vitest", "grafana", "kafka", "nginx", "oauth", "graphql", "webhooks", "cron"];
const QUERIES = ["database migration tool", "how do we retry queue jobs", "auth token expiry", "billing webhooks", "deploy rollback", "cache invalidation redis", "logging format", "payments refunds", "search ranking", "storage encryption"];

function makeFact(i) {
  const topic = TOPICS[i % TOPICS.length];
  const thing = THINGS[(i * 7) % THINGS.length];
  const verb = VERBS[(i * 3) % VERBS.length];
  return {
    id: `fact-${String(i + 1).padStart(4, "0")}`,
    type: "convention",
    title: `${topic} ${verb} ${thing} (rule ${i})`,
    body: `The ${topic} layer ${verb} ${thing} for case ${i}. Keep it consistent across modules and mention it in reviews.`,
    scope: "project",
    tags: [topic, thing],
    confidence: "medium",
    source: "code",
    created: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
}

function seedProject(count) {
  const root = mkdtempSync(path.join(os.tmpdir(), `bench-foundry-${count}-`));
  const dir = path.join(root, ".foundry/memory/facts");
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i += 1) {
    const fact = makeFact(i);
    writeFileSync(path.join(dir, `${fact.id}.md`), serializeFact(fact));
  }
  return root;
}

async function connect(root) {
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [serverBin, "--root", root], stderr: "ignore" }));
  return client;
}

async function timed(action) {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** The naive server: every call reads and parses every fact file, then scores by substring. */
function naiveSearch(root, query) {
  const dir = path.join(root, ".foundry/memory/facts");
  const words = query.toLowerCase().split(/\s+/);
  const scored = [];
  for (const file of readdirSync(dir)) {
    const parsed = parseFact(readFileSync(path.join(dir, file), "utf8"));
    if (!parsed.ok) continue;
    const text = `${parsed.fact.title} ${parsed.fact.body}`.toLowerCase();
    const score = words.filter((w) => text.includes(w)).length;
    if (score > 0) scored.push({ id: parsed.fact.id, score });
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, 8);
}

function naiveWrite(root, i) {
  const dir = path.join(root, ".foundry/memory/facts");
  const fact = makeFact(100_000 + i);
  writeFileSync(path.join(dir, `${fact.id}.md`), serializeFact(fact));
  const lines = readdirSync(dir).map((file) => {
    const parsed = parseFact(readFileSync(path.join(dir, file), "utf8"));
    return parsed.ok ? `- ${parsed.fact.id} ${parsed.fact.title}` : "";
  });
  writeFileSync(path.join(root, ".foundry/memory/INDEX.md"), lines.join("\n"));
}

const rows = [];
for (const count of [1000, 10000]) {
  const root = seedProject(count);
  try {
    const cold = [];
    for (let run = 0; run < 3; run += 1) {
      const client = await connect(root);
      cold.push(await timed(() => client.callTool({ name: "memory_search", arguments: { query: QUERIES[run] } })));
      await client.close();
    }
    const client = await connect(root);
    await client.callTool({ name: "memory_search", arguments: { query: "warm up" } });
    const warm = [];
    for (let i = 0; i < 20; i += 1) warm.push(await timed(() => client.callTool({ name: "memory_search", arguments: { query: QUERIES[i % QUERIES.length] } })));
    const writes = [];
    for (let i = 0; i < 8; i += 1) {
      writes.push(await timed(() => client.callTool({ name: "memory_write", arguments: { title: `Bench write ${i} ${"abcdefgh"[i]} keeps ${THINGS[i]}`, body: `Benchmark fact number ${i}.`, type: "convention" } })));
    }
    await client.close();
    const naive = [];
    for (let i = 0; i < 5; i += 1) naive.push(await timed(async () => naiveSearch(root, QUERIES[i])));
    const naiveWrites = [];
    for (let i = 0; i < 3; i += 1) naiveWrites.push(await timed(async () => naiveWrite(root, i)));
    rows.push([
      count.toLocaleString("en"),
      fixed(median(cold)),
      fixed(median(warm)),
      fixed(median(naive)),
      `${fixed(median(naive) / median(warm))}×`,
      fixed(median(writes)),
      fixed(median(naiveWrites)),
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

console.log("## foundry-server: memory speed through the real stdio server\n");
console.log(
  "Each figure is a median in milliseconds, measured by an MCP client over stdio (so it includes JSON-RPC and process I/O). *Cold* is the first search of a freshly started server process (median of 3 processes); *warm* is the median of 20 later searches. The baseline re-reads and parses every fact file on every call (and for writes, rebuilds the index from every file), which is what a stateless server without a proven-fresh cache would do.\n",
);
console.log(table(["facts", "search cold", "search warm", "baseline search (re-read all)", "warm speed-up", "memory_write", "baseline write + re-read"], rows));
