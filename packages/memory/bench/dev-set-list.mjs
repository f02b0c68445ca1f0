// The memory dev sets, the ones ranking rounds may tune on and bench/learn-term-necessity.mjs
// learns from: every labelled question set but holdout 18, the headline since session 38, never
// tuned on, which is left out here on purpose (its questions are never read by the dev tools).
// Holdouts 15 and 16 (written blind in sessions 27 and 28) are dev sets since session 34's round,
// holdout 17 (written blind in session 34; last headline 68.1% top-1 on 9acebcf) since session 38's. Used by bench/dev-sets.mjs and
// bench/learn-term-necessity.mjs.
import { CHOICE_SET, CONVERSATION_SETS, CURRENT_SET, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, MEMORY_SETS, REPHRASED19, REPHRASED20, RELATIVE_SET, choiceFacts, conversationFacts, currentFacts, holdout7Memories, holdout8Memories, holdout9Memories, holdout10Memories, holdout11Memories, holdout12Memories, holdout13Memories, holdout14Memories, holdout15Memories, holdout16Memories, holdout17Memories, labelledFacts, relativeFacts } from "./quality.mjs";

/** Every dev set as [name, questions, memories]; a memory is { name, facts, keyOf }; each question names its memory. */
export function devSets() {
  const one = (name, stored) => [{ name, ...stored }];
  const tagged = (questions, memory) => questions.map((question) => ({ ...question, memory }));
  const holdout12 = holdout12Memories();
  const rephrasedMemories = [...holdout9Memories(), ...holdout10Memories(), ...holdout11Memories(), { name: "labelled", ...labelledFacts() }];
  return [
    ...MEMORY_SETS.map(([name, , questions]) => [name, tagged(questions, "labelled"), one("labelled", labelledFacts())]),
    ...CONVERSATION_SETS.map(([name, , questions]) => [name, tagged(questions, "conversation"), one("conversation", conversationFacts())]),
    [RELATIVE_SET[0], tagged(RELATIVE_SET[2], "relative"), one("relative", relativeFacts())],
    [CURRENT_SET[0], tagged(CURRENT_SET[2], "current"), one("current", currentFacts())],
    [CHOICE_SET[0], tagged(CHOICE_SET[2], "choice"), one("choice", choiceFacts())],
    [HOLDOUT7[0], HOLDOUT7[2], holdout7Memories()],
    [HOLDOUT8[0], HOLDOUT8[2], holdout8Memories()],
    [HOLDOUT9[0], HOLDOUT9[2], holdout9Memories()],
    [HOLDOUT10[0], HOLDOUT10[2], holdout10Memories()],
    [HOLDOUT11[0], HOLDOUT11[2], holdout11Memories()],
    [HOLDOUT12[0], HOLDOUT12[2], holdout12],
    [REPHRASED19[0], REPHRASED19[2].map((question) => ({ ...question, memory: question.memory ?? "labelled" })), rephrasedMemories],
    [REPHRASED20[0], REPHRASED20[2], holdout12],
    [HOLDOUT13[0], HOLDOUT13[2], holdout13Memories()],
    [HOLDOUT14[0], HOLDOUT14[2], holdout14Memories()],
    [HOLDOUT15[0], HOLDOUT15[2], holdout15Memories()],
    [HOLDOUT16[0], HOLDOUT16[2], holdout16Memories()],
    [HOLDOUT17[0], HOLDOUT17[2], holdout17Memories()],
  ];
}
