// A labelled metric's series found by walking one small map per label value, in a fixed order:
// no key string and no label object per measurement (building those was most of what recording a
// duration cost, decisions 0019 and 0029). Shared by the Prometheus duration series
// (duration-series.ts) and the OTLP histograms (otlp/duration-histograms.ts). Bounded: it holds
// at most `maxSeries` series (and so at most that many maps per level); a new label set past the
// bound is not kept, and the caller decides what that means (a throwaway series, or a drop counted).

type Level = Map<string, unknown>;

export class SeriesTree<T> {
  private readonly root: Level = new Map();
  private readonly held: T[] = [];

  /** `maxSeries`: most series held; every `find` gives the same number of values. */
  constructor(private readonly maxSeries: number) {}

  /**
   * The series of `values`, made by `make(values)` the first time; undefined for a new label set
   * once the tree holds `maxSeries`.
   *
   * @example const point = tree.find([method, tool], newPoint) ?? droppedPoint;
   */
  find(values: readonly string[], make: (values: readonly string[]) => T): T | undefined {
    const last = values.length - 1;
    let level = this.root;
    for (let depth = 0; depth < last; depth += 1) {
      const next = level.get(values[depth] as string) as Level | undefined;
      if (next === undefined) return this.add(level, depth, values, make);
      level = next;
    }
    const found = level.get(values[last] as string) as T | undefined;
    return found !== undefined ? found : this.add(level, last, values, make);
  }

  /** Every series held, in the order first found. */
  series(): readonly T[] {
    return this.held;
  }

  // The maps below `level` are made only for a series that is kept, so a refused label set leaves nothing.
  private add(level: Level, from: number, values: readonly string[], make: (values: readonly string[]) => T): T | undefined {
    if (this.held.length >= this.maxSeries) return undefined;
    const last = values.length - 1;
    for (let depth = from; depth < last; depth += 1) {
      const next: Level = new Map();
      level.set(values[depth] as string, next);
      level = next;
    }
    const series = make(values);
    level.set(values[last] as string, series);
    this.held.push(series);
    return series;
  }
}
