// Writes the recall index (recall-index-file.ts) from a full load, with the freshness that
// proves it current: the facts folder's stat key taken BEFORE that load (FoundryMemory keeps it)
// and the runbook files' keys taken before they are listed, so a change that lands meanwhile
// makes the saved keys old and the hook falls back. Nothing
// is saved while the folder or a runbook changed within the racy window (a second change in the
// same timestamp tick would leave the key equal), nor when the folder changed during the load.

import path from "node:path";
import { writeFileAtomic } from "@foundry-mcp/core/node";
import { ensureIgnored, MERGE_SAFE_IGNORES } from "../events";
import { RACY_WINDOW_MS } from "../fs/settled-stat";
import type { FoundryPaths } from "../paths";
import type { RunbookSummary } from "../report/format-text";
import type { SearchIndex } from "../search/search-index";
import { runbookFileNames, statKeyOf } from "./fast-recall";
import { recallIndexBytes } from "./recall-index-file";
import type { StatKey } from "./recall-index-file";

/** What a full load gives the recall index: the facts folder's stat before it, the active facts' search index as ranked now, the shown ids. */
export interface RecallSource {
  /** The folder's stat key and when it was taken (just before the load). */
  folder: { key: StatKey; checkedAt: number } | undefined;
  index: SearchIndex;
  shownId(id: string): string;
  /** Called after the runbook files' keys are taken. */
  listRunbooks(): Promise<RunbookSummary[]>;
}

/** Whether `key`'s last change was more than the racy window before `atMs` (when it was taken). */
const settled = (key: StatKey, atMs: number): boolean => atMs - Number(BigInt(key.ctimeNs) / 1_000_000n) > RACY_WINDOW_MS;

/**
 * Saves the recall index of `paths` from `source`; returns whether it did (best effort: never
 * throws). Written even when the saved one looks current: a fact file edited in place keeps the
 * folder's stat, so each full load (every session start) is what bounds how long that goes unseen.
 */
export async function saveRecallIndex(paths: FoundryPaths, source: RecallSource, nowMs = Date.now()): Promise<boolean> {
  try {
    const { index, shownId } = source;
    const runbookFiles = runbookFileNames(paths.runbooks).map((name): [string, StatKey | undefined] => [name, statKeyOf(path.join(paths.runbooks, name))]);
    if (!source.folder || !settled(source.folder.key, source.folder.checkedAt) || runbookFiles.some(([, key]) => !key || !settled(key, nowMs))) return false;
    const folder = source.folder.key;
    const runbooks = await source.listRunbooks();
    let activeThrough: string | null = null;
    for (const fact of index.facts) if (fact.expires && (activeThrough === null || fact.expires < activeThrough)) activeThrough = fact.expires;
    const bytes = recallIndexBytes(index, shownId, runbooks, { folder, activeThrough, runbookFiles: runbookFiles as [string, StatKey][] });
    const after = statKeyOf(paths.facts);
    if (!after || after.mtimeNs !== folder.mtimeNs || after.ctimeNs !== folder.ctimeNs || after.ino !== folder.ino) return false;
    await ensureIgnored(paths.gitignore, ...(MERGE_SAFE_IGNORES[1] as readonly [string, string]));
    await writeFileAtomic(paths.recallIndex, bytes, { durable: false });
    return true;
  } catch {
    return false; // a cache that could not be written is only a slower next prompt
  }
}
