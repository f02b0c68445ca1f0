// A first-in, first-out lock for one SQLite connection: a transaction opened with begin() holds
// it across awaits, so no other call's statement lands inside that transaction.

/** Grants the lock in request order; `acquire` resolves with the function that releases it. */
export class ConnectionQueue {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
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
