// foya's relay rounds of bench/telemetry-cost.mjs (a helper: scripts/bench.mjs runs no bench/_*.mjs).
// The figure to decide is foya's CPU per relayed call, off ÷ today against 1.02×, and what blurs
// it most is process identity: two `foya serve` processes of one build differ by several per cent
// in CPU per call for their whole life (JIT choices, memory layout). So each round starts several
// fresh processes per setup and measures each for few calls, their slices interleaved (ABC CBA),
// so that a change of the machine's load falls on every setup alike; a setup's figure for the
// round is its processes' CPU over their calls. Many short rounds of fresh processes pin the
// ratio down better than few long ones, whose length only re-measures the same processes' luck.
import { cpuMs, median } from "../tooling/bench-measure.mjs";
import { relayLoad } from "./_telemetry-profile.mjs";

/**
 * Runs `rounds` relay rounds over `variants` (each with `foyaBin`, `env`, and `sometimes` for
 * setups measured only every `onEvery`-th round and in the last). Returns one entry per variant:
 * `{ variant, rounds: [{ round, p50, cpuPerCall }], times }` (times: every measured call's latency, ms).
 * `start(variant, home)` starts one warmed-up `foya serve` and returns `{ pid, client, stop }`.
 */
export async function relayRounds({ variants, homes, start, rounds, processes, calls, slices, onEvery }) {
  const relays = variants.map((variant) => ({ variant, rounds: [], times: [] }));
  for (let round = 0; round < rounds; round += 1) {
    const everyone = round % onEvery === onEvery - 1 || round === rounds - 1;
    const inRound = variants.flatMap((variant, index) => (everyone || !variant.sometimes ? [index] : []));
    const running = await Promise.all(
      inRound.flatMap((index) => Array.from({ length: processes }, async () => ({ index, ...(await start(variants[index], homes[index])), cpu: 0, calls: 0, times: [] }))),
    );
    // The order rotates each round (no setup always first) and reverses every other slice.
    const rotated = running.map((_, offset) => running[(round * processes + offset) % running.length]);
    for (let slice = 0; slice < slices; slice += 1) {
      for (const measured of slice % 2 === 0 ? rotated : [...rotated].reverse()) {
        const before = cpuMs(measured.pid) ?? 0;
        const times = await relayLoad(measured.client, variants[measured.index], calls / slices);
        measured.cpu += (cpuMs(measured.pid) ?? 0) - before;
        measured.calls += times.length;
        measured.times.push(...times);
      }
    }
    for (const index of inRound) {
      const own = running.filter((measured) => measured.index === index);
      const times = own.flatMap((measured) => measured.times);
      const cpu = own.reduce((sum, measured) => sum + measured.cpu, 0);
      relays[index].times.push(...times);
      relays[index].rounds.push({ round, p50: median(times), cpuPerCall: cpu / times.length });
    }
    await Promise.all(running.map((measured) => measured.stop()));
  }
  return relays;
}
