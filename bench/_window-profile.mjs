// A CPU profile of one stretch of a process's life (a probe's measured window), not of its whole
// run as `node --cpu-prof` writes it: start-up and warm-up would drown the window's few
// milliseconds. Used by _telemetry-first-calls.mjs (TELEMETRY_PROBE_PROFILE), which compares two
// setups' windows function by function, summed over many fresh processes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Session } from "node:inspector/promises";

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

/** Where a profile node's code is: `function (file:line)`, the file by its last two path segments. */
function nodeLabel({ callFrame }) {
  const name = callFrame.functionName || "(anonymous)";
  if (!callFrame.url) return name;
  const file = callFrame.url.replace(/^file:\/\//, "").split(path.sep).slice(-2).join("/");
  return `${name} (${file}:${callFrame.lineNumber + 1})`;
}

/** Self time (µs) per label in one profile: each sample's delta goes to the node it landed in. */
function selfTimes(profile) {
  const labelOf = new Map(profile.nodes.map((node) => [node.id, nodeLabel(node)]));
  const times = new Map();
  profile.samples.forEach((nodeId, index) => {
    const label = labelOf.get(nodeId);
    times.set(label, (times.get(label) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return times;
}

/**
 * The `top` labels with the most self time over `files` (.cpuprofile paths), as µs per call:
 * summed over the profiles, ÷ (profiles × `calls`). Rows `{ name, us }`, most first, then a
 * `(total)` row over every label.
 */
export function selfTimeRows(files, calls, top) {
  const totals = new Map();
  for (const file of files) {
    for (const [label, us] of selfTimes(JSON.parse(readFileSync(file, "utf8")))) totals.set(label, (totals.get(label) ?? 0) + us);
  }
  const perCall = (us) => us / (files.length * calls);
  const rows = [...totals].map(([name, us]) => ({ name, us: perCall(us) })).sort((a, b) => b.us - a.us);
  // "(idle)" is the window's waiting, not its work; "dispatch" (no file) is the inspector
  // session's own call that stops the profiler, sampled until the profile is built.
  const busy = rows.filter((row) => row.name !== "(idle)" && row.name !== "dispatch");
  return [...busy.slice(0, top), { name: "(total, without idle)", us: busy.reduce((sum, row) => sum + row.us, 0) }];
}
