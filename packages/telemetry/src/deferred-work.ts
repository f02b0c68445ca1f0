// Work that must happen for an operation but not before its answer leaves: ending the span (and,
// every 512 spans, the batch processor's serialisation) and recording the OTLP histogram. A relayed
// call ends its client operation just before the server's answer is written and its server
// operation just before that write; run then, this work sits on the caller's latency. Queued here,
// it runs in one setImmediate after the current I/O callback, when the answer is already written.
// Bounded: past MAX_DEFERRED_WORK waiting items the work runs at once (never dropped).

/** Most items waiting at once; past it `defer` runs the item inline. */
export const MAX_DEFERRED_WORK = 4096;

export class DeferredWork {
  private queue: Array<() => void> = [];
  private scheduled = false;

  /** Runs `work` after the current callback's synchronous part and its microtasks. */
  defer(work: () => void): void {
    if (this.queue.length >= MAX_DEFERRED_WORK) {
      work();
      return;
    }
    this.queue.push(work);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.drain());
  }

  /** Runs everything waiting now (also before the exporters shut down). */
  drain(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    for (const work of batch) work();
  }
}
