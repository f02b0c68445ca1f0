// withFolderWatch: a directory watch composed around the markdown store, so a warm load re-reads
// only the files changed since the previous one instead of stat-ing every file. The store knows
// nothing of watching: its load takes the names to re-read, or scans when it gets none. This
// layer owns the watch (fact-folder-watch.ts) and decides, on every call, whether it can vouch:
// it stats the folder once (its device and inode must be the ones watched), lets queued events
// arrive and hands the store the names they carry. Whenever it cannot vouch — first load,
// watcher error, event without a name, folder replaced, possible queue overflow, failed
// self-test, platform or file system without dependable events, `watch: "off"`, a store with
// `cache: false` — the store scans, told why (`freshness().reason`). It also owns the re-stats
// for hard links the watch cannot see (restat-slices.ts) and the cold start's early warm-up: the
// watch begun as the process starts, with the folder's listing on a worker under it.

import { currentMemoryConfig } from "../config";
import type { FactSnapshot, FactStoreDriver } from "../drivers/driver";
import type { BegunListing } from "../drivers/folder-scan";
import { MarkdownFactStore } from "../drivers/markdown-files";
import type { StoreFreshness } from "../drivers/markdown-store-options";
import type { MemoryLayout } from "../layout/memory-layout";
import { foundryPaths } from "../paths";
import type { Fact } from "../types";
import { FactFolderWatch, folderIdentity } from "./fact-folder-watch";
import { RESTAT_ON_CALL, RestatSlices } from "./restat-slices";

/** A watch that failed its checks is not tried again on the same folder for this long (each try writes a probe). */
const WATCH_RETRY_MS = 60_000;

/** A markdown store with a directory watch composed around it (see {@link withFolderWatch}). */
export class WatchedFactStore implements FactStoreDriver {
  readonly name: string;
  private readonly folder: string;
  private readonly config: string;
  /** Where a watch's self-test writes its probe: beside the facts folder, never in it. */
  private readonly probeFolder: string;
  private watch: FactFolderWatch | undefined;
  private closed = false;
  /** Why the last watch stopped or could not start (the reason a scan reports). */
  private lastFailure: string | undefined;
  private retryWatch: { identity: string; at: number } | undefined;
  private warming: Promise<void> | undefined;
  /** A listing begun by warmUp and the watch that vouches for what changed after its stats. */
  private early: { begun: BegunListing; watch: FactFolderWatch } | undefined;
  private readonly restats: RestatSlices;

  constructor(readonly store: MarkdownFactStore) {
    this.name = store.name;
    const paths = foundryPaths(store.root);
    this.folder = paths.facts;
    this.config = paths.config;
    this.probeFolder = paths.cache;
    this.restats = new RestatSlices(store, () => this.watch !== undefined);
  }

  private watchMode(): "auto" | "off" {
    if (this.closed || !this.store.keepsEntries) return "off";
    return this.store.options.watch ?? currentMemoryConfig(this.config).watch;
  }

  /** How the store's last load proved freshness (`method: "watch"` when this watch named the files). */
  freshness(): StoreFreshness {
    return this.store.freshness();
  }

  /**
   * Begins what a cold start can do beside other work: the directory watch and, for a big saved
   * index, the folder's listing on a worker (the store's), so a process that warms up as it
   * starts has its listing ready by its first call. The first load uses that listing only while
   * the watch started before it still vouches for what changed since (the store re-reads what
   * the watch names on top); otherwise it lists again. Does nothing with the watch off, without
   * a big saved index, or once a load has begun. Never rejects.
   */
  warmUp(): Promise<void> {
    this.warming ??= this.beginEarlyListing().catch(() => undefined);
    return this.warming.then(async () => void (await this.early?.begun.listing));
  }

  /**
   * Starts the watch, and the worker's listing as soon as the kernel watch is in place (not
   * waiting for it: a load restores beside it). The listing counts only if the watch then passes
   * its self-test, so a change after any of its stats is an event.
   */
  private async beginEarlyListing(): Promise<void> {
    if (!this.store.coldStartListingPays() || this.watchMode() !== "auto") return;
    const identity = folderIdentity(this.folder);
    if (identity === undefined) return;
    let begun: BegunListing | undefined;
    // Starts the watch; nothing is read yet, so its first events count for nothing.
    await this.watchedChanges(identity, () => (begun = this.store.beginListing()));
    if (!this.watch || this.closed || !begun) return; // no watch that vouches: the listing is dropped
    this.early = { begun, watch: this.watch };
  }

  async load(): Promise<FactSnapshot> {
    if (this.warming) await this.warming;
    const identity = folderIdentity(this.folder);
    if (identity === undefined) this.stopWatch("the facts folder does not exist");
    // The re-stat slices owed by earlier calls wait while this call waits for its events.
    this.restats.hold();
    const changed = identity !== undefined && this.watchMode() === "auto" ? await this.watchedChanges(identity) : undefined;
    const early = this.early;
    this.early = undefined;
    if (!changed) return this.store.load(this.lastFailure ? { reason: this.lastFailure } : {});
    // A warm-up's listing counts while the watch begun before its stats still vouches.
    const listing = early && early.watch === this.watch ? early.begun : undefined;
    const restat = this.store.size <= RESTAT_ON_CALL ? RESTAT_ON_CALL : 0;
    const snapshot = await this.store.load({ changed, restat, ...(listing ? { listing } : {}) });
    this.restats.owe();
    return snapshot;
  }

  /** The names the watch saw change, or undefined when a full scan is needed. */
  private async watchedChanges(identity: string, onWatching?: () => void): Promise<Set<string> | undefined> {
    if (this.watch && this.watch.identity !== identity) this.stopWatch("the facts folder was replaced");
    if (this.watch && this.watch.failure) this.stopWatch(this.watch.failure);
    if (!this.watch) {
      if (this.retryWatch && this.retryWatch.identity === identity && Date.now() < this.retryWatch.at) return undefined;
      const burstLimit = this.store.options.watchBurstLimit;
      const started = new FactFolderWatch(this.folder, identity, { probeFolder: this.probeFolder, ...(burstLimit ? { burstLimit } : {}) });
      // Started before the scan that follows, so a change during that scan is an event.
      if (!(await started.start(onWatching))) {
        this.lastFailure = started.failure;
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
    this.restats.cancel();
    if (!this.watch) return;
    this.lastFailure = reason;
    this.watch.close();
    this.watch = undefined;
  }

  withWriteLock<T>(work: () => Promise<T>): Promise<T> {
    return this.store.withWriteLock(async () => {
      try {
        return await work();
      } finally {
        // Drafts the watch saw are swept with the store's own as the lock is let go.
        if (this.watch) {
          this.store.noteDrafts(this.watch.drafts);
          this.watch.drafts.clear();
        }
      }
    });
  }

  allocateId(layout?: MemoryLayout, avoid?: (id: string) => boolean): Promise<string> {
    return this.store.allocateId(layout, avoid);
  }

  create(fact: Fact): Promise<void> {
    return this.store.create(fact);
  }

  update(fact: Fact): Promise<void> {
    return this.store.update(fact);
  }

  /** Stops the directory watch; later calls scan the folder. */
  close(): void {
    this.closed = true;
    this.early = undefined;
    this.stopWatch("closed");
    this.store.close();
  }
}

/**
 * Composes a directory watch around `driver` when it is a markdown store that keeps its entries
 * (not `cache: false`); otherwise undefined. It watches while `watch` (the store's option, else
 * `memoryStore.watch` of `.foundry/config.json`) is `auto`. FoundryMemory calls it for its
 * driver; call it yourself only to use a markdown store without FoundryMemory, and load through
 * what it returns.
 * @example
 * const store = withFolderWatch(new MarkdownFactStore({ root }));
 * await store?.load(); // scans and starts the watch; later loads re-read what changed
 */
export function withFolderWatch(driver: FactStoreDriver): WatchedFactStore | undefined {
  if (!(driver instanceof MarkdownFactStore) || !driver.keepsEntries) return undefined;
  return new WatchedFactStore(driver);
}
