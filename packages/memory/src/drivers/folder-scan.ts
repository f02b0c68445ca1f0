// How the markdown store proves every entry fresh when no one names what changed: list the facts
// folder and stat every `.md` file (fact-entries.ts holds the rule that decides what is re-read).
// On this thread, or from a listing a worker took (folder-listing.ts) while a cold start
// restored its saved index. Draft names seen on the way are kept for the sweep under the lock.

import { readdirSync } from "node:fs";
import { MemoryError, MemoryErrorCode } from "../errors";
import { isDraftName } from "../fs/stale-temporary-files";
import type { FactEntries } from "./fact-entries";
import { ListedStats, listFolderInWorker } from "./folder-listing";
import type { FolderListing } from "./folder-listing";

/** A worker's listing begun at `readStart` (every stat in it was taken later). */
export interface BegunListing {
  readonly listing: Promise<FolderListing | undefined>;
  readonly readStart: number;
}

/** Lists `folder` on a worker thread from now on (resolves undefined when the worker could not). */
export function beginWorkerListing(folder: string): BegunListing {
  const readStart = Date.now();
  return { listing: listFolderInWorker(folder), readStart };
}

/** The store's error for a failed look at the facts folder (`action`: stat, list). */
export function storageError(action: string, folder: string, error: unknown): MemoryError {
  return new MemoryError(MemoryErrorCode.STORAGE_FAILED, `cannot ${action} ${folder}: ${(error as Error).message}`, { cause: error });
}

/** Lists `folder` on this thread and refreshes every entry by the scan rule; a missing folder holds nothing. */
export function scanFolder(folder: string, entries: FactEntries, drafts: Set<string>): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw storageError("list", folder, error);
    names = [];
  }
  const present = new Set<string>();
  const readStart = Date.now();
  for (const name of names) {
    if (name.endsWith(".md")) {
      present.add(name);
      entries.refresh(name, false, readStart);
    } else if (isDraftName(name)) drafts.add(name);
  }
  entries.keepOnly(present);
}

/** {@link scanFolder} from a worker's listing, whose stats were all taken after `readStart`. */
export function applyListing(listing: FolderListing, readStart: number, entries: FactEntries, drafts: Set<string>): void {
  const stats = new ListedStats(listing);
  let files = 0;
  listing.mdNames.forEach((name, at) => {
    if (stats.isLink(at)) entries.refresh(name, false, readStart);
    else entries.refreshWith(name, stats.at(at), false, readStart);
    if (entries.get(name)) files += 1;
  });
  for (const name of listing.names) if (isDraftName(name)) drafts.add(name);
  // Only when there are more entries than listed names holding one did a file go away (a
  // cold start usually finds none: no set of 10,000 names to build then).
  if (entries.size > files) entries.keepOnly(new Set(listing.mdNames));
}
