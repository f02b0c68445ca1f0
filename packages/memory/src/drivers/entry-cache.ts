// What the markdown store asks of a cache of its parsed file entries, so a cold start need not
// read every file. The store knows only this seam; saved-index/ implements it (and saves the
// search index beside the entries), and FoundryMemory composes the two (withSavedIndex).

import type { FactEntries, RestoredEntries } from "./fact-entries";

/** A cache of the markdown store's file entries. */
export interface FactEntryCache {
  /** Bytes of what `restore` would read (0: nothing saved); a big one makes a cold start list the folder on a worker. */
  savedBytes(): number;
  /** The entries saved earlier, asked for once by the first load; undefined when there are none it can trust. */
  restore(): RestoredEntries | undefined;
  /** Called after every load with the store's entries as they now are (the cache saves them when worth it). */
  loaded(entries: FactEntries): void;
}
