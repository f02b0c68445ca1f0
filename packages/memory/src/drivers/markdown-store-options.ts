// What the markdown store is made with, what one load is asked to re-read, and how it reports
// the way its last load proved freshness (markdown-files.ts is the store).

import type { FileLockOptions } from "../fs/file-lock";
import type { BegunListing } from "./folder-scan";

/** Options of `MarkdownFactStore`. */
export interface MarkdownFactStoreOptions {
  /** Project root; facts live in `<root>/.foundry/memory/facts/`. */
  root: string;
  /** Reuse parsed files proved unchanged (default true). `false` re-reads every file on every call. */
  cache?: boolean;
  /**
   * For the directory watch composed around this store (withFolderWatch, which FoundryMemory
   * wires): overrides `memoryStore.watch` of `.foundry/config.json` (default: follow the config,
   * else `auto`). A store used alone never watches.
   */
  watch?: "auto" | "off";
  lock?: FileLockOptions;
  /**
   * A file changed less than this long before a scan read it is re-read by the next scan
   * (default 2000 ms, well above any local file system's timestamp granularity).
   */
  racyWindowMs?: number;
  /** For the composed watch: events in one read that count as a possible kernel queue overflow (default min(1000, queue size − 1)). */
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

/** What one `MarkdownFactStore.load` re-reads; withFolderWatch decides it from its watch. */
export interface LoadRequest {
  /**
   * The files changed since the previous load, as a watch of the folder vouches: only these are
   * re-read. Absent: every file is stat-ed (a scan). A store whose entries are not the previous
   * load's (a cold start, entries dropped) scans anyway.
   */
  readonly changed?: ReadonlySet<string>;
  /** Why no one could vouch for what changed: `freshness().reason` of the scan. */
  readonly reason?: string;
  /** A cold start's listing begun earlier (`MarkdownFactStore.beginListing`); `changed` then names what changed since. */
  readonly listing?: BegunListing;
  /** With `changed`: re-stats this many more entries in rotation, beside every file with more than one hard link. */
  readonly restat?: number;
}

/** How the last load knew what changed, for tests and diagnostics. */
export interface StoreFreshness {
  /** `watch`: only files named as changed were read; `scan`: every file was stat-ed. */
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
   * restored the saved index, or on one begun by a warm-up (the watch vouching for what came after).
   */
  readonly listing: "thread" | "worker" | "warm-up";
}
