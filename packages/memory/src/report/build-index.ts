// INDEX.md: the always-in-context list of active facts, cut to the token budget.
//
// Line format, chosen for meaning per token (measured in bench/run.mjs): facts grouped under
// one `## <type>` heading per type instead of a type word per line, then `- <title>` only.
// The title states the fact (a memory_write rule), so it is the meaning; ids (4 tokens each,
// ~30% of a line) are left out because memory_search returns them with the body when
// needed. Non-project scope and low confidence are marked because they change how a fact
// applies: `- Amounts are integer cents (module:billing)`, `… (low confidence)`.

import { estimateTokens, fitToBudget } from "@foundry-mcp/tokens";
import { compareIndexPriority, TYPE_PRIORITY } from "../facts/order";
import type { Fact } from "../types";
import type { IndexFigures } from "./format-text";

const HEADER =
  "# Memory index\nActive facts by priority, titles only. memory_search <keywords> returns bodies and ids.\n";
const EMPTY = "# Memory index\nNo active facts yet. memory_write stores one.\n";

/** INDEX.md text and its budget figures. */
export interface BuiltIndex extends IndexFigures {
  markdown: string;
}

const lineCosts = new WeakMap<Fact, number>();

/** Tokens of one index line, memoised per fact object (facts are immutable snapshots). */
function lineCost(fact: Fact): number {
  let cost = lineCosts.get(fact);
  if (cost === undefined)
    lineCosts.set(fact, (cost = estimateTokens(`${formatIndexLine(fact)}\n`)));
  return cost;
}

/** One fact's index line. */
export function formatIndexLine(fact: Fact): string {
  const marks = [
    fact.scope !== "project" ? fact.scope : "",
    fact.confidence === "low" ? "low confidence" : "",
  ].filter(Boolean);
  return `- ${fact.title}${marks.length > 0 ? ` (${marks.join(", ")})` : ""}`;
}

function omittedLine(omitted: number): string {
  const noun = omitted === 1 ? "fact" : "facts";
  return `\n${omitted} more active ${noun} omitted over budget; memory_search finds them.\n`;
}

function assemble(included: readonly Fact[], omitted: number): string {
  const sections: string[] = [HEADER];
  for (const type of TYPE_PRIORITY) {
    const lines = included.filter((fact) => fact.type === type).map(formatIndexLine);
    if (lines.length > 0) sections.push(`\n## ${type}\n${lines.join("\n")}\n`);
  }
  if (omitted > 0) sections.push(omittedLine(omitted));
  return sections.join("");
}

/**
 * Builds INDEX.md from the active facts: priority order (constraints and decisions first,
 * high confidence first, newest first), grouped by type, as many lines as `budgetTokens`
 * allows. The returned `tokens` is the estimate of the whole file and never exceeds the budget.
 */
export function buildIndex(activeFacts: readonly Fact[], budgetTokens: number): BuiltIndex {
  const active = activeFacts.length;
  if (active === 0)
    return { markdown: EMPTY, listed: 0, active: 0, omitted: 0, tokens: estimateTokens(EMPTY) };
  const ordered = [...activeFacts].sort(compareIndexPriority);
  const presentTypes = new Set(ordered.map((fact) => fact.type));
  // Fixed costs are reserved first: the header, one heading per type present, the omitted note
  // at its longest — for `active` it has the most digits, and the plural "facts" whenever more
  // than one fact can be left out (with one active fact the note can only be the singular).
  const reserved =
    estimateTokens(HEADER) +
    [...presentTypes].reduce((sum, type) => sum + estimateTokens(`\n## ${type}\n`), 0) +
    estimateTokens(omittedLine(active));
  const fit = fitToBudget(ordered, Math.max(0, budgetTokens - reserved), lineCost);
  const included = [...fit.included];
  let markdown = assemble(included, active - included.length);
  let tokens = estimateTokens(markdown);
  // Estimates of parts need not add up exactly; trim from the lowest priority until the whole fits.
  while (tokens > budgetTokens && included.length > 0) {
    included.pop();
    markdown = assemble(included, active - included.length);
    tokens = estimateTokens(markdown);
  }
  return { markdown, listed: included.length, active, omitted: active - included.length, tokens };
}
