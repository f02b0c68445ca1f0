// The health of one store, as `foundry doctor` prints it and foundry-server logs it on start:
// the layout in force, files that cannot be read (leftover conflict markers included), facts a
// merge left restating or duplicating another (and how the replay resolved them), `supersedes`
// links to facts not stored, and whether INDEX.md matches the facts. Each finding is one line;
// `problem` findings need a person, `note` findings say what the store resolved by itself.

import type { FoundryMemory } from "../foundry-memory";
import type { MergeResolution } from "../facts/merge-resolution";

/** One line of a memory check. */
export interface MemoryFinding {
  readonly level: "ok" | "note" | "problem";
  /** What the finding is about; a server logs `file`, `merge` and `link` findings on start. */
  readonly topic: "layout" | "file" | "merge" | "link" | "index";
  readonly text: string;
}

function describeResolution({ fact, by, rule }: MergeResolution): string {
  const what =
    rule === "duplicate"
      ? `duplicates ${by.id} "${by.title}" (same title and body)`
      : `is restated by the newer ${by.id} "${by.title}", which supersedes it`;
  return `merge: ${fact.id} "${fact.title}" ${what}; ${fact.id}'s file stays, out of search and INDEX.md. Delete it, or write again with supersedes, to make this explicit.`;
}

/**
 * Checks one store; the findings come in a fixed order (layout, files, merges, links, index).
 * `index: false` skips building INDEX.md to compare it (a server's start-up log does).
 */
export async function checkMemory(memory: FoundryMemory, options: { index?: boolean } = {}): Promise<MemoryFinding[]> {
  const findings: MemoryFinding[] = [];
  const choice = await memory.layout();
  if (choice.layout === "merge-safe") {
    findings.push({ level: "ok", topic: "layout", text: `layout: merge-safe (${choice.reason}): random fact ids, INDEX.md git-ignored.` });
  } else if (choice.reason === "sequential facts stored" || choice.reason === "config") {
    findings.push({
      level: "note",
      topic: "layout",
      text: `layout: sequential (${choice.reason}): ids like fact-0002 collide when two branches write apart; \`foundry migrate\` moves to the merge-safe layout.`,
    });
  } else {
    findings.push({ level: "ok", topic: "layout", text: `layout: sequential (${choice.reason}).` });
  }
  for (const problem of await memory.problems())
    findings.push({ level: "problem", topic: "file", text: `unreadable: ${problem.location}: ${problem.reason}.` });
  for (const resolution of await memory.mergeResolutions())
    findings.push({ level: "note", topic: "merge", text: describeResolution(resolution) });
  const stored = await memory.storedFacts();
  const ids = new Set(stored.map((fact) => fact.id));
  for (const fact of stored) {
    if (fact.supersedes && !ids.has(fact.supersedes))
      findings.push({ level: "problem", topic: "link", text: `link: ${fact.id} supersedes ${fact.supersedes}, which is not stored (deleted, or on a branch not merged yet).` });
  }
  if (options.index === false) return findings;
  const index = await memory.indexFreshness();
  findings.push(
    index.fresh
      ? { level: "ok", topic: "index", text: `index: ${index.path} matches the facts.` }
      : { level: "note", topic: "index", text: `index: ${index.path} is missing or older than the facts; memory_index (or any write) rebuilds it.` },
  );
  return findings;
}
