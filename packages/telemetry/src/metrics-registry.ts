// The in-process measurements behind /metrics: counters, gauges and histograms with labels,
// rendered in the Prometheus text exposition format (0.0.4). It needs no OpenTelemetry package, so
// /metrics works with OTel off; when OTel is on, telemetry.ts records the same values in both.
// Every metric holds at most `maxSeriesPerMetric` label sets: past it a new label set is not
// recorded and `foundry_metrics_series_dropped_total` counts it (labels are bounded, memory too).

/** Label values of one series; keys are Prometheus label names. */
export type Labels = Readonly<Record<string, string>>;

/** What a metric is, for its `# TYPE` line. */
export type MetricKind = "counter" | "gauge" | "histogram";

/** Options of a metric. */
export interface MetricOptions {
  name: string;
  help: string;
  /** Histogram bucket upper bounds, ascending (histograms only). */
  buckets?: readonly number[];
  /** Called before each render to set the current values (gauges read from the world). */
  collect?: (metric: Metric) => void | Promise<void>;
}

/** Most label sets one metric keeps (default of MetricsRegistry). */
export const DEFAULT_MAX_SERIES_PER_METRIC = 2000;

interface Series {
  labels: Labels;
  value: number;
  bucketCounts?: number[];
  sum?: number;
}

function seriesKey(labels: Labels): string {
  return Object.keys(labels)
    .sort()
    .map((key) => `${key}\u0000${labels[key]}`)
    .join("\u0001");
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
}

function formatLabels(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${escapeLabel(value)}"`);
  if (extra) pairs.push(`${extra[0]}="${escapeLabel(extra[1])}"`);
  return pairs.length === 0 ? "" : `{${pairs.join(",")}}`;
}

function formatNumber(value: number): string {
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return Number.isNaN(value) ? "NaN" : String(value);
}

/** One named metric and its series. */
export class Metric {
  private readonly series = new Map<string, Series>();

  constructor(
    readonly kind: MetricKind,
    readonly options: MetricOptions,
    private readonly registry: MetricsRegistry,
  ) {}

  private seriesFor(labels: Labels): Series | undefined {
    const key = seriesKey(labels);
    let found = this.series.get(key);
    if (found) return found;
    if (this.series.size >= this.registry.maxSeriesPerMetric) {
      this.registry.noteDroppedSeries(this.options.name);
      return undefined;
    }
    found = { labels: { ...labels }, value: 0 };
    if (this.kind === "histogram") {
      found.bucketCounts = new Array<number>(this.options.buckets?.length ?? 0).fill(0);
      found.sum = 0;
    }
    this.series.set(key, found);
    return found;
  }

  /** Adds `amount` (counters; default 1). */
  inc(labels: Labels = {}, amount = 1): void {
    const series = this.seriesFor(labels);
    if (series) series.value += amount;
  }

  /** Sets the value (gauges). */
  set(labels: Labels, value: number): void {
    const series = this.seriesFor(labels);
    if (series) series.value = value;
  }

  /** Forgets every series (a gauge's collect starts from nothing). */
  reset(): void {
    this.series.clear();
  }

  /** Records one observation (histograms): bucket counts, sum and count. */
  observe(labels: Labels, value: number): void {
    const series = this.seriesFor(labels);
    if (!series || !series.bucketCounts) return;
    const buckets = this.options.buckets ?? [];
    for (let index = 0; index < buckets.length; index += 1) {
      if (value <= (buckets[index] as number)) series.bucketCounts[index] = (series.bucketCounts[index] ?? 0) + 1;
    }
    series.value += 1;
    series.sum = (series.sum ?? 0) + value;
  }

  /** The current value of one series (tests and collectors). */
  valueOf(labels: Labels = {}): number | undefined {
    return this.series.get(seriesKey(labels))?.value;
  }

  render(): string {
    const { name, help } = this.options;
    const lines = [`# HELP ${name} ${help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}`, `# TYPE ${name} ${this.kind}`];
    for (const series of this.series.values()) {
      if (this.kind !== "histogram") {
        lines.push(`${name}${formatLabels(series.labels)} ${formatNumber(series.value)}`);
        continue;
      }
      const buckets = this.options.buckets ?? [];
      buckets.forEach((bound, index) =>
        lines.push(`${name}_bucket${formatLabels(series.labels, ["le", formatNumber(bound)])} ${series.bucketCounts?.[index] ?? 0}`),
      );
      lines.push(`${name}_bucket${formatLabels(series.labels, ["le", "+Inf"])} ${series.value}`);
      lines.push(`${name}_sum${formatLabels(series.labels)} ${formatNumber(series.sum ?? 0)}`);
      lines.push(`${name}_count${formatLabels(series.labels)} ${series.value}`);
    }
    return lines.join("\n");
  }
}

/**
 * The process's metrics; `render()` is the body of a /metrics answer.
 *
 * @example const calls = registry.counter({ name: "calls_total", help: "Calls." }); calls.inc({ method: "tools/call" });
 */
export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();
  private readonly dropped: Metric;

  constructor(readonly maxSeriesPerMetric = DEFAULT_MAX_SERIES_PER_METRIC) {
    this.dropped = new Metric(
      "counter",
      { name: "foundry_metrics_series_dropped_total", help: "Label sets not recorded because their metric already held its most series." },
      this,
    );
    this.metrics.set(this.dropped.options.name, this.dropped);
  }

  private define(kind: MetricKind, options: MetricOptions): Metric {
    const existing = this.metrics.get(options.name);
    if (existing) {
      if (existing.kind !== kind) throw new Error(`metric ${options.name} is already a ${existing.kind}, not a ${kind}`);
      return existing;
    }
    const metric = new Metric(kind, options, this);
    this.metrics.set(options.name, metric);
    return metric;
  }

  counter(options: MetricOptions): Metric {
    return this.define("counter", options);
  }

  gauge(options: MetricOptions): Metric {
    return this.define("gauge", options);
  }

  histogram(options: MetricOptions & { buckets: readonly number[] }): Metric {
    return this.define("histogram", options);
  }

  /** The metric named `name`, if defined. */
  get(name: string): Metric | undefined {
    return this.metrics.get(name);
  }

  noteDroppedSeries(metricName: string): void {
    // The dropped counter's own label set is bounded by the number of metrics.
    this.dropped.inc({ metric: metricName });
  }

  /** Runs every collect callback, then renders the text format (ends with a newline). */
  async render(): Promise<string> {
    // A collector that fails (a store that is down) leaves its metric as it was; the rest render.
    await Promise.allSettled([...this.metrics.values()].map(async (metric) => metric.options.collect?.(metric)));
    return `${[...this.metrics.values()].map((metric) => metric.render()).join("\n")}\n`;
  }
}
