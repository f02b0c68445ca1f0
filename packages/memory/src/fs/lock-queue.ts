// One in-process queue per lock file: every write of this process waits here, in order, and a
// single waiter takes the cross-process lock (file-lock.ts) and serves a batch of queued
// writes under that one acquisition before letting other processes in. Before this, each
// in-flight call polled the lock file on its own, so 120 parallel calls in one process raced
// each other (and the holder's own file work) through libuv's thread pool and timed out.
// The batch is bounded in count and time so other processes still get their turn (fairness).
// The batch's last write is answered after the lock is released, so an answer never comes
// while this process still holds the lock (a host that ends the process at once left it behind).

import { MemoryError, MemoryErrorCode } from "../errors";
import { acquireFileLock } from "./file-lock";
import type { FileLockOptions } from "./file-lock";

/** Most writes one process may have waiting for its turn; more is a clear error, not a pile-up. */
export const MAX_QUEUED_WRITES = 10_000;
const BATCH_WRITES = 32;
const BATCH_MS = 250;

interface Waiter {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

class LockQueue {
  private readonly waiting: Waiter[] = [];
  private draining = false;

  constructor(
    private readonly lockPath: string,
    private readonly options: FileLockOptions,
  ) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.waiting.length >= MAX_QUEUED_WRITES) {
      return Promise.reject(
        new MemoryError(
          MemoryErrorCode.QUEUE_FULL,
          `${MAX_QUEUED_WRITES} writes are already waiting for ${this.lockPath} in this process; wait for some to finish, then retry.`,
        ),
      );
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        let held;
        try {
          held = await acquireFileLock(this.lockPath, this.options);
        } catch (error) {
          // Nobody queued now can get the lock either; fail them all with the same reason.
          for (const waiter of this.waiting.splice(0)) waiter.reject(error);
          return;
        }
        const started = Date.now();
        let released = false;
        const release = async (): Promise<void> => {
          released = true;
          await held.release().catch(() => undefined);
        };
        try {
          for (let served = 1; ; served++) {
            const waiter = this.waiting.shift();
            if (!waiter) break;
            const outcome = await settle(waiter.work);
            // The batch's last write is answered only once the lock is gone: a caller that acts
            // on the answer (another process writing, the host ending this one) finds it free.
            const last = this.waiting.length === 0 || served >= BATCH_WRITES || Date.now() - started >= BATCH_MS;
            if (last) await release();
            if (outcome.ok) waiter.resolve(outcome.value);
            else waiter.reject(outcome.error);
            if (last) break;
          }
        } finally {
          if (!released) await release();
        }
      }
    } finally {
      this.draining = false;
    }
  }
}

async function settle(work: () => Promise<unknown>): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}

const queues = new Map<string, LockQueue>();

/**
 * Runs `work` under the cross-process lock at `lockPath`, after every earlier call of this
 * process for the same lock. Calls for one lock share one queue whatever object made them.
 */
export function runLocked<T>(lockPath: string, work: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  let queue = queues.get(lockPath);
  if (!queue) queues.set(lockPath, (queue = new LockQueue(lockPath, options)));
  return queue.run(work);
}
