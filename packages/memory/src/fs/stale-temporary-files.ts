// Leftovers of writers killed mid-write: `.<file>.<pid>.<12 hex>.tmp` drafts of
// @foundry-mcp/core's atomic writes, and `<file>.<pid>.<8 hex>.tmp` ones of earlier versions.
// Before, 28 killed writers left 435 `.lock.*.tmp` files in `.foundry/memory/` that nothing
// removed. Readers never see drafts: the store lists only `*.md` names and the lock reads only
// `.lock` and ticket names. Removal runs while holding the write lock: every draft except a
// lock draft is made under that lock, so any such draft still present belongs to a writer that
// died. A lock draft (`.lock.<pid>.….tmp`) is made by a waiter outside the lock, so it is
// removed only when its pid no longer runs here or it is an hour old.

import { promises as fs } from "node:fs";
import path from "node:path";
import { processIsAlive } from "./process-alive";

const DRAFT = /\.(\d+)\.(?:[0-9a-f]{12}|[0-9a-f]{8})\.tmp$/;
const ANY_OWNER_AGE_MS = 3_600_000;

/** True for a name an atomic write uses for a draft. */
export function isDraftName(name: string): boolean {
  return DRAFT.test(name);
}

/**
 * Removes leftover drafts among `names` (default: every entry) of `directory`; call it while
 * holding the write lock. Returns how many it removed.
 */
export async function removeLeftoverDrafts(directory: string, names?: Iterable<string>): Promise<number> {
  let candidates: Iterable<string>;
  try {
    candidates = names ?? (await fs.readdir(directory));
  } catch {
    return 0; // a folder that does not exist holds no drafts
  }
  let removed = 0;
  for (const name of candidates) {
    const pid = Number(DRAFT.exec(name)?.[1] ?? Number.NaN);
    if (Number.isNaN(pid) || pid === process.pid) continue;
    const file = path.join(directory, name);
    if ((name.startsWith(".lock.") || name.startsWith("..lock.")) && processIsAlive(pid)) {
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat || Date.now() - stat.mtimeMs < ANY_OWNER_AGE_MS) continue;
    }
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}
