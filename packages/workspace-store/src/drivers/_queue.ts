// A first-in, first-out lock for one SQLite connection: a transaction opened with begin() holds
// it across awaits, so no other call's statement lands inside that transaction.

/** Grants the lock in request order; `acquire` resolves with the function that releases it. */
export class ConnectionQueue {
  private tail: Promise<void> = Promise.resolve();
  /** Calls that asked for the lock and have not released it: the holder plus those waiting. */
  private pending = 0;

  /** 1 while a call holds the connection, else 0 (the store's poolStats). */
  get inUse(): number {
    return this.pending > 0 ? 1 : 0;
  }

  /** Calls queued behind the holder. */
  get waiting(): number {
    return Math.max(0, this.pending - 1);
  }

  acquire(): Promise<() => void> {
    let resolveHeld!: () => void;
    const held = new Promise<void>((resolve) => (resolveHeld = resolve));
    this.pending += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.pending -= 1;
      resolveHeld();
    };
    const granted = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return granted;
  }

  /** Runs `work` while holding the lock. */
  async exclusive<T>(work: () => T | Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
