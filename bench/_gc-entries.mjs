// A preload for telemetry-cost.mjs's TELEMETRY_BENCH_GC option (a helper: scripts/bench.mjs runs no
// bench/_*.mjs): `node --import ./bench/_gc-entries.mjs foya.mjs serve` keeps every garbage
// collection of the process (a PerformanceObserver's `gc` entries) and writes them, at exit, to the
// file BENCH_GC_ENTRIES_FILE names, as [[epoch ms at its start, duration ms, kind], …] (kind:
// perf_hooks' NODE_PERFORMANCE_GC_* flags, 1 a scavenge, 2 a mark-sweep, 4 incremental marking).
// Not --trace-gc: that writes to stdout, which is foya's wire. Epoch times let the bench count the
// collections inside the windows it measured, whose bounds it takes by its own clock.
import { writeFileSync } from "node:fs";
import { PerformanceObserver, performance } from "node:perf_hooks";

const file = process.env.BENCH_GC_ENTRIES_FILE;
if (file) {
  const entries = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) entries.push([performance.timeOrigin + entry.startTime, entry.duration, entry.detail?.kind ?? 0]);
  }).observe({ entryTypes: ["gc"] });
  process.on("exit", () => writeFileSync(file, JSON.stringify(entries)));
}
