// A CPU profile of one stretch of a process's life (a probe's measured window), not of its whole
// run as `node --cpu-prof` writes it: start-up and warm-up would drown the window's few
// milliseconds. Used by _telemetry-first-calls.mjs (TELEMETRY_PROBE_PROFILE), which compares two
// setups' windows function by function, summed over many fresh processes; the profiles are read
// by tooling/cpu-profile.mjs (selfTimesByLocation), the one reader of self time.
import { readFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { selfTimesByLocation } from "../tooling/cpu-profile.mjs";

// Fine enough to see functions of a few µs per call over a 200-call window (tens of ms).
const SAMPLING_INTERVAL_US = 50;

/** Starts profiling this process; `stop()` ends it and returns the profile (.cpuprofile JSON). */
export async function startWindowProfile() {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.post("Profiler.stop");
      session.disconnect();
      return profile;
    },
  };
}

/**
 * The `top` labels with the most self time over `files` (.cpuprofile paths), as µs per call:
 * summed over the profiles, ÷ (profiles × `calls`). Rows `{ name, us }`, most first, then a
 * `(total)` row over every label.
 */
export function selfTimeRows(files, calls, top) {
  const totals = new Map();
  for (const file of files) {
    for (const [label, us] of selfTimesByLocation(JSON.parse(readFileSync(file, "utf8")))) totals.set(label, (totals.get(label) ?? 0) + us);
  }
  const perCall = (us) => us / (files.length * calls);
  const rows = [...totals].map(([name, us]) => ({ name, us: perCall(us) })).sort((a, b) => b.us - a.us);
  // The reader leaves out "(idle)", the window's waiting; "dispatch" (no file) is the inspector
  // session's own call that stops the profiler, sampled until the profile is built.
  const busy = rows.filter((row) => row.name !== "dispatch");
  return [...busy.slice(0, top), { name: "(total, without idle)", us: busy.reduce((sum, row) => sum + row.us, 0) }];
}
