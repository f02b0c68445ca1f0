// withSavedIndex: the saved index composed around the markdown store and the search index, so a
// fresh process answers its first search without reading every fact file or rebuilding the
// index. The store knows only its entry-cache seam (drivers/entry-cache.ts), the search index
// only its own save and restore (search/saved-search-index.ts); this layer keeps the one file
// (saved-index-file.ts) that holds both, decides when to write it, and checks a restored fact
// against its file before it is first shown. FoundryMemory wires it; nothing else needs it.

import { statSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "@foundry-mcp/core/node";
import type { FactEntryCache } from "../drivers/entry-cache";
import type { FactEntries, RestoredEntries } from "../drivers/fact-entries";
import type { FactStoreDriver } from "../drivers/driver";
import { MarkdownFactStore } from "../drivers/markdown-files";
import { WatchedFactStore } from "../folder-watch/folder-watch";
import { MERGE_SAFE_IGNORES, ensureIgnored } from "../events";
import { foundryPaths } from "../paths";
import type { FoundryPaths } from "../paths";
import type { IncrementalSearchIndex } from "../search/incremental-index";
import { analysedTermsOf } from "../search/saved-search-index";
import type { Fact } from "../types";
import { readSavedIndex, restoredRecordHolds, savedIndexBytes } from "./saved-index-file";

/** Deferred so the answer goes out before the save. */
const SAVE_DELAY_MS = 20;

/** A saved index composed around one markdown store (see {@link withSavedIndex}). */
export class SavedIndex implements FactEntryCache {
  private readonly paths: FoundryPaths;
  private restoredSearchIndex: IncrementalSearchIndex | undefined;
  private currentSearchIndex: () => IncrementalSearchIndex | undefined = () => undefined;
  private readsAtSave = 0;
  private changesAtSave = 0;
  /** The save that loaded() scheduled and that has not begun yet; close() begins it at once. */
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private dueEntries: FactEntries | undefined;
  /** The save that has begun and not settled; close() waits for it. */
  private saving: Promise<void> | undefined;
  private closed = false;
  /** A fact saved without its search terms; once it has them, the index is saved again. */
  private savedWithoutTerms: Fact | undefined;

  constructor(
    private readonly store: MarkdownFactStore,
    /** The directory watch this index was composed over, if any (its warm-up is the cold start's). */
    private readonly watched?: WatchedFactStore,
  ) {
    this.paths = foundryPaths(store.root);
  }

  savedBytes(): number {
    return statSync(this.paths.savedIndex, { throwIfNoEntry: false })?.size ?? 0;
  }

  restore(): RestoredEntries | undefined {
    const prefix = `${path.relative(this.paths.root, this.paths.facts).split(path.sep).join("/")}/`;
    const saved = readSavedIndex(this.paths.savedIndex, prefix, this.paths.facts, this.paths.foundry);
    if (!saved) return undefined;
    this.restoredSearchIndex = saved.searchIndex;
    this.changesAtSave = saved.entries.entries.size; // restoring is not a change worth saving
    return saved.entries;
  }

  /**
   * Saves soon after many files were read (a cold start, a big change) or once facts saved
   * without search terms have them; best effort.
   */
  loaded(entries: FactEntries): void {
    // One save at a time: none while one is due or under way.
    if (this.dueEntries !== undefined || this.saving !== undefined || this.closed) return;
    const unsaved = Math.max(entries.filesRead - this.readsAtSave, entries.changes - this.changesAtSave);
    const termsNow = this.savedWithoutTerms !== undefined && analysedTermsOf(this.savedWithoutTerms) !== undefined;
    if (unsaved < Math.max(32, entries.size / 50) && !termsNow) return;
    this.dueEntries = entries;
    this.saveTimer = setTimeout(() => this.beginDueSave(), SAVE_DELAY_MS);
  }

  /**
   * Schedules no save after, begins a save that was due at once (a short-lived process, a plugin
   * hook, closes right after its answer: the save is what makes the next cold start fast), and
   * resolves once the save has settled. Once this resolves nothing more is written into
   * `.foundry/` (its owner may be removing the folder). Calling it again waits the same way; it
   * never rejects.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.beginDueSave();
    await this.saving;
  }

  private beginDueSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const entries = this.dueEntries;
    this.dueEntries = undefined;
    if (entries === undefined) return;
    this.saving = this.save(entries).finally(() => (this.saving = undefined));
  }

  private async save(entries: FactEntries): Promise<void> {
    this.readsAtSave = entries.filesRead;
    this.changesAtSave = entries.changes;
    try {
      const { bytes, withoutTerms } = savedIndexBytes(entries.all(), this.currentSearchIndex());
      this.savedWithoutTerms = withoutTerms;
      await ensureIgnored(this.paths.gitignore, ...(MERGE_SAFE_IGNORES[1] as readonly [string, string]));
      await writeFileAtomic(this.paths.savedIndex, bytes, { durable: false });
    } catch {
      // A cache that could not be written is only a slower next start.
    }
  }

  /** The search index restored by the first load (a cold start), handed over once. */
  takeSearchIndex(): IncrementalSearchIndex | undefined {
    const restored = this.restoredSearchIndex;
    this.restoredSearchIndex = undefined;
    return restored;
  }

  /** Where the caller keeps its current search index, saved beside the entries. */
  trackSearchIndex(current: () => IncrementalSearchIndex | undefined): void {
    this.currentSearchIndex = current;
  }

  /**
   * Compares each restored, never-read fact in `facts` with its file once. On the first that
   * differs the saved index lied (a forgery with a recomputed checksum): every restored entry and
   * the restored search index are dropped, so the next load reads every file and saves anew.
   */
  holdsShown(facts: readonly Fact[]): boolean {
    for (const fact of facts) {
      const record = this.store.storedRecord(fact.id);
      if (!record || record.fact !== fact || restoredRecordHolds(record)) continue;
      this.store.dropRestoredEntries();
      this.restoredSearchIndex = undefined;
      return false;
    }
    return true;
  }

  /**
   * Begins a cold start's background work when composed over a directory watch (the watch and,
   * for a big saved index, the folder's listing on a worker); never rejects.
   */
  warmUp(): Promise<void> {
    return this.watched?.warmUp() ?? Promise.resolve();
  }
}

/**
 * Composes a saved index (`.foundry/cache/memory-index.json`) around `driver` when it is a
 * markdown store that allows one (not `cache: false` or `savedIndex: false`, no load yet), or a
 * directory watch over one (withFolderWatch); otherwise undefined. The index attaches at the
 * store's entry-cache seam, so it serves every load however its freshness was proved.
 * FoundryMemory calls it for its driver; call it yourself only to use a markdown store without
 * FoundryMemory.
 * @example
 * const store = new MarkdownFactStore({ root });
 * withSavedIndex(store); // the first load restores what an earlier process saved
 */
export function withSavedIndex(driver: FactStoreDriver): SavedIndex | undefined {
  const watched = driver instanceof WatchedFactStore ? driver : undefined;
  const store = watched?.store ?? driver;
  if (!(store instanceof MarkdownFactStore)) return undefined;
  const saved = new SavedIndex(store, watched);
  return store.useEntryCache(saved) ? saved : undefined;
}
