// The store's own figures on /metrics: its connection pool, read from store.poolStats() at scrape
// time, and every operation's duration by kind, fed by the observer the gateway sets on its store
// (workspace-store measures; it does not know the metrics registry: tooling/layers.json).
import type { MetricsRegistry } from "@foundry-mcp/telemetry";
import { histogramObserver } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** Bounds of amicited_store_query_duration_seconds: from an SQLite point read to a slow transaction. */
export const STORE_QUERY_BUCKETS_SECONDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/** Registers the pool gauges and the query histogram, and points the store's observer at it. */
export function registerStoreMetrics(store: WorkspaceStore, metrics: MetricsRegistry): void {
  const driver = store.driver;
  const latency = metrics.histogram({
    name: "amicited_store_query_duration_seconds",
    help: "Duration of each store operation, by driver and operation (read, write, transaction).",
    buckets: STORE_QUERY_BUCKETS_SECONDS,
  });
  // The observer is workspace-store's own (three series bound once), so a query does not call back
  // into the gateway (decision 0015).
  store.observeQueries(histogramObserver(latency, driver));
  metrics.gauge({
    name: "amicited_store_pool_connections",
    help: "The store's connections by state: open, in_use (running a statement or held by a transaction), max (the pool's size limit).",
    collect: (metric) => {
      const stats = store.poolStats();
      metric.set({ driver, state: "open" }, stats.size);
      metric.set({ driver, state: "in_use" }, stats.inUse);
      metric.set({ driver, state: "max" }, stats.max);
    },
  });
  metrics.gauge({
    name: "amicited_store_pool_waiting",
    help: "Store calls waiting for a connection (PostgreSQL: the pool's queue; SQLite: calls queued behind the one holding its connection).",
    collect: (metric) => metric.set({ driver }, store.poolStats().waiting),
  });
}
