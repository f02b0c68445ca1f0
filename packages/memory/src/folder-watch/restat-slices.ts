// The re-stats a directory watch owes for what it cannot see: a hard link made to a fact while
// the watch vouches sends no event in the folder, and neither do edits through that link. The
// store re-stats every file it knows has more than one link on each watched call; to find links
// made since, RESTAT_PER_CALL more are re-stat-ed in rotation after each watched call,
// RESTAT_SLICE at a time between other work. A store of at most RESTAT_ON_CALL entries is
// re-stat-ed whole on the call itself instead (a few stats).
// Off the call (session 14, docs/decisions/0020): the slices run right after a call's answer
// and are held while a call waits for its events (its two event-loop turns ran two of them,
// ~0.1 ms of a ~0.6 ms warm search at 10,000 facts over stdio). A call that finds none of the
// previous call's slices done (calls back to back, or the process not scheduled in between)
// re-stats RESTAT_STARVED itself, so the rotation always moves. Session 13's 256 per call
// (16 on the call) cost ~0.7 ms of CPU per call at 10,000 facts when they all ran; unref'd, they
// only ran inside the next call's turns (~2 slices a call).

import type { MarkdownFactStore } from "../drivers/markdown-files";

/** Stores this small are re-stat-ed whole on each watched call (beside the names the watch gave). */
export const RESTAT_ON_CALL = 16;
/** Entries re-stat-ed in rotation after each watched call (all of a smaller store). */
const RESTAT_PER_CALL = 64;
const RESTAT_SLICE = 16;
/** Entries a call re-stats itself when none of the previous call's slices ran (see hold). */
const RESTAT_STARVED = 4;

/** The re-stats owed after watched calls, done a slice per event-loop turn. */
export class RestatSlices {
  private owed = 0;
  private pending: NodeJS.Immediate | undefined;
  /** Whether a slice ran since the last {@link owe} (else the next {@link hold} does one). */
  private moved = true;

  /** `vouching` says whether the watch still vouches (a scan stats every file anyway). */
  constructor(
    private readonly store: MarkdownFactStore,
    private readonly vouching: () => boolean,
  ) {}

  /**
   * Owes RESTAT_PER_CALL more re-stats (at most one per entry) and does them after this call, a
   * slice per turn, so an answer or a request that arrives waits for one slice at most.
   */
  owe(): void {
    if (this.store.size <= RESTAT_ON_CALL) return; // the call re-stats them all
    this.owed = Math.min(this.owed + RESTAT_PER_CALL, this.store.size);
    this.moved = false;
    this.schedule();
  }

  /** Holds the slices while a call waits for its events; one slice first if none ran since the last call. */
  hold(): void {
    if (!this.pending) return;
    clearImmediate(this.pending);
    this.pending = undefined;
    if (!this.moved) this.slice(RESTAT_STARVED);
  }

  /** Forgets what is owed (the watch stopped: the next load scans). */
  cancel(): void {
    if (this.pending) clearImmediate(this.pending);
    this.pending = undefined;
    this.owed = 0;
  }

  private schedule(): void {
    if (!this.pending && this.owed > 0) this.pending = setImmediate(this.next);
  }

  private readonly next = (): void => {
    this.pending = undefined;
    this.slice(RESTAT_SLICE);
    this.schedule();
  };

  private slice(size: number): void {
    if (!this.vouching()) return void (this.owed = 0);
    const count = Math.min(size, this.owed);
    this.owed -= count;
    this.moved = true;
    this.store.restatInRotation(count);
  }
}
