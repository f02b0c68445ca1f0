// The read-only recall path of the prompt-recall hook: memory_search's ranking for one query
// from the recall index alone (recall-index-file.ts), with no store restored, no fact folder
// scanned and no YAML, schema or MCP library loaded. It answers only when it can prove the
// answer is the full engine's: the facts folder and the runbook files are as they were when
// the index was saved, no indexed fact has expired since, and every fact ranking reads (the few
// that can reach the results) parses from its own file (without the YAML parser) into the fact
// that was indexed, so what is shown is what the files say even when the cache was forged. Any doubt returns the reason instead, and
// the caller runs the full engine (FoundryMemory), which then saves a fresh recall index.

import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { appendEvent, ensureMetricsIgnored } from "../events";
import { foundryPaths } from "../paths";
import type { FoundryPaths } from "../paths";
import { formatFactBlock } from "../report/format-text";
import type { RunbookSummary } from "../report/format-text";
import { rankFacts } from "../search/rank";
import { RecallMismatch, readRecallIndex } from "./recall-index-file";
import type { RecallIndex } from "./recall-index-file";
import type { StatKey } from "./recall-index-file";

/** One fact recalled: as memory_search returns it. */
export interface RecalledHit {
  readonly id: string;
  readonly score: number;
  /** The fact's block as memory_search shows it. */
  readonly text: string;
}

/** The answer of {@link recallFromIndex}, or why the full engine must answer instead. */
export type FastRecall = { ok: true; hits: RecalledHit[]; runbooks: RunbookSummary[]; activeFacts: number } | { ok: false; reason: string };

/** A file's stat key (bigint: nanosecond times), or undefined when it does not exist. */
export function statKeyOf(file: string): StatKey | undefined {
  const stat = statSync(file, { bigint: true, throwIfNoEntry: false });
  return stat && { ino: String(stat.ino), size: String(stat.size), mtimeNs: String(stat.mtimeNs), ctimeNs: String(stat.ctimeNs) };
}

const sameKey = (a: StatKey | undefined, b: StatKey | undefined): boolean => a !== undefined && b !== undefined && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

/** The runbooks folder's `.md` file names, sorted; [] when it does not exist. */
export function runbookFileNames(folder: string): string[] {
  try {
    return readdirSync(folder).filter((name) => name.endsWith(".md")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** The project's recall index when it is proved current, else why not. */
export function currentRecallIndex(paths: FoundryPaths, now: Date): RecallIndex | string {
  const recall = readRecallIndex(paths.recallIndex, paths.foundry, paths.facts);
  if (!recall) return "no usable recall index";
  const { freshness } = recall;
  if (!sameKey(statKeyOf(paths.facts), freshness.folder)) return "the facts folder changed since the recall index was saved";
  if (freshness.activeThrough !== null && now.toISOString().slice(0, 10) > freshness.activeThrough) return "an indexed fact has expired since";
  const names = runbookFileNames(paths.runbooks);
  if (names.length !== freshness.runbookFiles.length || names.some((name, at) => freshness.runbookFiles[at]?.[0] !== name || !sameKey(statKeyOf(path.join(paths.runbooks, name)), freshness.runbookFiles[at]?.[1]))) {
    return "the runbooks changed since the recall index was saved";
  }
  return recall;
}

/**
 * memory_search's hits for `query` (at most `limit`, every type) in the project at `root`, from
 * its recall index; `{ ok: false, reason }` when that index is missing or cannot be proved current.
 * @example const recall = recallFromIndex(root, "database migrations", 3); if (!recall.ok) … run FoundryMemory.search …
 */
export function recallFromIndex(root: string, query: string, limit: number, now = new Date()): FastRecall {
  const paths = foundryPaths(root);
  const recall = currentRecallIndex(paths, now);
  if (typeof recall === "string") return { ok: false, reason: recall };
  const trimmed = query.trim();
  const hits: RecalledHit[] = [];
  try {
    const ranked = trimmed === "" ? [] : rankFacts(recall.index, trimmed, { limit });
    for (const { fact: indexed, score } of ranked) {
      // A result is read from its file and must be the fact indexed: its text is what the file says.
      const { shownId, fact } = recall.factAt(recall.positionOf(indexed));
      hits.push({ id: fact.id, score, text: formatFactBlock(fact, shownId) });
    }
  } catch (error) {
    if (error instanceof RecallMismatch) return { ok: false, reason: error.message };
    throw error;
  }
  return { ok: true, hits, runbooks: recall.runbooks, activeFacts: recall.activeFacts };
}

/** Records one event in the project's events.jsonl, as FoundryMemory.recordEvent does. */
export async function recordEventAt(root: string, name: string, detail: Record<string, unknown>, now = new Date()): Promise<void> {
  const paths = foundryPaths(root);
  await ensureMetricsIgnored(paths.gitignore, now.getTime());
  await appendEvent(paths.events, name, detail, now);
}
