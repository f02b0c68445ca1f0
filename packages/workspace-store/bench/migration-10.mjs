// What migration 10 costs on a store at schema 9 (decision 0057, sessions 35 and 36): it adds
// `request_key`, fills it for every row (learned-key.ts, a page of 1,000 rows read and written by
// one UPDATE) and makes the choice counts per workspace and day from the ranked rows (one
// INSERT ... SELECT), all in the migration's transaction, which holds the ALTER's exclusive lock
// on learned_requests. Times migrate() at 25,000 and 100,000 rows on SQLite (a fresh file) and on
// PostgreSQL (a cluster of its own on loopback, tooling/postgres-cluster.mjs), and beside it the
// fill session 35 shipped, one UPDATE per row, written out here in the same transaction. A store
// at 9 is a migrated one less what 10 adds. Medians of RUNS (3) runs. Not a test: `node
// bench/migration-10.mjs` after `pnpm build` (PostgreSQL left out when its binaries are not
// found). Imports the BUILT package.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { insertWorkspace, openPostgresStore, openSqliteStore } from "../dist/index.js";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import { learnableRequest, sameLearnedRequest } from "@foundry-mcp/core";

const RUNS = Number(process.env.RUNS ?? 3);
const SIZES = [25_000, 100_000];

// 20 workspaces, 50 tools, requests said again in two cases and spacings, some holding what looks
// like a secret, most ranked, over 30 days.
async function atSchema9(store, rows) {
  await store.migrate();
  await store.run("DROP TABLE learned_choices_daily");
  await store.run("ALTER TABLE learned_requests DROP COLUMN request_key");
  await store.run("DELETE FROM schema_migrations WHERE version = 10");
  const ids = [];
  for (let index = 0; index < 20; index += 1) ids.push((await insertWorkspace(store, { name: `w${index}`, plan: "free", credits: 5, dataAsOf: "2026-11-29" })).id);
  const batch = Array.from({ length: rows }, (_, n) => ({
    workspace_id: ids[n % 20],
    tool: `tool_${n % 50}`,
    request: n % 3 ? `Émile  Asks ${n % 4000}` : `token=abc${n} words ${n}`,
    learned_at: new Date(Date.UTC(2026, 11, 7) - (n % 30) * 86_400_000).toISOString(),
    chosen_rank: n % 4 ? 1 + (n % 12) : null,
  }));
  for (let start = 0; start < batch.length; start += 5000) await store.insertMany("learned_requests", batch.slice(start, start + 5000));
}

// Session 35's fill: the column, then one UPDATE per row of each page of 1,000.
async function perRowFill(store) {
  await store.transaction(async (tx) => {
    await tx.run("ALTER TABLE learned_requests ADD COLUMN request_key text");
    for (let after = 0; ; ) {
      const page = await tx.all("SELECT id, request FROM learned_requests WHERE request_key IS NULL AND id > ? ORDER BY id LIMIT 1000", [after]);
      for (const row of page) await tx.run("UPDATE learned_requests SET request_key = ? WHERE id = ?", [sameLearnedRequest(learnableRequest(row.request)), Number(row.id)]);
      if (page.length < 1000) return;
      after = Number(page.at(-1).id);
    }
  });
}

async function checked(store, rows) {
  const keyed = await store.all("SELECT request, request_key FROM learned_requests");
  const wrong = keyed.filter((row) => row.request_key !== sameLearnedRequest(learnableRequest(row.request))).length;
  if (keyed.length !== rows || wrong > 0) throw new Error(`${wrong} of ${keyed.length} rows keyed wrong`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(open, close, rows, step) {
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    const store = await open();
    try {
      await atSchema9(store, rows);
      const started = performance.now();
      await step(store);
      times.push(performance.now() - started);
      await checked(store, rows);
    } finally {
      await close(store);
    }
  }
  return median(times);
}

const engines = [];
const dirs = [];
engines.push({
  name: "SQLite",
  open: () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "migration-10-bench-"));
    dirs.push(dataDir);
    return openSqliteStore({ dataDir });
  },
});
let cluster;
if (postgresGate().run) {
  cluster = await startPostgres();
  let databases = 0;
  engines.push({ name: "PostgreSQL (loopback)", open: async () => openPostgresStore({ url: await cluster.createDatabase(`migration_${(databases += 1)}`) }) });
}
try {
  console.log("| engine | rows | migrate 9 -> 10 (ms) | session 35's fill, one UPDATE per row (ms) |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const { name, open } of engines)
    for (const rows of SIZES) {
      const close = (store) => store.close();
      const migrate = await timed(open, close, rows, (store) => store.migrate());
      const perRow = await timed(open, close, rows, perRowFill);
      console.log(`| ${name} | ${rows.toLocaleString("en")} | ${migrate.toFixed(0)} | ${perRow.toFixed(0)} |`);
    }
} finally {
  await cluster?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}
