// INDEX.md: the always-in-context list of active facts, cut to the token budget.
//
// Line format, chosen for meaning per token (measured in bench/run.mjs): facts grouped under
// one `## <type>` heading per type instead of a type word per line, then `- <title>` only.
// The title states the fact (a memory_write rule), so it is the meaning; ids (4 tokens each,
// ~30% of a line) are left out because memory_search returns them with the body when
// needed. Non-project scope and low confidence are marked because they change how a fact
// applies: `- Amounts are integer cents (module:billing)`, `… (low confidence)`.

import { estimateTokens } from "@foundry-mcp/tokens";
import { TYPE_PRIORITY } from "../facts/order";
import type { Fact } from "../types";
import type { IndexFigures } from "./format-text";
import { formatIndexLine } from "./index-line";
import { IndexOrder, lineCost } from "./index-order";

const HEADER =
  "# Memory index\nActive facts by priority, titles only. memory_search <keywords> returns bodies and ids.\n";
const EMPTY = "# Memory index\nNo active facts yet. memory_write stores one.\n";

/** INDEX.md text and its budget figures. */
export interface BuiltIndex extends IndexFigures {
  markdown: string;
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
  return buildIndexFromOrder(new IndexOrder(activeFacts), budgetTokens);
}

/** {@link buildIndex} from facts already kept in priority order (a write's path). */
export function buildIndexFromOrder(order: IndexOrder, budgetTokens: number): BuiltIndex {
  const ordered = order.ordered;
  const active = ordered.length;
  if (active === 0)
    return { markdown: EMPTY, listed: 0, active: 0, omitted: 0, tokens: estimateTokens(EMPTY) };
  // Fixed costs are reserved first: the header, one heading per type present, the omitted note
  // at its longest — for `active` it has the most digits, and the plural "facts" whenever more
  // than one fact can be left out (with one active fact the note can only be the singular).
  const reserved =
    estimateTokens(HEADER) +
    [...order.typeCounts.keys()].reduce((sum, type) => sum + estimateTokens(`\n## ${type}\n`), 0) +
    estimateTokens(omittedLine(active));
  // Skip-and-continue fit (a shorter later line may still fit), stopped once the budget left
  // is below the cheapest line of all, after which nothing else can fit.
  const lineBudget = Math.max(0, budgetTokens - reserved);
  const cheapest = order.cheapestLine();
  const included: Fact[] = [];
  let used = 0;
  for (const fact of ordered) {
    if (lineBudget - used < cheapest) break;
    const cost = lineCost(fact);
    if (used + cost <= lineBudget) {
      included.push(fact);
      used += cost;
    }
  }
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
