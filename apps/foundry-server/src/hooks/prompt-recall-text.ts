// What the UserPromptSubmit hook adds, shared by its two paths (the recall index in
// prompt-recall-fast.ts, the full engine in prompt-recall.ts): the prompt's keywords as a
// memory_search query, the relevance floor and bounds, runbook triggers, and the text itself.
import { estimateTokens } from "@foundry-mcp/tokens";
import { tokenize } from "@foundry-mcp/memory/recall";
import type { RunbookSummary } from "@foundry-mcp/memory/recall";
import type { HookConfig } from "./hook-config";
import { TOOL_PREFIX } from "./hook-text";

/** Query words taken from a prompt: enough for a question, few enough that coverage means something. */
export const MAX_QUERY_WORDS = 12;
/** Only the start and the end of a long prompt are read for keywords (a pasted log sits between). */
const PROMPT_HEAD_CHARS = 4000;
const PROMPT_TAIL_CHARS = 2000;

/** The keywords of a prompt as a memory_search query: distinct non-stop words, first seen first. */
export function promptQuery(prompt: string): { query: string; terms: Set<string> } {
  const text = prompt.length > PROMPT_HEAD_CHARS + PROMPT_TAIL_CHARS ? `${prompt.slice(0, PROMPT_HEAD_CHARS)}\n${prompt.slice(-PROMPT_TAIL_CHARS)}` : prompt;
  const words: string[] = [];
  const terms = new Set<string>();
  tokenize(text, false, (word, stem) => {
    if (terms.has(stem)) return;
    terms.add(stem);
    if (words.length < MAX_QUERY_WORDS) words.push(word);
  });
  return { query: words.join(" ").slice(0, 1000), terms };
}

/** Whether the prompt says what the runbook's trigger says: two of its words (all, when it has fewer). */
export function triggerMatches(trigger: string, promptTerms: ReadonlySet<string>): boolean {
  const wanted = new Set(tokenize(trigger));
  if (wanted.size === 0) return false;
  let shared = 0;
  for (const term of wanted) if (promptTerms.has(term)) shared += 1;
  return shared >= Math.min(2, wanted.size);
}

/**
 * A hit scoring under this share of the best one is left out: a prompt's incidental words (a
 * number in a pasted log) can lift a fact over the absolute floor while the facts its question
 * names score far above it.
 */
export const SHARE_OF_BEST = 0.5;

/** A ranked fact as the hook weighs it: memory_search's hit, from the full engine or the recall index. */
export interface ScoredBlock {
  readonly score: number;
  readonly text: string;
}

/** The hits that clear the floor, best first, within the fact and token bounds. */
export function chosenHits<Hit extends ScoredBlock>(hits: readonly Hit[], config: HookConfig): Hit[] {
  const chosen: Hit[] = [];
  const floor = Math.max(config.recallMinScore, (hits[0]?.score ?? 0) * SHARE_OF_BEST);
  let tokens = 0;
  for (const hit of hits) {
    if (hit.score < floor || chosen.length >= config.recallMaxFacts) break;
    const cost = estimateTokens(hit.text);
    if (tokens + cost > config.recallMaxTokens) continue;
    chosen.push(hit);
    tokens += cost;
  }
  return chosen;
}

function runbookLine(runbook: RunbookSummary): string {
  return `- Runbook **${runbook.slug}** applies (trigger: ${runbook.trigger ?? ""}): read it with runbook_get {"slug":"${runbook.slug}"} before you start.`;
}

/** The additional context for the chosen hits and matching runbooks, or "" when there are none. */
export function recallText(hits: readonly ScoredBlock[], runbooks: readonly RunbookSummary[]): string {
  if (hits.length === 0 && runbooks.length === 0) return "";
  const parts = ["Project memory that may bear on this prompt (foundry-core recall; memory_search finds more):"];
  if (hits.length > 0) parts.push(hits.map((hit) => hit.text).join("\n\n"));
  if (runbooks.length > 0) parts.push(runbooks.map(runbookLine).join("\n"));
  parts.push(`(Tools: ${TOOL_PREFIX}memory_search, ${TOOL_PREFIX}runbook_get.)`);
  return parts.join("\n\n");
}

/** The runbooks whose trigger the prompt's terms match. */
export function matchingRunbooks(runbooks: readonly RunbookSummary[], terms: ReadonlySet<string>): RunbookSummary[] {
  return terms.size === 0 ? [] : runbooks.filter((runbook) => runbook.trigger && triggerMatches(runbook.trigger, terms));
}

/** The prompt_recall event's detail. */
export function recallEvent(text: string, factIds: string[], runbooks: readonly RunbookSummary[]): Record<string, unknown> {
  return { facts: factIds.length, ids: factIds, runbooks: runbooks.map((runbook) => runbook.slug), tokens: text === "" ? 0 : estimateTokens(text) };
}
