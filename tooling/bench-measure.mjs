// Measuring helpers shared by the apps' benchmarks: medians, percentiles, a markdown table, and
// CPU time read from /proc (Linux), which unlike wall time does not move with the machine's load.
import { readdirSync, readFileSync } from "node:fs";
import { seededRandom } from "./test-support.mjs";

/** The p-th percentile (0..100) of `values`, by nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => percentile(values, 50);

/** A markdown table from a header row and data rows. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? "---" : "---:"))), ...rows.map(line)].join("\n");
}

export const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

/**
 * A figure measured once per round, as `median (min–max)` over the rounds, so a report shows the
 * run-to-run spread and not one (possibly best) run. One round prints just its value.
 * @example spread([0.87, 0.81, 1.1], 2) // "0.87 (0.81–1.10)"
 */
export function spread(values, digits = 1, unit = "") {
  const finite = values.filter(Number.isFinite);
  if (finite.length < 2) return `${fixed(median(finite), digits)}${unit}`;
  return `${fixed(median(finite), digits)}${unit} (${fixed(Math.min(...finite), digits)}–${fixed(Math.max(...finite), digits)})`;
}

/**
 * The `level` confidence interval of the median of `values` by the percentile bootstrap: the
 * median of `resamples` resamplings (with replacement, seeded) of the values; `[low, high]`, or
 * undefined for fewer than 3 values. How precisely the rounds pin a median down, where min–max
 * only shows how far single rounds stray.
 * @example medianInterval([1.01, 0.98, 1.03, 1.0, 0.99]) // [0.98, 1.03]
 */
export function medianInterval(values, level = 0.95, resamples = 4000, seed = 33) {
  const finite = values.filter(Number.isFinite);
  if (finite.length < 3) return undefined;
  const random = seededRandom(seed);
  const medians = [];
  for (let draw = 0; draw < resamples; draw += 1) medians.push(median(Array.from(finite, () => finite[Math.floor(random() * finite.length)])));
  const tail = (100 * (1 - level)) / 2;
  return [percentile(medians, tail), percentile(medians, 100 - tail)];
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU time (ms) process `pid` has used, from /proc (Linux); undefined where unreadable. Summed
 * over its threads' schedstat (nanoseconds: a 400-call round of 0.3 ms calls is measured to the
 * microsecond, where /proc/<pid>/stat's 10 ms ticks would make it ±8%); /proc/<pid>/stat's
 * user + system ticks where schedstat is missing.
 */
export function cpuMs(pid) {
  try {
    let nanoseconds = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    return nanoseconds / 1e6;
  } catch {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    } catch {
      return undefined;
    }
  }
}

/** The pids of `pid`'s direct children (e.g. PostgreSQL's backends under its postmaster). */
export function childPids(pid) {
  const children = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1].split(" ");
      if (Number(fields[1]) === pid) children.push(Number(name));
    } catch {
      // the process ended while being read
    }
  }
  return children;
}

/** The machine's busy and total CPU ticks since boot, over every core (from /proc/stat). */
export function machineTicks() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3] + (fields[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}
