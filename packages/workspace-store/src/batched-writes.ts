// Rows written in the background: queued in memory and written in batches (one transaction per
// 200 rows or 250 ms), so the request that made a row never waits on a disk write. A batch the
// database refuses (a restart, a lock) is tried again a few times with growing waits; past that,
// or when too many batches wait behind it, its rows are dropped and counted, never kept without
// bound in memory (issue 39, T13). The call log (usage.ts) and the learned requests
// (learned-requests.ts) each write through one of these.
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";

/** Rows written in one transaction at most, and how long the first queued row waits. */
const FLUSH_BATCH = 200;
const FLUSH_AFTER_MS = 250;
/** Tries of one batch before its rows are dropped, and the wait before the second (doubling after). */
const WRITE_ATTEMPTS = 4;
const FIRST_RETRY_MS = 250;
/** Batches that may wait behind one being written (or retried); past that a new batch is dropped. */
const MAX_WAITING_BATCHES = 10;

/** What a BatchedWrites writes and how it reports. */
export interface BatchedWritesOptions<T> {
  /** Names the log in errors: `call log: 5 calls not written (…)`. */
  log: string;
  /** What one row is, plural (`calls`). */
  rows: string;
  /** Writes one batch in one transaction (all or nothing, so a retry never doubles a row). */
  write: (batch: T[]) => Promise<void>;
  /** Runs after a batch is written (a prune); its failure is the batch's flush error. */
  afterWrite?: (batch: T[]) => Promise<void>;
  /** Told when a batch's timer-started write failed for good (those rows are not written). */
  onError: (error: unknown) => void;
  /** Told when a batch's write failed and will be tried again (`attempt` is the one that failed, from 1). */
  onRetry: (attempt: number, error: unknown) => void;
}

/** A queue of rows written in batches, one batch after another, with bounded retries and room. */
export class BatchedWrites<T> {
  private pending: T[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The batches being written, in order; settles once the last one has. */
  private writing: Promise<void> = Promise.resolve();
  private waitingBatches = 0;
  private droppedRows = 0;

  constructor(private readonly options: BatchedWritesOptions<T>) {}

  /** Rows not written since the start (a batch that failed every try, or found no room). */
  get dropped(): number {
    return this.droppedRows;
  }

  /**
   * Queues one row; the queue is written when it holds FLUSH_BATCH rows (this call then resolves
   * once they are) or FLUSH_AFTER_MS after its first row. The queue never holds more than
   * FLUSH_BATCH rows beyond those being written.
   */
  async add(row: T): Promise<void> {
    this.pending.push(row);
    if (this.pending.length >= FLUSH_BATCH) await this.flush();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => void this.flush().catch((error: unknown) => this.options.onError(error)), FLUSH_AFTER_MS);
      this.timer.unref?.();
    }
  }

  /**
   * Writes the queued rows in one transaction. Resolves once every row queued so far is written,
   * including a batch a timer began (batches are written one after another, so a reader that
   * flushes first never reads before one of them lands).
   */
  async flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending.splice(0);
    if (rows.length === 0) return this.writing;
    if (this.waitingBatches >= MAX_WAITING_BATCHES)
      return Promise.reject(this.drop(rows, `${MAX_WAITING_BATCHES} batches already wait for the database, the bound`));
    this.waitingBatches++;
    const write = this.writing.then(() => this.writeWithRetries(rows)).finally(() => void this.waitingBatches--);
    this.writing = write.catch(() => undefined); // a failed batch is its own caller's error
    return write;
  }

  // Counts a batch that will not be written and says why; the error goes to the flush's caller.
  private drop(rows: T[], why: string, cause?: unknown): Error {
    this.droppedRows += rows.length;
    const detail = cause === undefined ? "" : `: ${(cause as Error).message ?? String(cause)}`;
    return new WorkspaceStoreError(
      WorkspaceStoreErrorCode.STORE,
      `${this.options.log}: ${rows.length} ${this.options.rows} not written (${why}; ${this.droppedRows} dropped since start)${detail}`,
      cause === undefined ? {} : { cause },
    );
  }

  private async writeWithRetries(rows: T[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.write(rows);
        break;
      } catch (error) {
        if (attempt >= WRITE_ATTEMPTS) throw this.drop(rows, `the database refused them ${WRITE_ATTEMPTS} times`, error);
        this.options.onRetry(attempt, error);
        await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_MS * 2 ** (attempt - 1)));
      }
    }
    await this.options.afterWrite?.(rows);
  }
}
