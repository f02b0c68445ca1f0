// Questions asking what something cost ("how much did the builder want", "boiler pump cost",
// "what did the engineer charge us") are answered by the fact holding the sum — "The bill was
// £340", "quoted £14,200", "Stage 2 money in: £96,000" — while the fact that opened the topic
// ("Plumber says the boiler pump has gone, part ordered") shares as many of the question's words
// and, being written first, is often the fuller one. People write a sum with its currency sign or
// word whatever the domain, so a question about money lifts the facts holding one, the way a
// "when" question lifts the facts holding a date (search/answer-sentences.ts).
// Neighbours: search/lift-memo.ts keeps the per-fact flag; search/rank.ts applies the lift.

import type { Fact } from "../types";

// Words that ask for a price, a cost or a payment; "how much" asks for one too unless a count
// word follows it ("how much food", "how much time": then a number answers, money or not).
const MONEY_WORDS = new Set(
  "cost costs costing price prices priced charge charged charges pay paid payout fee fees quote quoted rent bill spend spent owe owed worth budget".split(" "),
);

// Questions opening by asking for a person, a place, a time or a reason are not asking for a sum,
// whatever else they hold ("who approves price changes", "where do shipping costs come from"); a
// later "when" joins a clause ("what did the frame cost when we paid the last bill").
const OTHER_ASKS = new Set(["who", "whom", "whose", "where", "when", "why"]);

/** True when a question (its lower-case words) asks for a sum of money. */
export function asksForMoney(words: readonly string[]): boolean {
  if (OTHER_ASKS.has(words[0] ?? "")) return false;
  // "in charge of" is a role, not a price.
  if (words.some((word, at) => MONEY_WORDS.has(word) && !(word === "charge" && words[at - 1] === "in"))) return true;
  const much = words.indexOf("much");
  return much > 0 && words[much - 1] === "how";
}

// A currency sign before a number ("£340", "$ 12.50", "€1,200") or a currency word after one
// ("340 pounds", "12k", "1,200 euros").
const SUM = /[£$€¥₹]\s?\d|\d(?:[\d,.]*\d)?\s?(?:k|grand|pounds?|quid|dollars?|euros?|bucks|usd|gbp|eur)\b/iu;

/** True when the fact's title or body holds a sum of money. */
export function namesMoney(fact: Fact): boolean {
  return SUM.test(fact.title) || SUM.test(fact.body);
}
