// foya's relay rounds of bench/telemetry-cost.mjs (a helper: scripts/bench.mjs runs no bench/_*.mjs).
// The figure to decide is foya's CPU per relayed call, off ÷ today against 1.02×, and what blurs
// it most is process identity: two `foya serve` processes of one build differ by several per cent
// in CPU per call for their whole life (JIT choices, memory layout). So each round starts several
// fresh processes per setup and measures each for few calls, their slices interleaved (ABC CBA),
// so that a change of the machine's load falls on every setup alike; a setup's figure for the
// round is its processes' CPU over their calls. Many short rounds of fresh processes pin the
// ratio down better than few long ones, whose length only re-measures the same processes' luck.
// Three figures per process (issue #33, decision 0025): its CPU from spawn to the first answered
// call (start-up), its CPU per call over its first calls (what a short-lived relay costs, start-up
// work still running: V8's background compiles), and, in every `steady.every`-th round, its CPU
// per call once warm. For that the round's processes are warmed up together, concurrently (so
// the warm-up takes both cores, not one call at a time), in `steady.warmUpSlices` slices of
// `steady.sliceCalls` calls whose CPU per call is kept (the warm-up curve, printed so that a
// reader sees it flatten); then the steady figure is measured like the first calls, one call at
// a time in interleaved slices (`steady.measuredSlices` of `steady.measuredSliceCalls`).
import { cpuMs, median } from "../tooling/bench-measure.mjs";
import { relayLoad } from "./_telemetry-profile.mjs";

/** The processes in the order of the round's `slice`-th pass: ABC, then CBA. */
const passOrder = (processes, slice) => (slice % 2 === 0 ? processes : [...processes].reverse());

/** Now as epoch ms (the clock a process's own performance entries can be put on). */
const epochMs = () => performance.timeOrigin + performance.now();

/**
 * Each process gets `calls` calls per pass, over `slices` passes; `record(process, slice, cpuMs,
 * times, window)` after each, `window` the slice's [start, end] in epoch ms.
 */
async function interleaved(processes, variants, slices, calls, record) {
  for (let slice = 0; slice < slices; slice += 1) {
    for (const measured of passOrder(processes, slice)) {
      const before = cpuMs(measured.pid) ?? 0;
      const from = epochMs();
      const times = await relayLoad(measured.client, variants[measured.index], calls);
      record(measured, slice, (cpuMs(measured.pid) ?? 0) - before, times, [from, epochMs()]);
    }
  }
}

/**
 * The garbage collections of `own`'s processes inside their windows `windowsOf(process)`, per
 * call of `calls`: `{ scavenges, majors, gcUs }` (majors: mark-sweeps and incremental marking
 * steps; gcUs: the collections' pause time, µs). Undefined when the processes kept no entries.
 */
function gcPerCall(own, windowsOf, calls) {
  if (own.some((measured) => !measured.gcEntries)) return undefined;
  const inWindows = own.flatMap((measured) => measured.gcEntries.filter(([at]) => windowsOf(measured).some(([from, to]) => at >= from && at < to)));
  const scavenges = inWindows.filter(([, , kind]) => kind === 1).length;
  const gcMs = inWindows.reduce((sum, [, duration]) => sum + duration, 0);
  return { scavenges: scavenges / calls, majors: (inWindows.length - scavenges) / calls, gcUs: (1000 * gcMs) / calls };
}

/** A setup's figures for one round from its processes `own` (see the header). */
function roundFigures(round, own, steady) {
  const times = own.flatMap((measured) => measured.times);
  const figures = {
    round,
    p50: median(times),
    cpuPerCall: own.reduce((sum, measured) => sum + measured.cpu, 0) / times.length,
    startCpuMs: own.reduce((sum, measured) => sum + measured.startCpuMs, 0) / own.length,
    gc: gcPerCall(own, (measured) => measured.windows, times.length),
  };
  if (own[0].curve.length === 0) return figures;
  const steadyCalls = own.length * steady.measuredSlices * steady.measuredSliceCalls;
  const curve = own[0].curve.map((_, slice) => own.reduce((sum, measured) => sum + measured.curve[slice], 0) / own.length);
  return {
    ...figures,
    curve,
    steadyCpuPerCall: own.reduce((sum, measured) => sum + measured.steadyCpu, 0) / steadyCalls,
    steadyGc: gcPerCall(own, (measured) => measured.steadyWindows, steadyCalls),
    // The warm-up's last slice ÷ the one before (both under the same concurrent load): 1.00 when the curve has flattened.
    steadyDrift: curve.at(-1) / curve.at(-2),
  };
}

/**
 * Runs `rounds` relay rounds over `variants` (each with `foyaBin` and `env`), every variant in
 * every round: a ratio is taken per round, so a setup in fewer rounds gets a wider interval (the
 * on-setups, once in a quarter of the rounds, could not decide their 15% target). Returns one entry per variant:
 * `{ variant, rounds: [{ round, p50, cpuPerCall, startCpuMs, steadyCpuPerCall?, steadyDrift?, curve? }], times }`
 * (times: every measured call's latency, ms; the steady figures only in steady rounds).
 * `start(variant, home)` starts one warmed-up `foya serve` and returns `{ pid, client, stop, startCpuMs,
 * readGcEntries? }` (readGcEntries, after stop: the process's garbage collections as
 * bench/_gc-entries.mjs writes them; the rounds then carry `gc` and `steadyGc`, see gcPerCall).
 * `steady`: `{ every, warmUpSlices, sliceCalls, measuredSlices, measuredSliceCalls }` (see the header).
 * `afterRound(relays)` runs after each round with the figures so far (a long run keeps them as it goes).
 */
export async function relayRounds({ variants, homes, start, rounds, processes, calls, slices, steady, afterRound = () => undefined }) {
  const relays = variants.map((variant) => ({ variant, rounds: [], times: [] }));
  for (let round = 0; round < rounds; round += 1) {
    const running = await Promise.all(
      variants.flatMap((_, index) => Array.from({ length: processes }, async () => ({ index, ...(await start(variants[index], homes[index])), cpu: 0, times: [], curve: [], steadyCpu: 0, windows: [], steadyWindows: [] }))),
    );
    // The order rotates each round (no setup always first) and reverses every other slice.
    const rotated = running.map((_, offset) => running[(round * processes + offset) % running.length]);
    await interleaved(rotated, variants, slices, calls / slices, (measured, _slice, cpu, times, window) => {
      measured.cpu += cpu;
      measured.times.push(...times);
      measured.windows.push(window);
    });
    if (round % steady.every === steady.every - 1) {
      for (let slice = 0; slice < steady.warmUpSlices; slice += 1) {
        await Promise.all(
          rotated.map(async (measured) => {
            const before = cpuMs(measured.pid) ?? 0;
            await relayLoad(measured.client, variants[measured.index], steady.sliceCalls);
            measured.curve[slice] = ((cpuMs(measured.pid) ?? 0) - before) / steady.sliceCalls;
          }),
        );
      }
      await interleaved(rotated, variants, steady.measuredSlices, steady.measuredSliceCalls, (measured, _slice, cpu, _times, window) => {
        measured.steadyCpu += cpu;
        measured.steadyWindows.push(window);
      });
    }
    // Stopped first: a process started with a readGcEntries reader writes its collections at exit.
    await Promise.all(running.map((measured) => measured.stop()));
    for (const measured of running) measured.gcEntries = measured.readGcEntries?.();
    for (const index of variants.keys()) {
      const own = running.filter((measured) => measured.index === index);
      relays[index].times.push(...own.flatMap((measured) => measured.times));
      relays[index].rounds.push(roundFigures(round, own, steady));
    }
    afterRound(relays);
  }
  return relays;
}
