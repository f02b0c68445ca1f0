// Questions asking how often, how long, how many, how big or how far are answered by a fact
// holding a number — "stock syncs from the WMS every five minutes", "the house is 152 m²",
// "retry 3 times" — while a fact naming the thing without its measure often shares as many of
// the question's words. People write a measure with a number, in digits or in words, whatever the
// domain, so such a question lifts the facts holding one a little, as a question about money
// lifts the facts holding a sum (search/money-answers.ts, which keeps "how much").
// Neighbours: search/question-form.ts reads such a question as asking for an amount;
// search/lift-memo.ts keeps the per-fact flag; search/rank.ts applies the lift with
// RANKING.measureFactor (search/ranking-parameters.ts; 1 turns it off).

import { NUMBER_WORDS } from "@foundry-mcp/text-analysis";
import type { Fact } from "../types";

// A digit, or a number written as a word ("every five minutes", "twice a day").
const NUMBER = new RegExp(`\\d|\\b(?:${[...NUMBER_WORDS, "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "once", "twice", "dozen"].join("|")})\\b`, "i");

/** True when the fact's title or body holds a number, in digits or in words. */
export function namesNumber(fact: Fact): boolean {
  return NUMBER.test(fact.title) || NUMBER.test(fact.body);
}
