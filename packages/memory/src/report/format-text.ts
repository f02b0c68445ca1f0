// Every text a model reads from the memory tools, spelled exactly as SPEC §2 and the seed
// show it, in one file so the strings can be checked side by side.

import { formatTokenCount, formatTokens } from "@foundry-mcp/tokens";
import type { Fact } from "../types";

/**
 * One search hit as the SPEC block: heading, bold title, body, source line. `shownId` is the id
 * as the model reads it (`ShortFactIds.display`); default the whole id.
 */
export function formatFactBlock(fact: Fact, shownId: string = fact.id): string {
  const provenance = [`source: ${fact.source}`, `scope: ${fact.scope}`];
  if (fact.expires) provenance.push(`expires: ${fact.expires}`);
  return `### ${shownId} · ${fact.type} · confidence ${fact.confidence}\n**${fact.title}**\n${fact.body}\n_${provenance.join(" · ")}_`;
}

/** The no-hit sentence of memory_search. */
export function formatNoHit(query: string, activeFacts: number): string {
  return `No stored fact matches "${query}". Memory holds ${activeFacts} active facts.`;
}

/** Budget use of an index build, as the numbers behind both report lines. */
export interface IndexFigures {
  listed: number;
  active: number;
  tokens: number;
  omitted: number;
}

/** The second line of a memory_write response. */
export function formatWriteIndexLine(figures: IndexFigures): string {
  return `Index: ${figures.listed}/${figures.active} facts listed, ${formatTokens(figures.tokens)}, ${figures.omitted} omitted over budget.`;
}

/** The memory_index response. */
export function formatRebuildReport(indexPath: string, figures: IndexFigures): string {
  return `Rebuilt ${indexPath}\n${figures.listed}/${figures.active} facts listed, ${formatTokens(figures.tokens)}, ${figures.omitted} omitted.`;
}

/** A runbook as runbook_list shows it. */
export interface RunbookSummary {
  slug: string;
  title: string;
  trigger?: string;
  /** Why the file was not read (a link out of `.foundry/`, not a regular file, too big). */
  refused?: string;
}

/** The sentence runbook_list returns when there are none. */
export const NO_RUNBOOKS =
  "No runbooks yet. Create one with the runbook-author skill after any task worth repeating.";

/**
 * The runbook_list text: `- **slug** — title` and an indented `trigger:` line where present.
 *
 * @example formatRunbookList([{ slug: "deploy-production", title: "Deploy to production", trigger: "deploy" }])
 */
export function formatRunbookList(runbooks: readonly RunbookSummary[]): string {
  if (runbooks.length === 0) return NO_RUNBOOKS;
  return runbooks
    .map((runbook) =>
      runbook.refused
        ? `- **${runbook.slug}** — not read: ${runbook.refused}.`
        : `- **${runbook.slug}** — ${runbook.title}${runbook.trigger ? `\n  trigger: ${runbook.trigger}` : ""}`,
    )
    .join("\n");
}

/** The memory side of token_report, from `FoundryMemory.tokenFigures()`. */
export interface MemoryTokenFigures {
  /** Tokens of INDEX.md as it stands: the always-in-context cost. */
  indexTokens: number;
  budgetTokens: number;
  /** Fact files on disk, active or not (superseded and expired facts are still read by an eager loader). */
  factsStored: number;
  /** Tokens of those files' full text. */
  factsTokens: number;
  /** What loading all memory files eagerly costs; equals factsTokens (the report adds the blackboard). */
  eagerTokens: number;
}

/**
 * The token_report text. "Eager" is every fact file plus every blackboard artifact read
 * whole into context; the index-first path is INDEX.md alone (searches then cost per hit).
 */
export function formatTokenReport(input: {
  memory: MemoryTokenFigures;
  blackboardTokens: number;
  events: Readonly<Record<string, number>>;
}): string {
  const { memory, blackboardTokens, events } = input;
  const eventList = Object.entries(events).map(([name, count]) => `${name}=${count}`);
  const eager = memory.eagerTokens + blackboardTokens;
  return [
    "# Foundry token report",
    "",
    `- Memory index: ${formatTokens(memory.indexTokens)} of a ${memory.budgetTokens} budget (always in context)`,
    `- Facts stored: ${memory.factsStored}, ${formatTokens(memory.factsTokens)} total (retrieved on demand only)`,
    `- Blackboard artifacts: ${formatTokens(blackboardTokens)} (never enter context wholesale)`,
    `- Recorded events: ${eventList.length > 0 ? eventList.join(", ") : "none"}`,
    "",
    `Loading all memory eagerly would cost ${formatTokens(eager)} per session; the index-first path costs ${formatTokenCount(memory.indexTokens)}.`,
  ].join("\n");
}

/**
 * Lines naming fact files that were skipped, or kept with a repair (`kept`: `Note on …`), for
 * write and rebuild reports (at most five).
 */
export function formatProblems(problems: readonly { location: string; reason: string; kept?: true }[]): string {
  if (problems.length === 0) return "";
  const shown = problems
    .slice(0, 5)
    .map((problem) => `${problem.kept ? "Note on" : "Skipped unreadable"} ${problem.location}: ${problem.reason}.`);
  if (problems.length > 5) shown.push(`… and ${problems.length - 5} more unreadable fact files.`);
  return shown.join("\n");
}
