// Search latency of two builds, after ÷ before, for bench/search-quality.mjs. Each build runs in
// a child process of its own (bench/_latency-child.mjs): in one process the two builds shared a
// heap and GC threads, so one build's garbage was collected (and its CPU time billed) during the
// other's pass, and the quality part's garbage before them. The children take turns request by
// request (a tools pass is every `slices`-th request; a memory pass is one unit), the order
// alternating from one request to the next, so both builds meet the same load on a shared
// machine (turns of a whole pass, seconds apart, met different loads: pass ratios 0.7–1.5 at a
// load average of 20). Fresh children are started for each of several rounds (see compareLatency).
import { fork } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median, medianInterval } from "../tooling/bench-measure.mjs";

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), "_latency-child.mjs");

/** A child holding one build's corpus; `units` of work, `run(unit)` resolves to `{ times, cpu }`. */
async function startBuild(kind, bundle, size) {
  const process = fork(child, [kind, bundle, String(size)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = once(process, "exit").then(([code]) => { throw new Error(`latency child for ${bundle} exited with ${code}`); });
  const reply = () => Promise.race([once(process, "message").then(([message]) => message), exited]);
  const { units } = await reply();
  return { units, run: (unit) => { process.send({ unit }); return reply(); }, stop: () => process.kill() };
}

/**
 * Interleaved passes over `bundles` (after first, then before if given), in `rounds` rounds of
 * fresh children: per-build median wall time of one query, and with two builds the paired CPU
 * ratio (the median of the rounds' median pass ratios), its interval over the rounds and the
 * rounds' ratios. A child's own state (heap layout, what the JIT made of the hot path, when its GC runs)
 * moves every pass ratio of that child alike: one pair of children read memory search +29% and,
 * minutes later, -28% with tight pass intervals. So a round is the unit, not a pass. Each round's
 * first pass warms the children and is not counted.
 * @example await compareLatency("tools", [afterBundle, beforeBundle], { size: 10_000, rounds: 6, passes: 6, slices: 4 })
 */
export async function compareLatency(kind, bundles, { size, rounds, passes, slices = 1 }) {
  const times = bundles.map(() => []);
  const roundRatios = [];
  for (let round = 0; round < rounds; round += 1) {
    // The builds start in turn order, alternating by round (the first one's index is built on a quieter machine).
    const order = round % 2 === 0 ? [...bundles.keys()] : [...bundles.keys()].reverse();
    const measured = await measureRound(kind, order.map((position) => bundles[position]), { size, passes, slices });
    order.forEach((position, started) => times[position].push(...measured.times[started]));
    if (bundles.length === 2) {
      const [after, before] = order[0] === 0 ? measured.cpu : [...measured.cpu].reverse();
      roundRatios.push(median(after.map((value, pass) => value / before[pass])));
    }
  }
  return { medians: times.map(median), ratio: roundRatios.length > 0 ? median(roundRatios) : undefined, interval: medianInterval(roundRatios), roundRatios };
}

/** One round: fresh children for `bundles`, a warm-up pass, then `passes` passes taking turns request by request. */
async function measureRound(kind, bundles, { size, passes, slices }) {
  const builds = [];
  try {
    // Built one after the other: two index builds at once would fight over the two cores.
    for (const bundle of bundles) builds.push(await startBuild(kind, bundle, size));
    const times = builds.map(() => []);
    const cpu = builds.map(() => []);
    let turn = 0;
    for (let pass = -1; pass < passes; pass += 1) {
      const passCpu = builds.map(() => 0);
      const passTimes = builds.map(() => []);
      for (let unit = (pass + slices) % slices; unit < builds[0].units; unit += slices) {
        const order = [...builds.keys()];
        if (turn % 2 === 1) order.reverse();
        turn += 1;
        for (const position of order) {
          const result = await builds[position].run(unit);
          passTimes[position].push(...result.times);
          passCpu[position] += result.cpu;
        }
      }
      if (pass < 0) continue; // the warm-up pass
      passCpu.forEach((value, position) => cpu[position].push(value));
      passTimes.forEach((values, position) => times[position].push(...values));
    }
    return { times, cpu };
  } finally {
    for (const build of builds) build.stop();
  }
}
