// UserPromptSubmit: the few facts most relevant to the prompt, and any runbook whose trigger
// the prompt matches, as additional context; nothing when nothing clears the relevance floor.
// It searches what storage holds now through the memory package (the saved index makes a cold
// start cheap), never writes memory and never takes the write lock.
import { estimateTokens } from "@foundry-mcp/tokens";
import { tokenize } from "@foundry-mcp/memory";
import type { RunbookSummary, SearchHit } from "@foundry-mcp/memory";
import { additionalContext, runHook } from "./hook-run";
import type { HookContext } from "./hook-run";
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

/** The hits that clear the floor, best first, within the fact and token bounds. */
function chosenHits(hits: readonly SearchHit[], context: HookContext): SearchHit[] {
  const chosen: SearchHit[] = [];
  const floor = Math.max(context.config.recallMinScore, (hits[0]?.score ?? 0) * SHARE_OF_BEST);
  let tokens = 0;
  for (const hit of hits) {
    if (hit.score < floor || chosen.length >= context.config.recallMaxFacts) break;
    const cost = estimateTokens(hit.text);
    if (tokens + cost > context.config.recallMaxTokens) continue;
    chosen.push(hit);
    tokens += cost;
  }
  return chosen;
}

function runbookLine(runbook: RunbookSummary): string {
  return `- Runbook **${runbook.slug}** applies (trigger: ${runbook.trigger ?? ""}): read it with runbook_get {"slug":"${runbook.slug}"} before you start.`;
}

/** The context added to one prompt, or "" when nothing clears the floor. */
export async function recallForPrompt(context: HookContext): Promise<{ text: string; factIds: string[]; runbooks: string[] }> {
  const prompt = typeof context.input.prompt === "string" ? context.input.prompt : "";
  const { query, terms } = promptQuery(prompt);
  const hits = query === "" ? [] : chosenHits((await context.memory.search({ query, limit: context.config.recallMaxFacts })).hits, context);
  const runbooks = terms.size === 0 ? [] : (await context.memory.listRunbooks()).filter((runbook) => runbook.trigger && triggerMatches(runbook.trigger, terms));
  if (hits.length === 0 && runbooks.length === 0) return { text: "", factIds: [], runbooks: [] };
  const parts = ["Project memory that may bear on this prompt (foundry-core recall; memory_search finds more):"];
  if (hits.length > 0) parts.push(hits.map((hit) => hit.text).join("\n\n"));
  if (runbooks.length > 0) parts.push(runbooks.map(runbookLine).join("\n"));
  parts.push(`(Tools: ${TOOL_PREFIX}memory_search, ${TOOL_PREFIX}runbook_get.)`);
  return { text: parts.join("\n\n"), factIds: hits.map((hit) => hit.fact.id), runbooks: runbooks.map((runbook) => runbook.slug) };
}

/** The hook: prints Claude Code's additionalContext JSON, records a prompt_recall event. */
export function main(): Promise<void> {
  return runHook("UserPromptSubmit", async (context) => {
    const { text, factIds, runbooks } = await recallForPrompt(context);
    const tokens = text === "" ? 0 : estimateTokens(text);
    await context.memory.recordEvent("prompt_recall", { facts: factIds.length, ids: factIds, runbooks, tokens });
    return text === "" ? undefined : additionalContext("UserPromptSubmit", text);
  });
}
