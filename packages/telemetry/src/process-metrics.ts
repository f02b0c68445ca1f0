// The process metrics every Prometheus client exposes under the same names (process_*, nodejs_*),
// read from node:process at scrape time: CPU seconds, resident memory, heap, start time, and the
// event loop's delay (node:perf_hooks' histogram, started by the first scrape, reset each scrape).
// node:perf_hooks is imported by that first scrape too: a process nobody scrapes never loads it.
import type { IntervalHistogram } from "node:perf_hooks";
import type { MetricsRegistry } from "./metrics-registry";

let loopDelay: Promise<IntervalHistogram> | undefined;

async function startLoopDelay(): Promise<IntervalHistogram> {
  const { monitorEventLoopDelay } = await import("node:perf_hooks");
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  return histogram;
}

/** Defines the process metrics in `registry` (once; a second call finds them defined). */
export function registerProcessMetrics(registry: MetricsRegistry): void {
  if (registry.get("process_cpu_seconds_total")) return;
  const startSeconds = Math.round((Date.now() - process.uptime() * 1000) / 1000);
  registry.counter({
    name: "process_cpu_seconds_total",
    help: "Total user and system CPU time spent in seconds.",
    collect: (metric) => {
      const usage = process.cpuUsage();
      metric.set({}, (usage.user + usage.system) / 1e6);
    },
  });
  registry.gauge({
    name: "process_resident_memory_bytes",
    help: "Resident memory size in bytes.",
    collect: (metric) => metric.set({}, process.memoryUsage.rss()),
  });
  registry.gauge({
    name: "process_start_time_seconds",
    help: "Start time of the process since unix epoch in seconds.",
    collect: (metric) => metric.set({}, startSeconds),
  });
  registry.gauge({
    name: "nodejs_heap_size_used_bytes",
    help: "Process heap size used from Node.js in bytes.",
    collect: (metric) => metric.set({}, process.memoryUsage().heapUsed),
  });
  registry.gauge({
    name: "nodejs_eventloop_delay_p99_seconds",
    help: "99th percentile of the event loop's delay since the previous scrape, in seconds.",
    collect: async (metric) => {
      // The sampler wakes every 20 ms (about 2.5 ms of CPU a second on an idle gateway), so it
      // starts with the first scrape: a process nobody scrapes pays nothing, and reports 0 once.
      const histogram = await (loopDelay ??= startLoopDelay());
      metric.set({}, histogram.count === 0 ? 0 : histogram.percentile(99) / 1e9);
      histogram.reset();
    },
  });
}
