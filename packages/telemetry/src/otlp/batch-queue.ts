// The bounded queue between the hot path and the exporter: a finished span arrives as its OTLP JSON
// text and is kept as bytes (encoded-spans.ts); batches leave off the request's path (a timer or a
// setImmediate, never inside the call that ended the span). At most `maxQueueSize` spans wait;
// past it a new one is dropped and counted (the batch span processor's rule), so a collector that
// is down costs memory up to the bound and no more. One export runs at a time.
import type { BatchBounds } from "./export-settings";
import { EncodedSpans, type SpanBatch } from "./encoded-spans";

export class BatchQueue {
  private readonly spans: EncodedSpans;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private running: Promise<void> | undefined;

  /** `exportBatch` may use the batch's bytes until its promise settles; they are reused after. */
  constructor(
    private readonly bounds: BatchBounds,
    private readonly exportBatch: (batch: SpanBatch) => Promise<void>,
    private readonly onDrop: () => void,
  ) {
    this.spans = new EncodedSpans(bounds.maxExportBatchSize);
  }

  /** Queues one finished span's JSON text (otlp-json.ts spanText). */
  add(spanJson: string): void {
    if (this.spans.size >= this.bounds.maxQueueSize) {
      this.onDrop();
      return;
    }
    this.spans.add(spanJson);
    if (this.running) return;
    if (this.spans.hasFullBatch) this.exportSoon();
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
    const batch = this.spans.take();
    if (batch === undefined) return Promise.resolve();
    this.running = this.exportBatch(batch)
      .catch(() => undefined)
      .finally(() => {
        this.spans.release(batch);
        this.running = undefined;
        if (this.spans.hasFullBatch) this.exportSoon();
        else if (this.spans.size > 0) this.timer ??= setTimeout(() => this.exportSoon(), this.bounds.scheduleDelayMs).unref();
      });
    return this.running;
  }

  /** Exports everything waiting (shutdown), batch by batch. */
  async flush(): Promise<void> {
    clearImmediate(this.immediate);
    this.immediate = undefined;
    if (this.running) await this.running;
    while (this.spans.size > 0) await this.exportNext();
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
