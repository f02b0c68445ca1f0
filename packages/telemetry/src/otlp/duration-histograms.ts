// The mcp.*.operation.duration histograms for OTLP: one series per attribute set, cumulative from
// the exporter's start (OTLP's cumulative temporality, what the SDK's default reader sends),
// bucketed by the convention's boundaries. Recording walks the series' values (series-tree.ts)
// and adds; a series' attributes are built once, when it is new. Bounded like the Prometheus
// registry's (past the bound a new attribute set is not recorded and `onDroppedSeries` counts it).
import { givenValue, seriesFacts, type DurationSeriesValues, type SpanAttributes } from "../bridge";
import { writeConventionAttributes, writeOutcomeAttributes } from "../semconv";
import { SeriesTree } from "../series-tree";
import type { HistogramPoint, HistogramRecord } from "./otlp-json";

/** A series' attributes, in the order a span writes the same ones (semconv.ts). */
function attributesOf(values: DurationSeriesValues): SpanAttributes {
  const [method, transport, toolLabel, promptName, protocolVersion, errorType, statusCode] = values;
  const attributes: SpanAttributes = {};
  const writer = { setAttribute: (key: string, value: string) => void (attributes[key] = value) };
  writeConventionAttributes(writer, seriesFacts(method, toolLabel, promptName, protocolVersion), transport, undefined);
  writeOutcomeAttributes(writer, { errorType: givenValue(errorType), statusCode: givenValue(statusCode) });
  return attributes;
}

export class DurationHistogram {
  private readonly series: SeriesTree<HistogramPoint>;
  private readonly newPoint = (values: readonly string[]): HistogramPoint => ({
    attributes: attributesOf(values as DurationSeriesValues),
    bucketCounts: new Array<number>(this.bounds.length + 1).fill(0),
    count: 0,
    sum: 0,
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
  });

  constructor(
    readonly name: string,
    readonly description: string,
    private readonly bounds: readonly number[],
    maxSeries: number,
    private readonly onDroppedSeries: () => void,
  ) {
    this.series = new SeriesTree(maxSeries);
  }

  /** Records `seconds` in the series `values` name. */
  record(seconds: number, values: DurationSeriesValues): void {
    const point = this.series.find(values, this.newPoint);
    if (!point) {
      this.onDroppedSeries();
      return;
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
    const points = this.series.series().map((point) => ({ ...point, bucketCounts: [...point.bucketCounts] }));
    return { name: this.name, description: this.description, unit: "s", bounds: this.bounds, points };
  }
}
