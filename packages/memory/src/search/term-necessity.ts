// How much a question word counts: BM25 weighs a word by how rare it is among the facts, which
// says how well it tells facts apart, not whether the answer holds it. Questions carry words their
// answers seldom repeat ("what happened to the van", "who wants the room", "how much does it
// cost", "before we moved", "what did we decide"), and a fact holding such a word beats the answer
// that says it in other words. The common question words' weights are learned from the dev sets'
// questions and answers (bench/learn-term-necessity.mjs → search/term-necessity-table.ts; issue 32,
// session 28, decision 0054); every other word weighs 1.
// Neighbour: search/query-expansion.ts scales each word's alternatives by it.

import { TERM_NECESSITY } from "./term-necessity-table";

/** The weight of a question word by its stem: below 1 for the common words answers seldom repeat, else 1. */
export function termNecessity(stem: string): number {
  return TERM_NECESSITY.get(stem) ?? 1;
}
