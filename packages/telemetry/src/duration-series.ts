// The duration histograms' series by the values their labels are made of, found by walking a few
// small maps of those values: no label object, key string or registry lookup per operation (those
// were most of what measuring a request cost with export off, docs/decisions/0019). Bounded: past
// MAX_CACHED_ENTRIES maps and series held, a label set is bound afresh on each use and not kept
// (the registry's own series bound still applies and counts what it drops).
import type { BoundSeries, Labels, Metric } from "./metrics-registry";

/** Most maps and series one histogram's cache holds (its series are at most 2000 anyway). */
const MAX_CACHED_ENTRIES = 8192;

type Level<T> = Map<string, T>;

export class DurationSeries {
  // scope (the upstream, client side) → method → tool label → error type → series
  private readonly tree: Level<Level<Level<Level<BoundSeries>>>> = new Map();
  private held = 0;

  constructor(
    private readonly metric: Metric,
    private readonly labelsOf: (scope: string, method: string, tool: string, errorType: string) => Labels,
  ) {}

  /** The series to record one operation in. */
  of(scope: string, method: string, tool: string, errorType: string): BoundSeries {
    const methods = this.tree.get(scope) ?? this.hold(this.tree, scope);
    const tools = methods?.get(method) ?? (methods && this.hold(methods, method));
    const errors = tools?.get(tool) ?? (tools && this.hold(tools, tool));
    const found = errors?.get(errorType);
    if (found) return found;
    const series = this.metric.bind(this.labelsOf(scope, method, tool, errorType));
    if (errors && this.held < MAX_CACHED_ENTRIES) {
      errors.set(errorType, series);
      this.held += 1;
    }
    return series;
  }

  // A new level under `parent`, unless the cache is full (then undefined: nothing is kept).
  private hold<T>(parent: Level<Level<T>>, key: string): Level<T> | undefined {
    if (this.held >= MAX_CACHED_ENTRIES) return undefined;
    const level: Level<T> = new Map();
    parent.set(key, level);
    this.held += 1;
    return level;
  }
}
