// The mcp.*.operation.duration histograms for OTLP: one series per attribute set, cumulative from
// the exporter's start (OTLP's cumulative temporality, what the SDK's default reader sends),
// bucketed by the convention's boundaries. Recording is a map lookup and a few additions; the
// series are bounded like the Prometheus registry's (past the bound a new attribute set is not
// recorded and `onDroppedSeries` counts it).
import type { SpanAttributes } from "../bridge";
import type { HistogramPoint, HistogramRecord } from "./otlp-json";

export class DurationHistogram {
  private readonly series = new Map<string, HistogramPoint>();

  constructor(
    readonly name: string,
    readonly description: string,
    private readonly bounds: readonly number[],
    private readonly maxSeries: number,
    private readonly onDroppedSeries: () => void,
  ) {}

  /** Records `seconds` in the series `key` names; `attributesOf` builds its attributes when it is new. */
  record(seconds: number, key: string, attributesOf: () => SpanAttributes): void {
    let point = this.series.get(key);
    if (!point) {
      if (this.series.size >= this.maxSeries) {
        this.onDroppedSeries();
        return;
      }
      point = { attributes: attributesOf(), bucketCounts: new Array<number>(this.bounds.length + 1).fill(0), count: 0, sum: 0, min: seconds, max: seconds };
      this.series.set(key, point);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] as number)) bucket += 1;
    point.bucketCounts[bucket] = (point.bucketCounts[bucket] as number) + 1;
    point.count += 1;
    point.sum += seconds;
    if (seconds < point.min) point.min = seconds;
    if (seconds > point.max) point.max = seconds;
  }

  /** The metric as it stands (the points are copied: export runs while recording goes on). */
  snapshot(): HistogramRecord {
    const points = [...this.series.values()].map((point) => ({ ...point, bucketCounts: [...point.bucketCounts] }));
    return { name: this.name, description: this.description, unit: "s", bounds: this.bounds, points };
  }
}
