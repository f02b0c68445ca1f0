// The re-stats a directory watch owes for what it cannot see: a hard link made to a fact while
// the watch vouches sends no event in the folder, and neither do edits through that link. The
// store re-stats every file it knows has more than one link on each watched call; to find links
// made since, it re-stats RESTAT_ON_CALL more in rotation on the call itself (a store this small
// is covered on every call) and RESTAT_AFTER_CALL more after it, RESTAT_SLICE at a time between
// other work. All 256 on the call cost ~0.8 ms of a ~1 ms warm search at 10,000 facts (session
// 13: warm went from 1.24x to 3.5x the in-memory floor when they were added).

import type { MarkdownFactStore } from "../drivers/markdown-files";

/** Entries re-stat-ed in rotation on each watched call, beside the names the watch gave. */
export const RESTAT_ON_CALL = 16;
const RESTAT_AFTER_CALL = 240;
const RESTAT_SLICE = 16;

/** The re-stats owed after watched calls, done a slice per event-loop turn. */
export class RestatSlices {
  private owed = 0;
  private pending: NodeJS.Immediate | undefined;

  /** `vouching` says whether the watch still vouches (a scan stats every file anyway). */
  constructor(
    private readonly store: MarkdownFactStore,
    private readonly vouching: () => boolean,
  ) {}

  /**
   * Owes RESTAT_AFTER_CALL more re-stats (at most one per entry) and does them after this call,
   * a slice per turn, so an answer or a request that arrives waits for one slice at most.
   */
  owe(): void {
    this.owed = Math.min(this.owed + RESTAT_AFTER_CALL, this.store.size);
    if (this.pending || this.owed === 0) return;
    const slice = (): void => {
      this.pending = undefined;
      if (!this.vouching()) return void (this.owed = 0);
      const count = Math.min(RESTAT_SLICE, this.owed);
      this.owed -= count;
      this.store.restatInRotation(count);
      if (this.owed > 0) this.pending = setImmediate(slice).unref();
    };
    this.pending = setImmediate(slice).unref();
  }

  /** Forgets what is owed (the watch stopped: the next load scans). */
  cancel(): void {
    if (this.pending) clearImmediate(this.pending);
    this.pending = undefined;
    this.owed = 0;
  }
}
