// UserPromptSubmit through the full engine: the few facts most relevant to the prompt, and any
// runbook whose trigger the prompt matches, as additional context; nothing when nothing clears
// the relevance floor. It searches what storage holds now through the memory package (the saved
// index makes a cold start cheap), never writes memory and never takes the write lock. The hook
// runs this only when the recall index cannot answer (prompt-recall-fast.ts), then saves a fresh
// one for the next prompt.
import { additionalContext, runHook } from "./hook-run";
import type { HookInput } from "./hook-run";
import { chosenHits, matchingRunbooks, promptQuery, recallEvent, recallText } from "./prompt-recall-text";

/** The hook: prints Claude Code's additionalContext JSON, records a prompt_recall event. `input`: stdin as already read. */
export function main(input?: HookInput): Promise<void> {
  return runHook(
    "UserPromptSubmit",
    async (context) => {
      const prompt = typeof context.input.prompt === "string" ? context.input.prompt : "";
      const { query, terms } = promptQuery(prompt);
      const hits = query === "" ? [] : chosenHits((await context.memory.search({ query, limit: context.config.recallMaxFacts })).hits, context.config);
      const runbooks = matchingRunbooks(terms.size === 0 ? [] : await context.memory.listRunbooks(), terms);
      const text = recallText(hits, runbooks);
      await context.memory.recordEvent("prompt_recall", recallEvent(text, hits.map((hit) => hit.fact.id), runbooks));
      return text === "" ? undefined : additionalContext("UserPromptSubmit", text);
    },
    { ...(input ? { input } : {}), saveRecallIndex: "always" },
  );
}
