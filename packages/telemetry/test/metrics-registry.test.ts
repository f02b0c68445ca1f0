// The in-process registry renders the Prometheus text format a real parser reads back, escapes
// label values, keeps histogram buckets cumulative, and bounds the label sets of each metric.
import { describe, expect, it } from "vitest";
import { parsePrometheusText, sampleValue } from "../../../tooling/prometheus-text.mjs";
import { MetricsRegistry } from "../src/metrics-registry";

describe("MetricsRegistry", () => {
  it("renders counters, gauges and cumulative histogram buckets that the parser reads back", async () => {
    const registry = new MetricsRegistry();
    registry.counter({ name: "calls_total", help: "Calls." }).inc({ code: '-32602 "bad"\nline' }, 3);
    registry.gauge({ name: "open_sessions", help: "Sessions.", collect: (metric) => metric.set({}, 7) });
    const histogram = registry.histogram({ name: "wait_seconds", help: "Waits.", buckets: [0.1, 1] });
    for (const value of [0.05, 0.5, 5]) histogram.observe({}, value);

    const text = await registry.render();
    expect(text).toContain('calls_total{code="-32602 \\"bad\\"\\nline"} 3');
    expect(text).toContain('wait_seconds_bucket{le="0.1"} 1\nwait_seconds_bucket{le="1"} 2\nwait_seconds_bucket{le="+Inf"} 3\nwait_seconds_sum{} 5.55\nwait_seconds_count{} 3'.replace(/\{\}/g, ""));
    const families = parsePrometheusText(text);
    expect(families.map((family) => [family.name, family.type])).toEqual([
      ["foundry_metrics_series_dropped_total", "COUNTER"],
      ["calls_total", "COUNTER"],
      ["open_sessions", "GAUGE"],
      ["wait_seconds", "HISTOGRAM"],
    ]);
    expect(families[1]?.metrics).toEqual([{ value: "3", labels: { code: '-32602 "bad"\nline' } }]);
    expect(families[2]?.metrics).toEqual([{ value: "7" }]);
    expect(families[3]?.metrics).toEqual([{ buckets: { "0.1": "1", "1": "2", "+Inf": "3" }, count: "3", sum: "5.55" }]);
  });

  it("keeps at most maxSeriesPerMetric label sets and counts the ones it drops", async () => {
    const registry = new MetricsRegistry(2);
    const calls = registry.counter({ name: "calls_total", help: "Calls." });
    for (const tool of ["a", "b", "c", "d"]) calls.inc({ tool });
    expect(calls.valueOf({ tool: "b" })).toBe(1);
    expect(calls.valueOf({ tool: "c" })).toBeUndefined();
    expect(await registry.render()).toContain('foundry_metrics_series_dropped_total{metric="calls_total"} 2');
  });

  it("counts a label set given in any key order as one series, and each observation in every bucket that holds it", async () => {
    const registry = new MetricsRegistry(1);
    const histogram = registry.histogram({ name: "query_seconds", help: "Queries.", buckets: [0.1, 1, 10] });
    histogram.observe({ driver: "sqlite", operation: "read" }, 0.1);
    histogram.observe({ operation: "read", driver: "sqlite" }, 1);
    histogram.observe({ driver: "sqlite", operation: "read" }, 0.05);
    histogram.observe({ operation: "read", driver: "sqlite" }, 20);
    expect(histogram.valueOf({ operation: "read", driver: "sqlite" })).toBe(4);
    const text = await registry.render();
    const families = parsePrometheusText(text);
    // The parser keeps a labeled histogram's buckets only; its count and sum are read as lines.
    expect(families.find((family) => family.name === "query_seconds")?.metrics).toEqual([{ buckets: { "0.1": "2", "1": "3", "10": "3", "+Inf": "4" } }]);
    expect(sampleValue(text, "query_seconds_count", { driver: "sqlite", operation: "read" })).toBe(4);
    expect(sampleValue(text, "query_seconds_sum", { driver: "sqlite", operation: "read" })).toBeCloseTo(21.15, 9);
    // A one-series metric took both key orders as the same label set: nothing was dropped.
    expect(families.find((family) => family.name === "foundry_metrics_series_dropped_total")?.metrics).toEqual([]);
  });

  it("records through a bound series, finds its label set again after reset(), and counts drops past the bound", async () => {
    const registry = new MetricsRegistry(1);
    const histogram = registry.histogram({ name: "op_seconds", help: "Ops.", buckets: [1] });
    const read = histogram.bind({ operation: "read" });
    const write = histogram.bind({ operation: "write" });
    read.observe(0.5);
    read.observe(2);
    write.observe(0.5);
    expect(histogram.valueOf({ operation: "read" })).toBe(2);
    expect(histogram.valueOf({ operation: "write" })).toBeUndefined();
    histogram.reset();
    write.observe(0.5);
    read.observe(0.5);
    expect([histogram.valueOf({ operation: "write" }), histogram.valueOf({ operation: "read" })]).toEqual([1, undefined]);
    const text = await registry.render();
    expect(sampleValue(text, "foundry_metrics_series_dropped_total", { metric: "op_seconds" })).toBe(2);
    expect(sampleValue(text, "op_seconds_bucket", { operation: "write", le: "1" })).toBe(1);
  });

  it("renders the other metrics when one collector fails", async () => {
    const registry = new MetricsRegistry();
    registry.gauge({ name: "broken", help: "Fails.", collect: () => Promise.reject(new Error("store down")) });
    registry.gauge({ name: "fine", help: "Works.", collect: (metric) => metric.set({}, 1) });
    expect(await registry.render()).toContain("fine 1");
  });

  it("refuses a second definition of a name as another kind", () => {
    const registry = new MetricsRegistry();
    registry.counter({ name: "x_total", help: "X." });
    expect(() => registry.gauge({ name: "x_total", help: "X." })).toThrow("metric x_total is already a counter, not a gauge");
  });
});
