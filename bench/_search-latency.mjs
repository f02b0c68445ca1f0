// Search latency of two builds, after ÷ before, for bench/search-quality.mjs. Each build runs in
// a child process of its own (bench/_latency-child.mjs): in one process the two builds shared a
// heap and GC threads, so one build's garbage was collected (and its CPU time billed) during the
// other's pass, and the quality part's garbage before them. The children take turns request by
// request (a tools pass is every `slices`-th request; a memory pass is one unit), the order
// alternating from one request to the next, so both builds meet the same load on a shared
// machine (turns of a whole pass, seconds apart, met different loads: pass ratios 0.7–1.5 at a
// load average of 20). The change is the median of the passes' after ÷ before CPU-time ratios
// with its 95% bootstrap interval.
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
 * Interleaved passes over `bundles` (after first, then before if given): per-build median wall
 * time of one query, and with two builds the paired CPU ratio, its interval and every ratio.
 * @example await compareLatency("tools", [afterBundle, beforeBundle], { size: 10_000, passes: 32, slices: 4 })
 */
export async function compareLatency(kind, bundles, { size, passes, slices = 1 }) {
  const builds = [];
  try {
    // Built one after the other: two index builds at once would fight over the two cores.
    for (const bundle of bundles) builds.push(await startBuild(kind, bundle, size));
    const times = builds.map(() => []);
    const cpu = builds.map(() => []);
    let turn = 0;
    for (let pass = 0; pass < passes; pass += 1) {
      const passCpu = builds.map(() => 0);
      for (let unit = pass % slices; unit < builds[0].units; unit += slices) {
        const order = [...builds.keys()];
        if (turn % 2 === 1) order.reverse();
        turn += 1;
        for (const position of order) {
          const result = await builds[position].run(unit);
          times[position].push(...result.times);
          passCpu[position] += result.cpu;
        }
      }
      passCpu.forEach((value, position) => cpu[position].push(value));
    }
    const ratios = cpu.length === 2 ? cpu[0].map((after, pass) => after / cpu[1][pass]) : [];
    return { medians: times.map(median), ratio: ratios.length > 0 ? median(ratios) : undefined, interval: medianInterval(ratios), ratios, cpu };
  } finally {
    for (const build of builds) build.stop();
  }
}
