// The default fact store: one markdown file per fact under `.foundry/memory/facts/`, the store
// of record that people read, edit and diff.
//
// A plain store: every load lists the folder and stats every file (fact-entries.ts has the rule
// that proves an unchanged file unchanged; folder-scan.ts the listing), so nothing is ever
// stale. What makes a warm load cheap is composed around it: a load may be handed the names
// changed since the previous one (`load({ changed })`), and then re-reads only those — the
// directory watch that vouches for such names lives in folder-watch/ (withFolderWatch), and the
// saved index that spares a cold start its reads in saved-index/ (withSavedIndex, through the
// entry-cache seam). Files with more than one hard link can be changed through a name outside
// the folder, so a load given names re-stats them as well.
// Writes go through one in-process queue per lock file (lock-queue.ts) and a fair lock.

import path from "node:path";
import { runLocked } from "../fs/lock-queue";
import { removeLeftoverDrafts } from "../fs/stale-temporary-files";
import type { MemoryLayout } from "../layout/memory-layout";
import { foundryPaths } from "../paths";
import type { FoundryPaths } from "../paths";
import type { Fact } from "../types";
import type { FactSnapshot, FactStoreDriver, StoredFactRecord } from "./driver";
import type { FactEntryCache } from "./entry-cache";
import { FactEntries } from "./fact-entries";
import { workerListingWorthIt } from "./folder-listing";
import { applyListing, beginWorkerListing, scanFolder } from "./folder-scan";
import type { BegunListing } from "./folder-scan";
import type { LoadRequest, MarkdownFactStoreOptions, StoreFreshness } from "./markdown-store-options";
import { allocateFactId, createFactFile, updateFactFile } from "./markdown-writes";

const RACY_WINDOW_MS = 2_000;

/** The default {@link FactStoreDriver}: markdown files with YAML front matter, safe across processes. */
export class MarkdownFactStore implements FactStoreDriver {
  readonly name = "markdown-files";
  /** The options it was made with (the composed watch reads `watch` and `watchBurstLimit`). */
  readonly options: Readonly<MarkdownFactStoreOptions>;
  private readonly paths: FoundryPaths;
  private readonly cache: boolean;
  private entries: FactEntries;
  private scans = 0;
  private method: StoreFreshness["method"] = "scan";
  private reason: string | undefined;
  private listing: StoreFreshness["listing"] = "thread";
  private restoreTried = false;
  /** Set when restored entries were dropped: the next load reads the whole folder. */
  private rescan = false;
  private restored = false;
  /** The cache of parsed entries composed around this store (saved-index/), if any. */
  private entryCache: FactEntryCache | undefined;
  /** Draft names seen since the last sweep (leftovers of killed writers are removed under the lock). */
  private readonly drafts = new Set<string>();
  private lastSweep = 0;

  constructor(options: MarkdownFactStoreOptions) {
    this.options = options;
    this.paths = foundryPaths(options.root);
    this.cache = options.cache ?? true;
    this.entries = this.newEntries();
  }

  private newEntries(): FactEntries {
    const prefix = `${path.relative(this.paths.root, this.paths.facts).split(path.sep).join("/")}/`;
    return new FactEntries(this.paths.facts, prefix, this.options.racyWindowMs ?? RACY_WINDOW_MS, this.paths.foundry);
  }

  /** The project root this store keeps facts under. */
  get root(): string {
    return this.paths.root;
  }

  /** Whether parsed files are kept between loads (`cache`): only then can names of changed files spare a scan. */
  get keepsEntries(): boolean {
    return this.cache;
  }

  /**
   * Composes `cache` around this store: the first load restores its entries, every load hands it
   * the entries. Refused (false) with `cache: false` or `savedIndex: false`, or once a load began.
   */
  useEntryCache(cache: FactEntryCache): boolean {
    if (!this.cache || this.options.savedIndex === false || this.restoreTried) return false;
    this.entryCache = cache;
    return true;
  }

  /** How the last `load` proved freshness. */
  freshness(): StoreFreshness {
    return { method: this.method, scans: this.scans, filesRead: this.entries.filesRead, restored: this.restored, listing: this.listing, ...(this.method === "scan" && this.reason ? { reason: this.reason } : {}) };
  }

  /** Whether the first load will restore a saved index big enough to list the folder on a worker beside it. */
  coldStartListingPays(): boolean {
    return this.entryCache !== undefined && !this.restoreTried && this.listingPays();
  }

  private listingPays(): boolean {
    return workerListingWorthIt(this.entryCache?.savedBytes() ?? 0, this.options.workerListingMinBytes);
  }

  /** Begins listing the folder on a worker now, for a first load to use ({@link LoadRequest.listing}). */
  beginListing(): BegunListing {
    return beginWorkerListing(this.paths.facts);
  }

  /**
   * Storage as it is now. With no `request`, or one without `changed`, every file is stat-ed and
   * what the scan rule cannot prove unchanged is re-read; with `changed`, only those names are.
   * A cold start restores a composed cache first, listing the folder on a worker meanwhile when
   * that pays.
   */
  async load(request: LoadRequest = {}): Promise<FactSnapshot> {
    if (!this.cache) this.entries = this.newEntries();
    const first = !this.restoreTried;
    const restoring = first && this.entryCache !== undefined;
    this.restoreTried = true;
    const { changed } = request;
    // Names of changed files are enough only for entries the previous load left.
    const scan = changed === undefined || this.rescan || first;
    const early = restoring && changed !== undefined ? request.listing : undefined;
    const begun = early ?? (restoring && this.listingPays() ? this.beginListing() : undefined);
    if (restoring) this.restore();
    if (!scan) {
      this.method = "watch";
      for (const name of changed) this.entries.refresh(name, true);
    } else {
      this.method = "scan";
      this.reason = changed === undefined ? request.reason : this.rescan ? "the entries restored from the saved index were dropped" : undefined;
      this.scans += 1;
      this.rescan = false;
      const listed = await begun?.listing;
      this.listing = !listed ? "thread" : early ? "warm-up" : "worker";
      if (listed && begun) applyListing(listed, begun.readStart, this.entries, this.drafts);
      else scanFolder(this.paths.facts, this.entries, this.drafts);
      if (changed) for (const name of changed) this.entries.refresh(name, true); // changed after the early listing's stats
    }
    if (changed) {
      for (const name of this.entries.multiLinked()) if (!changed.has(name)) this.entries.refresh(name, false);
      this.entries.restatInRotation(request.restat ?? 0, changed);
    }
    const snapshot = this.entries.current();
    this.entryCache?.loaded(this.entries);
    return snapshot;
  }

  private restore(): void {
    const saved = this.entryCache?.restore();
    if (!saved) return;
    this.entries.restore(saved);
    this.restored = true;
  }

  /** Entries held (what {@link restatInRotation} cycles through). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Re-stats `count` entries, continuing where the last re-stat stopped, and re-reads any whose
   * stat changed (a hard link made since, see fact-entries.ts). The next load's snapshot shows it.
   */
  restatInRotation(count: number): void {
    this.entries.restatInRotation(count, NOTHING);
  }

  /** Draft names seen elsewhere (a watch's events), swept with the store's own under the next write lock. */
  noteDrafts(names: Iterable<string>): void {
    for (const name of names) this.drafts.add(name);
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
    const seen = new Set(this.drafts);
    this.drafts.clear();
    if (seen.size > 0) await removeLeftoverDrafts(this.paths.facts, seen);
    if (Date.now() - this.lastSweep > 10_000) {
      this.lastSweep = Date.now();
      await removeLeftoverDrafts(this.paths.memory);
      await removeLeftoverDrafts(this.paths.cache);
    }
  }

  allocateId(layout: MemoryLayout = "sequential", avoid?: (id: string) => boolean): Promise<string> {
    return allocateFactId(this.paths, this.entries.highestNameId, layout, avoid);
  }

  async create(fact: Fact): Promise<void> {
    const source = await createFactFile(this.paths.facts, fact);
    if (this.cache) this.entries.wrote(`${fact.id}.md`, fact, source);
  }

  async update(fact: Fact): Promise<void> {
    const source = await updateFactFile(this.paths.facts, fact);
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
    this.rescan = true; // names of changed files say nothing of entries that were just dropped
  }

  /** A plain store runs nothing in the background; what is composed around it has its own `close`. */
  close(): void {}
}

const NOTHING: ReadonlySet<string> = new Set();
