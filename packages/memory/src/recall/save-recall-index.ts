// Writes the recall index (recall-index-file.ts) from a full load, with the freshness that
// proves it current: the facts folder's and runbook files' stat keys taken BEFORE the load, so a
// change that lands during the load makes the saved keys old and the hook falls back. Nothing
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

/** What a full load gives the recall index: the active facts' search index as ranked now, and the shown ids. */
export interface RecallSource {
  index: SearchIndex;
  shownId(id: string): string;
  runbooks: RunbookSummary[];
}

const settled = (key: StatKey, nowMs: number): boolean => nowMs - Number(BigInt(key.ctimeNs) / 1_000_000n) > RACY_WINDOW_MS;

/** Saves the recall index of `paths` from `load()`; returns whether it did (best effort: never throws). */
export async function saveRecallIndex(paths: FoundryPaths, load: () => Promise<RecallSource>, nowMs = Date.now()): Promise<boolean> {
  try {
    const folder = statKeyOf(paths.facts);
    const runbookFiles = runbookFileNames(paths.runbooks).map((name): [string, StatKey | undefined] => [name, statKeyOf(path.join(paths.runbooks, name))]);
    if (!folder || !settled(folder, nowMs) || runbookFiles.some(([, key]) => !key || !settled(key, nowMs))) return false;
    const { index, shownId, runbooks } = await load();
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
