// What the learned-request table's prune costs on SQLite (LearnedRequestLog.prune, decision 0057):
// 25,000 rows over 100 workspaces at the default bounds, five busy workspaces writing 90% of them
// beside 95 quiet ones (as tool-catalog's bench/learned-bound.mjs), spread over 419 tools. Times
// a prune that cuts the table to 20,000 and one right after it with nothing to delete, each on a
// fresh database file, medians of 5 runs: wall time, and the CPU time of this process (SQLite runs
// in it), which a loaded host disturbs less. Two shapes: every request distinct (session 34's prune
// and this one delete the same 5,000), and every request said twice (since session 35 one row of
// each pair goes as said again). Rows carry `request_key` when the schema has it (migration 10),
// as the log writes them, so the same script times an older build. Not a test: `node
// bench/learned-prune.mjs` after `pnpm build`, or through bench/run.mjs (`pnpm bench workspace-store`). Imports the BUILT package.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { insertWorkspace, LearnedRequestLog, openSqliteStore } from "../dist/index.js";

const ROWS = 25_000;
const WORKSPACES = 100;
const TOOLS = 419;
const RUNS = 5;

// Of every 20 rows, 18 go to the five busy workspaces and 2 to the 95 quiet ones in turn.
const workspaceOf = (n) => (n % 20 < 18 ? n % 5 : 5 + (Math.floor(n / 20) % 95));
const shapes = {
  "every request distinct": (n) => n,
  "every request said twice": (n) => Math.floor(n / 2),
};

async function run(requestOf) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "prune-bench-"));
  const store = await openSqliteStore({ dataDir });
  try {
    await store.migrate();
    const keyed = await store.all("SELECT request_key FROM learned_requests LIMIT 0").then(
      () => true,
      () => false,
    );
    const ids = [];
    for (let index = 0; index < WORKSPACES; index += 1) ids.push((await insertWorkspace(store, { name: `bench-${index}`, plan: "free", credits: 5, dataAsOf: "2026-11-29" })).id);
    const rows = Array.from({ length: ROWS }, (_, n) => {
      // A request said twice is said by one workspace for one tool; the text is its own key.
      const said = requestOf(n);
      const request = `find request ${said} words ${said % 97}`;
      return {
        workspace_id: ids[workspaceOf(said)],
        tool: `tool_${said % TOOLS}`,
        request,
        ...(keyed ? { request_key: request } : {}),
        learned_at: "2026-12-07T10:00:00.000Z",
      };
    });
    await store.insertMany("learned_requests", rows);
    const log = new LearnedRequestLog(store);
    // Wall time, and this process's CPU time (SQLite runs in it), which a loaded host disturbs less.
    const timed = async () => {
      const [wall, cpu] = [performance.now(), process.cpuUsage()];
      const changes = await log.prune();
      const { user, system } = process.cpuUsage(cpu);
      return { changes, ms: performance.now() - wall, cpuMs: (user + system) / 1000 };
    };
    const cut = await timed();
    const idle = await timed();
    const left = Number((await store.get("SELECT COUNT(*) AS n FROM learned_requests")).n);
    return { cut, idle, left };
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
const figures = (runs, which) => `${median(runs.map((run) => run[which].ms)).toFixed(1)} (CPU ${median(runs.map((run) => run[which].cpuMs)).toFixed(1)})`;
console.log(`| shape | ms, the prune that cuts | rows deleted, left | ms, a prune with nothing to delete |`);
console.log(`| --- | --- | --- | --- |`);
for (const [name, requestOf] of Object.entries(shapes)) {
  const runs = [];
  for (let index = 0; index < RUNS; index += 1) runs.push(await run(requestOf));
  const { cut, idle, left } = runs[0];
  if (idle.changes !== 0) throw new Error(`the second prune deleted ${idle.changes} rows`);
  console.log(`| ${name} | ${figures(runs, "cut")} | ${cut.changes}, ${left} | ${figures(runs, "idle")} |`);
}
