// The bounded queue between the hot path and the exporter: finished spans wait here as plain
// records and leave in batches, encoded and posted off the request's path (a timer or a
// setImmediate, never inside the call that ended the span). At most `maxQueueSize` wait; past it
// a new record is dropped and counted (the batch span processor's rule), so a collector that is
// down costs memory up to the bound and no more. One export runs at a time.
import type { BatchBounds } from "./export-settings";

export class BatchQueue<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly bounds: BatchBounds,
    private readonly exportBatch: (batch: T[]) => Promise<void>,
    private readonly onDrop: () => void,
  ) {}

  add(item: T): void {
    if (this.items.length >= this.bounds.maxQueueSize) {
      this.onDrop();
      return;
    }
    this.items.push(item);
    if (this.running) return;
    if (this.items.length >= this.bounds.maxExportBatchSize) this.exportSoon();
    else this.timer ??= setTimeout(() => this.exportSoon(), this.bounds.scheduleDelayMs).unref();
  }

  private exportSoon(): void {
    if (this.immediate || this.running) return;
    this.immediate = setImmediate(() => {
      this.immediate = undefined;
      void this.exportNext();
    });
  }

  private exportNext(): Promise<void> {
    if (this.running) return this.running;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.items.length === 0) return Promise.resolve();
    const batch = this.items.length <= this.bounds.maxExportBatchSize ? this.items : this.items.slice(0, this.bounds.maxExportBatchSize);
    this.items = batch === this.items ? [] : this.items.slice(batch.length);
    this.running = this.exportBatch(batch)
      .catch(() => undefined)
      .finally(() => {
        this.running = undefined;
        if (this.items.length >= this.bounds.maxExportBatchSize) this.exportSoon();
        else if (this.items.length > 0) this.timer ??= setTimeout(() => this.exportSoon(), this.bounds.scheduleDelayMs).unref();
      });
    return this.running;
  }

  /** Exports everything waiting (shutdown), batch by batch. */
  async flush(): Promise<void> {
    clearImmediate(this.immediate);
    this.immediate = undefined;
    if (this.running) await this.running;
    while (this.items.length > 0) await this.exportNext();
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
