// Work that must happen for an operation but not before its answer leaves: ending the span (and,
// every 512 spans, the batch processor's serialisation) and recording the OTLP histogram. A server
// operation ends in TracedServerTransport.send just before the answer is written, in the same
// synchronous stretch; queued here, the work runs in one microtask after that stretch, so after
// the write. A microtask and not setImmediate: an immediate costs the process an extra event-loop
// turn per answer, which measured slower on foya's relay (more CPU per call, higher p50) than doing
// the work inline. Bounded: past MAX_DEFERRED_WORK waiting items the work runs at once (never dropped).

/** Most items waiting at once; past it `defer` runs the item inline. */
export const MAX_DEFERRED_WORK = 4096;

export class DeferredWork {
  private queue: Array<() => void> = [];
  private scheduled = false;

  /** Runs `work` once the current synchronous stretch (e.g. the answer's write) is over. */
  defer(work: () => void): void {
    if (this.queue.length >= MAX_DEFERRED_WORK) {
      work();
      return;
    }
    this.queue.push(work);
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.drain());
  }

  /** Runs everything waiting now (also before the exporters shut down). */
  drain(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    for (const work of batch) work();
  }
}
