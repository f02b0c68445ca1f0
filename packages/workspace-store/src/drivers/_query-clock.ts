// The store's query-latency hook: the store's owner sets an observer (the gateway feeds its
// /metrics histogram) and every statement, and every transaction from begin to its end, reports
// its duration by kind. With no observer set a measurement costs one property read: no clock.
import type { StoreOperationKind, StoreQueryObserver } from "../types";

/** Times the driver's work for the observer the store's owner set, if any. */
export class QueryClock {
  observer: StoreQueryObserver | undefined;

  /** A start mark: the clock's reading, or NaN when nobody observes (stop then does nothing). */
  start(): number {
    return this.observer ? performance.now() : Number.NaN;
  }

  /** Reports the time since `started` (a mark from start()). */
  stop(kind: StoreOperationKind, started: number): void {
    if (Number.isNaN(started)) return;
    // An observer that throws must not fail the query it measured.
    try {
      this.observer?.(kind, (performance.now() - started) / 1000);
    } catch {
      /* the measurement is lost, the query's answer is not */
    }
  }

  /** Runs synchronous `work` (SQLite), reporting its duration as `kind`. */
  measure<T>(kind: StoreOperationKind, work: () => T): T {
    if (!this.observer) return work();
    const started = this.start();
    try {
      return work();
    } finally {
      this.stop(kind, started);
    }
  }

  /** Runs `work`, reporting its duration as `kind`. */
  async time<T>(kind: StoreOperationKind, work: () => Promise<T>): Promise<T> {
    if (!this.observer) return work();
    const started = this.start();
    try {
      return await work();
    } finally {
      this.stop(kind, started);
    }
  }
}
