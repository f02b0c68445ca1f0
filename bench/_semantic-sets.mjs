// The labelled sets bench/search-semantic.mjs ranks, each with the rankers it is scored through:
// the tool sets of the search-quality section (the project's, BFCL, MetaTool's fixed sample, and
// MetaTool requests outside the sample as a tuning pool) and every memory set up to holdout 11,
// plus the hand-written holdouts 12, 13 and 14 when the memory bench exports them (HOLDOUT12,
// holdout12Memories, …). Each set says
// whether a fusion may be tuned on it: the held-out ones (tools holdout 10, memory holdout 11 and
// up, MetaTool's fixed sample) never are. Choices: "report" (every set but the tuning pool),
// "tuning" (no held-out set; the pool added), "all".
import { TOOL_SETS, catalogRanker, scoreSet } from "../packages/tool-catalog/bench/quality.mjs";
import { externalCatalogRanker, externalSets, metatoolOutsideSample } from "../packages/tool-catalog/bench/external.mjs";
import * as memoryBench from "../packages/memory/bench/quality.mjs";

/** Sets never tuned on: the headline of the semantic section. */
export const HELD_OUT = new Set(["tools:holdout10", "metatool", "memory:holdout11", "memory:holdout12", "memory:holdout13", "memory:holdout14", "memory:holdout15", "memory:holdout16", "memory:holdout17", "memory:holdout18"]);

/**
 * Every set as { id, label, score(rankers) }: `score` takes a tool ranker factory (options →
 * catalog results) or a memory search factory, per variant, and returns top-1 / recall@5 / MRR.
 */
export function semanticSets(choice = "report") {
  const sets = [];
  for (const [set, label] of TOOL_SETS) {
    sets.push({ id: `tools:${set}`, kind: "tools", label: `tools: ${label}`, score: async ({ toolRanker }) => scoreSet(await toolRanker(), set) });
  }
  for (const [set, label, corpus, queries] of externalSets()) {
    const labelled = queries.map((query) => ({ ...query, set }));
    sets.push({ id: set, kind: "external", label: `${label}, ${queries.length} requests`, score: async ({ externalRanker }) => scoreSet(await externalRanker(corpus, labelled), set, labelled) });
  }
  if (choice !== "report") {
    // Every ninth request outside the fixed sample, drawn as bench/dev-sets.mjs --outside draws every third.
    const { corpus, queries } = metatoolOutsideSample();
    const labelled = queries.filter((_, position) => position % 9 === 0).map((query) => ({ ...query, set: "metatool-outside" }));
    sets.push({ id: "metatool-outside", kind: "external", label: `MetaTool outside the fixed sample (every ninth; tuning pool), ${labelled.length} requests`, score: async ({ externalRanker }) => scoreSet(await externalRanker(corpus, labelled), "metatool-outside", labelled) });
  }
  const single = (id, label, questions, labelled) => ({ id: `memory:${id}`, kind: "memory", label: `memory: ${label}, ${questions.length} questions`, score: ({ memoryScore }) => memoryBench.scoreQuestions(memoryScore(id, labelled.facts), questions, labelled.keyOf) });
  const several = (id, label, questions, memories) => ({ id: `memory:${id}`, kind: "memory", label: `memory: ${label}, ${questions.length} questions`, score: ({ memoryScore }) => memoryBench.scoreInMemories((facts) => memoryScore(`${id}-${memories.find((memory) => memory.facts === facts).name}`, facts), memories, questions) });
  const handWritten = [[memoryBench.HOLDOUT18, memoryBench.holdout18Memories], [memoryBench.HOLDOUT17, memoryBench.holdout17Memories], [memoryBench.HOLDOUT16, memoryBench.holdout16Memories], [memoryBench.HOLDOUT15, memoryBench.holdout15Memories], [memoryBench.HOLDOUT14, memoryBench.holdout14Memories], [memoryBench.HOLDOUT13, memoryBench.holdout13Memories], [memoryBench.HOLDOUT12, memoryBench.holdout12Memories]].filter(([set]) => set !== undefined);
  for (const [[id, label, questions], memoriesOf] of [...handWritten, [memoryBench.HOLDOUT11, memoryBench.holdout11Memories], [memoryBench.HOLDOUT10, memoryBench.holdout10Memories], [memoryBench.HOLDOUT9, memoryBench.holdout9Memories], [memoryBench.HOLDOUT8, memoryBench.holdout8Memories], [memoryBench.HOLDOUT7, memoryBench.holdout7Memories]]) {
    sets.push(several(id, label, questions, memoriesOf()));
  }
  const labelled = memoryBench.labelledFacts();
  for (const [id, label, questions] of memoryBench.MEMORY_SETS) sets.push(single(id, label, questions, labelled));
  const conversation = memoryBench.conversationFacts();
  for (const [id, label, questions] of memoryBench.CONVERSATION_SETS) sets.push(single(id, label, questions, conversation));
  sets.push(single(memoryBench.RELATIVE_SET[0], memoryBench.RELATIVE_SET[1], memoryBench.RELATIVE_SET[2], memoryBench.relativeFacts()));
  sets.push(single(memoryBench.CURRENT_SET[0], memoryBench.CURRENT_SET[1], memoryBench.CURRENT_SET[2], memoryBench.currentFacts()));
  sets.push(single(memoryBench.CHOICE_SET[0], memoryBench.CHOICE_SET[1], memoryBench.CHOICE_SET[2], memoryBench.choiceFacts()));
  return choice === "tuning" ? sets.filter((set) => !HELD_OUT.has(set.id)) : sets;
}

export { catalogRanker, externalCatalogRanker };
