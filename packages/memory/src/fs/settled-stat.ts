// One rule for small caches of a file read back only when it changed (config.ts, events.ts): a
// stat proves the file unchanged since it was read only if the file had settled by then. A
// change within one timestamp tick of the previous one can leave size, inode, mtime and ctime
// as they were, so a file changed less than the racy window before the stat is never trusted
// (git's "racily clean" rule; fact-entries.ts applies it per fact file).

import { statSync } from "node:fs";

/** Well above any local file system's timestamp granularity. */
export const RACY_WINDOW_MS = 2_000;

/**
 * `file`'s stat as a cache key: "missing" when it does not exist, "racy" when it changed within
 * the racy window before `readStart`, else its device, inode, size, mtime and ctime. Only a key
 * other than "racy" may vouch for an earlier read.
 */
export function settledStatKey(file: string, readStart = Date.now()): string {
  const stat = statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!stat) return "missing";
  if (readStart - Number(stat.ctimeNs / 1_000_000n) < RACY_WINDOW_MS) return "racy";
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}
