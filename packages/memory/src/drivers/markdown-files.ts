// The default fact store: one markdown file per fact under `.foundry/memory/facts/`, the store
// of record that people read, edit and diff.
//
// How a call knows what changed (never stale): with `watch: "auto"` a directory watch
// (fact-folder-watch.ts) names the files changed since the last call; the call stats the
// folder once (its device and inode must be the ones watched), lets queued events arrive, and
// re-reads only the named files. Whenever the watch cannot vouch — first load, watcher error,
// event without a name, folder replaced, possible queue overflow, failed self-test, platform or
// file system without dependable events, `watch: "off"` — the call lists the folder and stats
// every file instead (fact-entries.ts has that rule). Files with more than one hard link can
// be changed through a name outside the folder, so they are stat-ed on every call too.
// Writes go through one in-process queue per lock file (lock-queue.ts) and a fair lock.

import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { currentMemoryConfig } from "../config";
import { MemoryError, MemoryErrorCode } from "../errors";
import { factIdFromNumber, serializeFact } from "../facts/fact-file";
import { randomFactId } from "../layout/fact-ids";
import type { MemoryLayout } from "../layout/memory-layout";
import { createFileExclusive, writeFileAtomic } from "@foundry-mcp/core/node";
import type { FileLockOptions } from "../fs/file-lock";
import { FILE_BOUNDS, readBoundedText } from "../fs/bounded-read";
import { runLocked } from "../fs/lock-queue";
import { isDraftName, removeLeftoverDrafts } from "../fs/stale-temporary-files";
import { foundryPaths } from "../paths";
import type { FoundryPaths } from "../paths";
import type { Fact } from "../types";
import type { FactSnapshot, FactStoreDriver } from "./driver";
import { FactEntries } from "./fact-entries";
import { FactFolderWatch } from "./fact-folder-watch";
import { ListedStats, listFolderInWorker, workerListingWorthIt } from "./folder-listing";
import type { FolderListing } from "./folder-listing";
import type { FactEntryCache } from "./entry-cache";
import type { StoredFactRecord } from "./driver";

/** Options of {@link MarkdownFactStore}. */
export interface MarkdownFactStoreOptions {
  /** Project root; facts live in `<root>/.foundry/memory/facts/`. */
  root: string;
  /** Reuse parsed files proved unchanged (default true). `false` re-reads every file on every call. */
  cache?: boolean;
  /** Overrides `memoryStore.watch` of `.foundry/config.json` (default: follow the config, else `auto`). */
  watch?: "auto" | "off";
  lock?: FileLockOptions;
  /**
   * A file changed less than this long before a scan read it is re-read by the next scan
   * (default 2000 ms, well above any local file system's timestamp granularity).
   */
  racyWindowMs?: number;
  /** Events in one read that count as a possible kernel queue overflow (default min(1000, queue size − 1)). */
  watchBurstLimit?: number;
  /**
   * Whether a saved index may be composed around this store (withSavedIndex, which FoundryMemory
   * wires) to restore from and keep `.foundry/cache/memory-index.json` (default true with `cache`).
   */
  savedIndex?: boolean;
  /**
   * A cold start lists and stats the folder on a worker thread while it restores a saved index
   * of at least this many bytes, on a machine with more than one core (default 2 MiB, ~2,500
   * facts: below that the worker's boot costs more than it saves). For tests and tuning.
   */
  workerListingMinBytes?: number;
}

/** How the last load knew what changed, for tests and diagnostics. */
export interface StoreFreshness {
  /** `watch`: only files named by events were read; `scan`: every file was stat-ed. */
  readonly method: "watch" | "scan";
  /** Why the watch could not vouch (when method is `scan`). */
  readonly reason?: string;
  readonly scans: number;
  /** Fact files read so far by this store (a cold start from a valid saved index reads none). */
  readonly filesRead: number;
  /** Whether the first load restored entries from a saved index it could trust. */
  readonly restored: boolean;
  /**
   * Where the last scan's stats were taken: on this thread, on a worker begun by the load that
   * restored the saved index, or on one begun by warmUp (the watch vouching for what came after).
   */
  readonly listing: "thread" | "worker" | "warm-up";
}

const RACY_WINDOW_MS = 2_000;
const WATCH_RETRY_MS = 60_000;
/**
 * Files re-stat-ed per watched call beside what the watch names, to find hard links made since
 * (fact-entries.ts): this many on the call itself (a store this small is covered on every call),
 * and RESTAT_AFTER_CALL more after it, RESTAT_SLICE at a time between other work. All 256 on the
 * call cost ~0.8 ms of a ~1 ms warm search at 10,000 facts (session 13: warm went from 1.24x
 * to 3.5x the in-memory floor when they were added).
 */
const RESTAT_ON_CALL = 16;
const RESTAT_AFTER_CALL = 240;
const RESTAT_SLICE = 16;
const NOTHING_CHANGED: ReadonlySet<string> = new Set();

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** The default {@link FactStoreDriver}: markdown files with YAML front matter, safe across processes. */
export class MarkdownFactStore implements FactStoreDriver {
  readonly name = "markdown-files";
  private readonly paths: FoundryPaths;
  private readonly cache: boolean;
  private readonly options: MarkdownFactStoreOptions;
  private entries: FactEntries;
  private watch: FactFolderWatch | undefined;
  private closed = false;
  private lastWatchFailure: string | undefined;
  private scans = 0;
  private method: StoreFreshness["method"] = "scan";
  private listing: StoreFreshness["listing"] = "thread";
  private warming: Promise<void> | undefined;
  /** A listing begun by warmUp, the moment before its stats, and the watch that vouches for what changed since. */
  private early: { listing: Promise<FolderListing | undefined>; readStart: number; watch: FactFolderWatch } | undefined;
  private lastSweep = 0;
  private retryWatch: { identity: string; at: number } | undefined;
  private restoreTried = false;
  /** Set when restored entries were dropped: the next load reads the whole folder. */
  private rescan = false;
  private restored = false;
  /** Re-stats owed by watched calls, done after them in slices (see RESTAT_AFTER_CALL). */
  private owedRestats = 0;
  private restatSlice: NodeJS.Immediate | undefined;
  /** The cache of parsed entries composed around this store (saved-index/), if any. */
  private entryCache: FactEntryCache | undefined;

  constructor(options: MarkdownFactStoreOptions) {
    this.options = options;
    this.paths = foundryPaths(options.root);
    this.cache = options.cache ?? true;
    this.entries = this.newEntries();
  }

  private locationPrefix(): string {
    return `${path.relative(this.paths.root, this.paths.facts).split(path.sep).join("/")}/`;
  }

  private newEntries(): FactEntries {
    return new FactEntries(this.paths.facts, this.locationPrefix(), this.options.racyWindowMs ?? RACY_WINDOW_MS, this.paths.foundry);
  }

  /** The project root this store keeps facts under. */
  get root(): string {
    return this.paths.root;
  }

  /**
   * Composes `cache` around this store: the first load restores its entries, every load hands it
   * the entries. Refused (false) with `cache: false` or `savedIndex: false`, or once a load began.
   */
  useEntryCache(cache: FactEntryCache): boolean {
    if (!this.saving || this.restoreTried || this.warming) return false;
    this.entryCache = cache;
    return true;
  }

  /** How the last `load` proved freshness. */
  freshness(): StoreFreshness {
    return { method: this.method, scans: this.scans, filesRead: this.entries.filesRead, restored: this.restored, listing: this.listing, ...(this.method === "scan" && this.lastWatchFailure ? { reason: this.lastWatchFailure } : {}) };
  }

  private watchMode(): "auto" | "off" {
    if (this.closed) return "off";
    return this.options.watch ?? currentMemoryConfig(this.paths.config).watch;
  }

  private get saving(): boolean {
    return this.cache && this.options.savedIndex !== false;
  }

  /** Whether a cold start restores entries from a composed cache. */
  private get restoring(): boolean {
    return this.entryCache !== undefined && !this.restoreTried;
  }

  /**
   * Begins what a cold start can do beside other work: the directory watch and, for a big saved
   * index, the folder's listing on a worker (folder-listing.ts), so a process that warms up as
   * it starts has its listing ready by its first call. The first load uses that listing only
   * while the watch started before it still vouches for what changed since (it re-reads what the
   * watch names on top); otherwise it lists again. Does nothing with the watch off, without a
   * big saved index, or once a load has begun. Never rejects.
   */
  warmUp(): Promise<void> {
    this.warming ??= this.beginEarlyListing().catch(() => undefined);
    return this.warming.then(async () => void (await this.early?.listing));
  }

  /**
   * Starts the watch, and the worker's listing as soon as the kernel watch is in place (not
   * waiting for it: a load restores beside it). The listing counts only if the watch then passes
   * its self-test, so a change after any of its stats is an event.
   */
  private async beginEarlyListing(): Promise<void> {
    if (!this.restoring || this.watchMode() !== "auto") return;
    if (!this.workerListingPays()) return;
    const identity = this.folderIdentity();
    if (identity === undefined) return;
    let begun: { listing: Promise<FolderListing | undefined>; readStart: number } | undefined;
    // Starts the watch; nothing is read yet, so its first events count for nothing.
    await this.watchedChanges(identity, () => {
      const readStart = Date.now();
      begun = { listing: listFolderInWorker(this.paths.facts), readStart };
    });
    if (!this.watch || this.closed || !begun) return; // no watch that vouches: the listing is dropped
    this.early = { ...begun, watch: this.watch };
  }

  async load(): Promise<FactSnapshot> {
    if (this.warming) await this.warming;
    if (!this.cache) this.entries = this.newEntries();
    const restoring = this.restoring;
    this.restoreTried = true;
    const identity = this.folderIdentity();
    const changed = identity !== undefined && this.cache && this.watchMode() === "auto" ? await this.watchedChanges(identity) : undefined;
    const early = this.early;
    this.early = undefined;
    // A cold start lists the folder on a worker while this thread restores the saved index:
    // one begun by warmUp while its watch still vouches (`changed` then holds what changed
    // since), else one begun now, after the watch, so a change after a stat is an event.
    let listing: Promise<FolderListing | undefined> | undefined;
    let readStart = Date.now();
    const warmedUp = restoring && early !== undefined && changed !== undefined && early.watch === this.watch;
    if (warmedUp) ({ listing, readStart } = early);
    else if (restoring && identity !== undefined && !changed && this.workerListingPays()) listing = listFolderInWorker(this.paths.facts);
    if (restoring) this.restore();
    if (identity === undefined) {
      this.stopWatch("the facts folder does not exist");
      this.entries.keepOnly(new Set());
      return this.entries.current();
    }
    if (changed && !listing && !this.rescan) {
      this.method = "watch";
      for (const name of changed) this.entries.refresh(name, true);
    } else {
      this.method = "scan";
      this.scans += 1;
      this.rescan = false;
      const listed = await listing;
      this.listing = !listed ? "thread" : warmedUp ? "warm-up" : "worker";
      if (listed) this.applyListing(listed, readStart);
      else this.scanAll();
      if (changed) for (const name of changed) this.entries.refresh(name, true); // changed after the early listing's stats
    }
    if (changed) {
      for (const name of this.entries.multiLinked()) if (!changed.has(name)) this.entries.refresh(name, false);
      this.entries.restatInRotation(RESTAT_ON_CALL, changed);
      this.restatAfterCall();
    }
    const snapshot = this.entries.current();
    this.entryCache?.loaded(this.entries);
    return snapshot;
  }

  /**
   * Owes RESTAT_AFTER_CALL more re-stats (at most one per entry) and does them after this call,
   * a slice per event-loop turn, so an answer or a request that arrives waits for one slice at
   * most. Only while the watch vouches: a scan stats every file anyway.
   */
  private restatAfterCall(): void {
    this.owedRestats = Math.min(this.owedRestats + RESTAT_AFTER_CALL, this.entries.size);
    if (this.restatSlice || this.owedRestats === 0) return;
    const slice = (): void => {
      this.restatSlice = undefined;
      if (!this.watch) return void (this.owedRestats = 0);
      const count = Math.min(RESTAT_SLICE, this.owedRestats);
      this.owedRestats -= count;
      this.entries.restatInRotation(count, NOTHING_CHANGED);
      if (this.owedRestats > 0) this.restatSlice = setImmediate(slice).unref();
    };
    this.restatSlice = setImmediate(slice).unref();
  }

  /** The facts folder's device and inode, or undefined when it does not exist. */
  private folderIdentity(): string | undefined {
    try {
      const folder = statSync(this.paths.facts, { bigint: true });
      return `${folder.dev}:${folder.ino}`;
    } catch (error) {
      if (errorCode(error) !== "ENOENT") throw this.storageError("stat", error);
      return undefined;
    }
  }

  private restore(): void {
    const saved = this.entryCache?.restore();
    if (!saved) return;
    this.entries.restore(saved);
    this.restored = true;
  }

  /** Whether the saved entries are big enough, and the machine has the cores, for a worker listing. */
  private workerListingPays(): boolean {
    return workerListingWorthIt(this.entryCache?.savedBytes() ?? 0, this.options.workerListingMinBytes);
  }

  /** The names the watch saw change, or undefined when a full scan is needed. */
  private async watchedChanges(identity: string, onWatching?: () => void): Promise<Set<string> | undefined> {
    if (this.watch && this.watch.identity !== identity) this.stopWatch("the facts folder was replaced");
    if (this.watch && this.watch.failure) this.stopWatch(this.watch.failure);
    if (!this.watch) {
      if (this.retryWatch && this.retryWatch.identity === identity && Date.now() < this.retryWatch.at) return undefined;
      const started = new FactFolderWatch(this.paths.facts, identity, { ...(this.options.watchBurstLimit ? { burstLimit: this.options.watchBurstLimit } : {}) });
      // Started before the scan that follows, so a change during that scan is an event.
      if (!(await started.start(onWatching))) {
        // A watch that failed its checks is not tried again for a minute (each try writes a probe).
        this.lastWatchFailure = started.failure;
        this.retryWatch = { identity, at: Date.now() + WATCH_RETRY_MS };
        return undefined;
      }
      this.retryWatch = undefined;
      this.watch = started;
      started.take();
      return undefined;
    }
    await this.watch.settle();
    const changed = this.watch.take();
    if (!changed) this.stopWatch(this.watch.failure ?? "the watch stopped");
    return changed;
  }

  private stopWatch(reason: string): void {
    if (this.restatSlice) clearImmediate(this.restatSlice);
    this.restatSlice = undefined;
    this.owedRestats = 0;
    if (!this.watch) return;
    this.lastWatchFailure = reason;
    this.watch.close();
    this.watch = undefined;
  }

  private scanAll(): void {
    let names: string[];
    try {
      names = readdirSync(this.paths.facts);
    } catch (error) {
      if (errorCode(error) !== "ENOENT") throw this.storageError("list", error);
      names = [];
    }
    const present = new Set<string>();
    const readStart = Date.now();
    for (const name of names) {
      if (name.endsWith(".md")) {
        present.add(name);
        this.entries.refresh(name, false, readStart);
      } else if (isDraftName(name)) this.drafts.add(name);
    }
    this.entries.keepOnly(present);
  }

  /** {@link scanAll} from a worker's listing, whose stats were all taken after `readStart`. */
  private applyListing(listing: FolderListing, readStart: number): void {
    const stats = new ListedStats(listing);
    let files = 0;
    listing.mdNames.forEach((name, at) => {
      if (stats.isLink(at)) this.entries.refresh(name, false, readStart);
      else this.entries.refreshWith(name, stats.at(at), false, readStart);
      if (this.entries.get(name)) files += 1;
    });
    for (const name of listing.names) if (isDraftName(name)) this.drafts.add(name);
    // Only when there are more entries than listed names holding one did a file go away (a
    // cold start usually finds none: no set of 10,000 names to build then).
    if (this.entries.size > files) this.entries.keepOnly(new Set(listing.mdNames));
  }

  private readonly drafts = new Set<string>();

  private storageError(action: string, error: unknown): MemoryError {
    return new MemoryError(MemoryErrorCode.STORAGE_FAILED, `cannot ${action} ${this.paths.facts}: ${(error as Error).message}`, { cause: error });
  }

  withWriteLock<T>(work: () => Promise<T>): Promise<T> {
    return runLocked(
      this.paths.lock,
      async () => {
        try {
          return await work();
        } finally {
          await this.sweepDrafts();
        }
      },
      this.options.lock,
    );
  }

  /** Removes drafts of killed writers (called holding the lock: see stale-temporary-files.ts). */
  private async sweepDrafts(): Promise<void> {
    const seen = new Set([...this.drafts, ...(this.watch?.drafts ?? [])]);
    this.drafts.clear();
    this.watch?.drafts.clear();
    if (seen.size > 0) await removeLeftoverDrafts(this.paths.facts, seen);
    if (Date.now() - this.lastSweep > 10_000) {
      this.lastSweep = Date.now();
      await removeLeftoverDrafts(this.paths.memory);
      await removeLeftoverDrafts(this.paths.cache);
    }
  }

  async allocateId(layout: MemoryLayout = "sequential", avoid?: (id: string) => boolean): Promise<string> {
    if (layout === "merge-safe") return randomFactId((id) => existsSync(path.join(this.paths.facts, `${id}.md`)), avoid);
    let highest = this.entries.highestNameId;
    // Bounded, never through a link out of `.foundry/`: such a mark is ignored (the names still count) and replaced.
    const read = readBoundedText(this.paths.idCounter, { boundary: this.paths.foundry, maxBytes: FILE_BOUNDS.small });
    const counter = read.ok ? Number.parseInt(read.text.trim(), 10) : Number.NaN;
    if (Number.isSafeInteger(counter)) highest = Math.max(highest, counter);
    let next = highest + 1;
    // A caller that did not load first may hold an old listing: never hand out a taken name.
    while (existsSync(path.join(this.paths.facts, `${factIdFromNumber(next)}.md`))) next += 1;
    // The high-water mark outlives deleted files, so an id is never handed out twice. It is not
    // flushed on its own: the new fact file is, right after, and a lost mark falls back to the
    // highest file name, which that flushed file carries.
    await writeFileAtomic(this.paths.idCounter, `${next}\n`, { durable: false });
    return factIdFromNumber(next);
  }

  async create(fact: Fact): Promise<void> {
    const source = serializeFact(fact);
    try {
      await createFileExclusive(path.join(this.paths.facts, `${fact.id}.md`), source);
      if (this.cache) this.entries.wrote(`${fact.id}.md`, fact, source);
    } catch (error) {
      if (errorCode(error) === "EEXIST")
        throw new MemoryError(MemoryErrorCode.ID_CONFLICT, `${fact.id}.md already exists; ids are never reused.`, { cause: error });
      throw error;
    }
  }

  async update(fact: Fact): Promise<void> {
    const source = serializeFact(fact);
    await writeFileAtomic(path.join(this.paths.facts, `${fact.id}.md`), source);
    if (this.cache) this.entries.wrote(`${fact.id}.md`, fact, source);
  }

  /** The record the last load holds for fact `id`, if any. */
  storedRecord(id: string): StoredFactRecord | undefined {
    return this.entries.get(`${id}.md`)?.record;
  }

  /**
   * Forgets every entry a composed cache restored (it proved untrue): the next load reads every
   * file, as on a first start without a cache.
   */
  dropRestoredEntries(): void {
    this.entries = this.newEntries();
    this.restored = false;
    this.rescan = true; // the watch vouches for changes, not for entries that were just dropped
  }

  /** Stops the directory watch; later calls scan the folder. */
  close(): void {
    this.closed = true;
    this.early = undefined;
    this.stopWatch("closed");
  }
}
