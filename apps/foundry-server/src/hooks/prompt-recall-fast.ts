// UserPromptSubmit's fast path: memory_search's ranking from the recall index alone
// (@foundry-mcp/memory/recall), so a prompt at 10,000 facts costs little more than starting
// Node. It loads neither the memory store nor YAML, ajv or zod. When the index is missing or
// cannot be proved current, or anything is in doubt, the full engine answers instead
// (prompt-recall.ts, loaded only then) and saves a fresh index for the next prompt. A broken
// config also goes to the full path, which says why on stderr exactly as before.
import path from "node:path";
import { recallFromIndex, recordEventAt } from "@foundry-mcp/memory/recall";
import { readHookConfig } from "./hook-config";
import { additionalContext, projectWithMemory, readHookInput } from "./hook-input";
import type { HookInput } from "./hook-input";
import { chosenHits, matchingRunbooks, promptQuery, recallEvent, recallText } from "./prompt-recall-text";

/** Answers from the recall index; returns false when the full engine must answer. */
async function answerFromIndex(input: HookInput, root: string): Promise<boolean> {
  const config = readHookConfig(path.join(root, ".foundry", "config.json"));
  const { query, terms } = promptQuery(typeof input.prompt === "string" ? input.prompt : "");
  const recall = recallFromIndex(root, query, config.recallMaxFacts);
  if (!recall.ok) return false;
  const hits = chosenHits(recall.hits, config);
  const runbooks = matchingRunbooks(recall.runbooks, terms);
  const text = recallText(hits, runbooks);
  await recordEventAt(root, "prompt_recall", recallEvent(text, hits.map((hit) => hit.id), runbooks));
  if (text !== "") process.stdout.write(additionalContext("UserPromptSubmit", text));
  return true;
}

/** The hook: the recall index's answer, else the full engine's. Exit code 0 in every case. */
export async function main(): Promise<void> {
  let input: HookInput;
  try {
    input = readHookInput();
  } catch (error) {
    process.stderr.write(`foundry-core UserPromptSubmit hook: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 0;
    return;
  }
  const root = projectWithMemory(input);
  if (root === undefined) return;
  try {
    if (await answerFromIndex(input, root)) return;
  } catch {
    // in doubt: the full engine answers, and reports any error itself
  }
  const { main: fullEngine } = await import("./prompt-recall");
  await fullEngine(input);
}
