#!/usr/bin/env node
// workspace-store's benchmarks for `pnpm bench` (scripts/bench.mjs runs every package's
// bench/run.mjs and puts what it prints in docs/benchmarks.md): the learned-request prune on
// SQLite (learned-prune.mjs, which also runs alone). Run after `pnpm build`; imports the BUILT package.
console.log("## Workspace store: the learned-request prune (SQLite)");
console.log("");
console.log(
  "`LearnedRequestLog.prune` (decision 0057): 25,000 rows over 100 workspaces at the default bounds (20,000 in all, 20 requests per tool in a workspace), five busy workspaces writing 90% of them beside 95 quiet ones, over 419 tools; a prune that cuts the table, then one with nothing left to delete (the floor: the same statement reading what stays), each run on a fresh database file. ms wall time (CPU time of this process, where SQLite runs, in brackets), medians of 5 runs. It runs at most once a minute per instance.",
);
console.log("");
await import("./learned-prune.mjs");
