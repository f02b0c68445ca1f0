// A store observer that feeds a histogram directly: each operation's duration labelled by driver
// and operation kind. The observer is this package's own function, so a store query never calls
// back into the host that asked for the measure (decision 0015); the histogram is the host's
// metrics library's (telemetry's MetricsRegistry histograms fit), known here only by its shape.
import type { StoreOperationKind, StoreQueryObserver, WorkspaceStoreDriverName } from "./types";

/** What histogramObserver needs of a histogram: a series bound to one label set, to observe into. */
export interface DurationHistogram {
  bind(labels: { driver: string; operation: StoreOperationKind }): { observe(seconds: number): void };
}

/**
 * The observer for `store.observeQueries` that records every operation in `histogram`.
 * @example store.observeQueries(histogramObserver(metrics.histogram({ name: "store_query_duration_seconds", help: "…" }), store.driver));
 */
export function histogramObserver(histogram: DurationHistogram, driver: WorkspaceStoreDriverName): StoreQueryObserver {
  // Three label sets only, bound once: every store call records one observation, several per tool
  // call, so none of them looks its labels up.
  const byKind = {
    read: histogram.bind({ driver, operation: "read" }),
    write: histogram.bind({ driver, operation: "write" }),
    transaction: histogram.bind({ driver, operation: "transaction" }),
  };
  return (operation, seconds) => byKind[operation].observe(seconds);
}
