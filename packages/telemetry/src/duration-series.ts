// The Prometheus duration histograms' series by the values their labels are made of (series-tree.ts):
// no label object, key string or registry lookup per operation (those were most of what measuring
// a request cost with export off, docs/decisions/0019). Bounded: past MAX_CACHED_SERIES label sets
// held, a label set is bound afresh on each use and not kept (the registry's own series bound
// still applies and counts what it drops).
import type { BoundSeries, Labels, Metric } from "./metrics-registry";
import { SeriesTree } from "./series-tree";

/** Most series one histogram's cache holds (the registry keeps at most 2000 anyway). */
const MAX_CACHED_SERIES = 8192;

export class DurationSeries {
  // scope (the upstream, client side) → method → tool label → error type → series
  private readonly tree = new SeriesTree<BoundSeries>(MAX_CACHED_SERIES);
  private readonly bind = (values: readonly string[]): BoundSeries => {
    const [scope, method, tool, errorType] = values as [string, string, string, string];
    return this.metric.bind(this.labelsOf(scope, method, tool, errorType));
  };

  constructor(
    private readonly metric: Metric,
    private readonly labelsOf: (scope: string, method: string, tool: string, errorType: string) => Labels,
  ) {}

  /** The series to record one operation in. */
  of(scope: string, method: string, tool: string, errorType: string): BoundSeries {
    const values = [scope, method, tool, errorType];
    return this.tree.find(values, this.bind) ?? this.bind(values);
  }
}
