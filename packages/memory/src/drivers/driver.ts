// The storage seam (STYLE.md "drivers"): everything FoundryMemory needs from a fact store, and
// nothing about search: a driver stores, lists and snapshots facts. What makes a store fast —
// the directory watch (folder-watch/), the saved index (saved-index/), the search index's own save
// and restore — is composed around a driver, not asked of it (docs/decisions/0009 and 0014).
// The markdown-files driver is the default; the in-memory driver serves tests and embedders.
// Both pass test/driver-conformance.ts.

import type { MemoryLayout } from "../layout/memory-layout";
import type { Fact } from "../types";

/** One stored fact and the text it is stored as (what an eager loader would read). */
export interface StoredFactRecord {
  readonly fact: Fact;
  readonly source: string;
  /** Where it lives, for messages: a project-relative path or a driver-specific key. */
  readonly location: string;
}

/**
 * A stored entry that could not be read; it is skipped, never fatal. With `kept`, the entry was
 * read and its fact is used, repaired as `reason` says (a multi-line title shown escaped).
 */
export interface FactProblem {
  readonly location: string;
  readonly reason: string;
  /** The fact is used anyway (it is also among the snapshot's records); this is a note on it. */
  readonly kept?: true;
  /** The raw text, when it could be read at all (counts toward token figures). */
  readonly source?: string;
}

/** What changed between two snapshots of one driver: records gone and records new (a replaced file is both). */
export interface FactDelta {
  /** The `version` of the snapshot this delta starts from. */
  readonly fromVersion: number;
  readonly removed: readonly StoredFactRecord[];
  readonly added: readonly StoredFactRecord[];
}

/** Everything stored, as of one `load` call. */
export interface FactSnapshot {
  /** Every readable fact, active or not, in id order. */
  readonly records: readonly StoredFactRecord[];
  readonly problems: readonly FactProblem[];
  /** Grows with every new snapshot of the same driver; absent when the driver does not count. */
  readonly version?: number;
  /**
   * The change from snapshot `delta.fromVersion` to this one, so a caller holding that one can
   * update what it derived instead of rebuilding. Absent: rebuild from `records`.
   */
  readonly delta?: FactDelta;
}

/**
 * A fact store. `load` must reflect storage as it is now — other processes and people may
 * have changed it — and returns the very same snapshot object as the previous call when
 * nothing changed, so callers may cache work derived from a snapshot by identity.
 * `allocateId`, `create` and `update` are only called inside `withWriteLock`.
 */
export interface FactStoreDriver {
  readonly name: string;
  load(): Promise<FactSnapshot>;
  /** Runs `work` holding the store's exclusive write lock (across processes for shared storage). */
  withWriteLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Reserves an id for a new fact. `sequential` (the default) is the next number; an id once
   * returned is never returned again, even if its fact is deleted. `merge-safe` is a random
   * ten-digit id no stored fact or file holds (see layout/fact-ids.ts), one `avoid` refuses
   * unless a few draws cannot meet it.
   */
  allocateId(layout?: MemoryLayout, avoid?: (id: string) => boolean): Promise<string>;
  /** Stops background work (a directory watch); the driver still works afterwards, scanning. */
  close?(): void;
  /** Stores a new fact; throws MemoryError ID_CONFLICT if the id is already stored. */
  create(fact: Fact): Promise<void>;
  /** Replaces the stored fact with the same id, atomically. */
  update(fact: Fact): Promise<void>;
}
