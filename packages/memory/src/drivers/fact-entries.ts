// The markdown driver's view of `facts/`: one entry per file (its stat key, text and parsed
// fact or problem), the records in id order, and the change since the previous snapshot, so
// FoundryMemory can update its indexes instead of rebuilding them.
//
// Freshness rule for scans (used whenever the watch cannot vouch): an entry is reused only if
// its size, inode, mtime and ctime are unchanged AND its ctime was at least the racy window
// older than the moment it was read. Any later change moves ctime past that moment, so an
// unchanged stat proves unchanged content; files changed too recently to prove that ("racy",
// as git calls them) are re-read until they settle. A file named by a watch event is always
// re-read. Unchanged text keeps the same record object.
// Times are the float milliseconds of a plain stat (sub-microsecond at today's dates), not
// bigint nanoseconds: a change after the read sets ctime at least the racy window (2 s) later,
// far beyond that resolution, and a plain stat costs no BigInts (10,000 stats per cold start).

import { lstatSync, statSync } from "node:fs";
import path from "node:path";
import { conflictMarkerReason } from "../facts/conflict-markers";
import { factIdNumber, parseFact } from "../facts/fact-file";
import { FILE_BOUNDS, readBoundedText } from "../fs/bounded-read";
import { compareFactIds } from "../facts/order";
import type { Fact } from "../types";
import type { FactProblem, FactSnapshot, StoredFactRecord } from "./driver";

const FILE_NAME = /^(fact-\d{4,})\.md$/;

/** The fact id a file name holds (`fact-0042.md` → `fact-0042`), or undefined for any other name. */
export function factIdOfFileName(name: string): string | undefined {
  return FILE_NAME.exec(name)?.[1];
}
const STAT_OPTIONS = { throwIfNoEntry: false } as const;
// A fact that is a symbolic link is refused: edits to its target reach no watch of this folder,
// so answers from it could be stale (issue #36 R6), and it could lead out of the project (R1).
const LINK_REFUSED = "it is a symbolic link; a fact must be a regular file in the facts folder (edits to a link's target are not seen), so replace the link with the file itself";
const NOT_A_FILE = "not read: it is not a regular file (a FIFO, device or folder is never read)";

/** What a scan compares of a file (a changed file differs in at least its ctime). */
export interface FileStat {
  readonly size: number;
  readonly ino: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  /** `nlink > 1`: another name may change the file without an event in the folder. */
  readonly nlink: number;
}

function fileStat(stat: FileStat): FileStat {
  return { size: stat.size, ino: stat.ino, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, nlink: stat.nlink };
}

/**
 * What a saved index restores into an empty {@link FactEntries}: the entries by file name, their
 * records in id order, and what `set` would have noted for each.
 */
export interface RestoredEntries {
  readonly entries: Map<string, FactEntry>;
  /** The entries' records, in id order (the snapshot's order). */
  readonly records: StoredFactRecord[];
  /** Highest id number among the names. */
  readonly highestNameId: number;
  /** Names with more than one hard link. */
  readonly multiLinked: readonly string[];
  readonly problems: readonly (readonly [name: string, problem: FactProblem])[];
}

/** One file as last read. */
export interface FactEntry extends FileStat {
  readonly settled: boolean;
  /** The text as read; undefined for an entry restored from the saved index (its record reads the file on demand). */
  readonly source?: string;
  readonly record?: StoredFactRecord;
  readonly problem?: FactProblem;
}

/** The snapshot's order: by id number, then by id (only odd names share a number). */
export function compareRecords(a: StoredFactRecord, b: StoredFactRecord): number {
  return compareFactIds(a.fact.id, b.fact.id);
}

function insertionPoint(sorted: readonly StoredFactRecord[], record: StoredFactRecord): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareRecords(sorted[middle] as StoredFactRecord, record) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The file entries of one facts folder and the snapshots made from them. */
export class FactEntries {
  private entries = new Map<string, FactEntry>();
  private sorted: StoredFactRecord[] = [];
  private readonly problemsByName = new Map<string, FactProblem>();
  private snapshot: FactSnapshot | undefined;
  private version = 0;
  private removed: StoredFactRecord[] = [];
  private added: StoredFactRecord[] = [];
  private problemsChanged = false;
  private readonly multiLinkedNames = new Set<string>();
  /** Files read (and parsed when new) so far: what the saved index exists to avoid. */
  filesRead = 0;
  /** Records added, replaced or removed so far (the saved index is renewed after many). */
  changes = 0;
  /** Highest id number among file names ever seen (with .last-id, ids are never reused). */
  highestNameId = 0;

  constructor(
    private readonly folder: string,
    private readonly locationPrefix: string,
    private readonly racyWindowMs: number,
    /** The project's `.foundry/`: no fact is read through a link leading out of it. */
    private readonly boundary: string,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Names of files with more than one hard link (a write through another name sends no event here). */
  multiLinked(): string[] {
    return [...this.multiLinkedNames];
  }

  private rotation: Iterator<string> | undefined;

  /**
   * Re-stats up to `count` entries, continuing where the last call stopped (names in `skip` were
   * just refreshed). A hard link made to a fact while a watch vouches for the folder sends no
   * event here, and edits through that link send none either; this finds the link (then the
   * file is re-stat-ed on every call, see {@link multiLinked}): with at most `count` facts on
   * the call itself, with more within ⌈facts / count⌉ calls. The composed directory watch has
   * this done for a few on each watched call and for more just after it (folder-watch/restat-slices.ts).
   */
  restatInRotation(count: number, skip: ReadonlySet<string>): void {
    const limit = Math.min(count, this.entries.size);
    let wrapped = false;
    for (let done = 0; done < limit; ) {
      this.rotation ??= this.entries.keys();
      const next = this.rotation.next();
      if (next.done) {
        this.rotation = undefined;
        if (wrapped) return;
        wrapped = true;
        continue;
      }
      done += 1;
      if (!skip.has(next.value) && this.statChanged(next.value)) this.refresh(next.value, true);
    }
  }

  /**
   * Whether `name`'s stat differs from its entry's (links included). The watch vouches for the
   * content of a file whose stat is unchanged, so a recently written (racy) entry is not re-read
   * here, only one that a second name changed.
   */
  private statChanged(name: string): boolean {
    const entry = this.entries.get(name);
    const stat = lstatSync(`${this.folder}${path.sep}${name}`, STAT_OPTIONS);
    return !entry || !stat || stat.ino !== entry.ino || stat.ctimeMs !== entry.ctimeMs || stat.mtimeMs !== entry.mtimeMs || stat.size !== entry.size || stat.nlink !== entry.nlink;
  }

  get(name: string): FactEntry | undefined {
    return this.entries.get(name);
  }

  /**
   * Stats `name` and re-reads it when `force`, or when the scan rule cannot prove it unchanged.
   * `readStart` is a moment before this stat (a scan passes the one it began at: earlier only
   * makes fewer files count as settled).
   */
  refresh(name: string, force: boolean, readStart = Date.now()): void {
    // lstat: a symbolic link is refused (its target can change with no event in this folder).
    const stat = lstatSync(`${this.folder}${path.sep}${name}`, STAT_OPTIONS);
    if (stat?.isSymbolicLink()) return this.refuse(name, stat, LINK_REFUSED);
    if (stat && !stat.isFile()) return this.refuse(name, stat, NOT_A_FILE);
    this.refreshWith(name, stat, force, readStart);
  }

  /** Skips `name` with a note, never opening it (a link, a FIFO, a folder named like a fact). */
  private refuse(name: string, stat: FileStat, reason: string): void {
    const previous = this.entries.get(name);
    if (previous?.problem?.reason === reason && previous.ino === stat.ino && previous.ctimeMs === stat.ctimeMs) return;
    this.set(name, { ...fileStat(stat), nlink: 1, settled: false, problem: { location: `${this.locationPrefix}${name}`, reason } });
  }

  /**
   * {@link refresh} with a stat taken elsewhere (undefined: gone or not a regular file), after
   * `readStart` (a worker's listing: folder-listing.ts).
   */
  refreshWith(name: string, stat: FileStat | undefined, force: boolean, readStart: number): void {
    if (!stat) return this.set(name, undefined);
    const previous = this.entries.get(name);
    if (!force && previous && previous.settled && previous.ctimeMs === stat.ctimeMs && previous.mtimeMs === stat.mtimeMs && previous.size === stat.size && previous.ino === stat.ino) return;
    const settled = readStart - stat.ctimeMs >= this.racyWindowMs;
    this.set(name, this.read(name, `${this.folder}${path.sep}${name}`, { ...fileStat(stat), settled }, previous));
  }

  private read(
    name: string,
    file: string,
    stat: FileStat & { settled: boolean },
    previous: FactEntry | undefined,
  ): FactEntry | undefined {
    const location = `${this.locationPrefix}${name}`;
    let source: string;
    this.filesRead += 1;
    try {
      const read = readBoundedText(file, { boundary: this.boundary, maxBytes: FILE_BOUNDS.fact });
      if (!read.ok && read.refusal === "missing") return undefined;
      if (!read.ok) return { ...stat, settled: false, problem: { location, reason: `not read: ${read.reason}` } };
      source = read.text;
    } catch (error) {
      return { ...stat, settled: false, source: "", problem: { location, reason: (error as Error).message } };
    }
    if (previous && previous.source !== undefined && previous.source === source) return { ...previous, ...stat };
    const idFromName = factIdOfFileName(name);
    if (!idFromName) return { ...stat, source, problem: { location, reason: "file name is not fact-NNNN.md", source } };
    const unmerged = conflictMarkerReason(source);
    if (unmerged) return { ...stat, source, problem: { location, reason: unmerged, source } };
    const parsed = parseFact(source, idFromName);
    if (!parsed.ok) return { ...stat, source, problem: { location, reason: parsed.reason, source } };
    const record = { fact: parsed.fact, source, location };
    return parsed.note ? { ...stat, source, record, problem: { location, reason: parsed.note, kept: true } } : { ...stat, source, record };
  }

  /**
   * Records a file this process just wrote, holding the write lock, with the very fact object
   * the caller holds, so the caller's view and the next snapshot agree without a re-read.
   */
  wrote(name: string, fact: Fact, source: string): void {
    const stat = fileStat(statSync(`${this.folder}${path.sep}${name}`));
    // Not settled: a scan re-reads it until its ctime is older than the racy window.
    this.set(name, { ...stat, settled: false, source, record: { fact, source, location: `${this.locationPrefix}${name}` } });
  }

  /** Puts (or with undefined removes) an entry and records what that changed. */
  set(name: string, entry: FactEntry | undefined): void {
    const previous = this.entries.get(name);
    if (entry) this.entries.set(name, entry);
    else if (previous) this.entries.delete(name);
    else return;
    if (entry && entry.nlink > 1) this.multiLinkedNames.add(name);
    else this.multiLinkedNames.delete(name);
    const id = factIdOfFileName(name);
    if (id) this.highestNameId = Math.max(this.highestNameId, factIdNumber(id));
    if (previous?.record !== entry?.record) {
      this.changes += 1;
      if (previous?.record) this.removed.push(previous.record);
      if (entry?.record) this.added.push(entry.record);
    }
    if (previous?.problem !== entry?.problem) {
      this.problemsChanged = true;
      if (entry?.problem) this.problemsByName.set(name, entry.problem);
      else this.problemsByName.delete(name);
    }
  }

  /**
   * Entries restored from a saved index: candidates that a scan keeps only if their stat key
   * still matches. Into a store that holds nothing yet (a cold start) they are taken whole, with
   * the bookkeeping the decoder did on its one pass (saved-facts.ts): the first snapshot has no
   * delta, so the per-entry work of `set` (10,000 calls at 10,000 facts) is only needed for what
   * the scan that follows finds changed.
   */
  restore(saved: RestoredEntries): void {
    if (this.entries.size > 0 || this.snapshot) {
      for (const [name, entry] of saved.entries) this.set(name, entry);
      return;
    }
    this.entries = saved.entries;
    for (const name of saved.multiLinked) this.multiLinkedNames.add(name);
    for (const [name, problem] of saved.problems) this.problemsByName.set(name, problem);
    this.highestNameId = Math.max(this.highestNameId, saved.highestNameId);
    this.sorted = saved.records;
    this.problemsChanged = true;
    this.changes += saved.entries.size;
  }

  /** Every entry in id order (so a restore finds them sorted), for saving. */
  all(): [string, FactEntry][] {
    const idOf = (name: string): number => {
      const id = factIdOfFileName(name);
      return id ? factIdNumber(id) : Number.POSITIVE_INFINITY;
    };
    return [...this.entries].map((pair) => [idOf(pair[0]), pair] as const).sort((a, b) => a[0] - b[0] || (a[1][0] < b[1][0] ? -1 : 1)).map(([, pair]) => pair);
  }

  /** Drops entries whose names are not in `present` (a full scan's listing). */
  keepOnly(present: ReadonlySet<string>): void {
    for (const name of [...this.entries.keys()]) if (!present.has(name)) this.set(name, undefined);
  }

  /** The current snapshot: the same object as last time when nothing changed. */
  current(): FactSnapshot {
    const changed = this.removed.length > 0 || this.added.length > 0 || this.problemsChanged;
    if (this.snapshot && !changed) return this.snapshot;
    // Net change: a record both added and removed since the last snapshot (restored, then
    // found changed) never reached a snapshot.
    const addedSet = new Set(this.added);
    const removedSet = new Set(this.removed);
    const removed = this.removed.filter((record) => !addedSet.has(record));
    const added = this.added.filter((record) => !removedSet.has(record));
    this.removed = [];
    this.added = [];
    this.problemsChanged = false;
    if (removed.length + added.length > Math.max(64, this.sorted.length / 4)) {
      this.sorted = [...this.entries.values()].flatMap((entry) => (entry.record ? [entry.record] : [])).sort(compareRecords);
    } else {
      for (const record of removed) {
        const at = this.sorted.indexOf(record, Math.max(0, insertionPoint(this.sorted, record) - 1));
        if (at >= 0) this.sorted.splice(at, 1);
      }
      for (const record of added) this.sorted.splice(insertionPoint(this.sorted, record), 0, record);
    }
    const fromVersion = this.snapshot ? this.version : undefined;
    this.version += 1;
    this.snapshot = {
      records: this.sorted.slice(),
      problems: [...this.problemsByName.values()],
      version: this.version,
      ...(fromVersion !== undefined ? { delta: { fromVersion, removed, added } } : {}),
    };
    return this.snapshot;
  }
}
