// A value restated over time without a word of change: "Search p95 after caching: p95 for search
// now 280 ms" in July, "Search p95 September: 190 ms" in September. Notes that track a figure
// (a latency, a budget, a count) write it again under the same heading each time it is measured
// or set, and say nothing of the earlier note; the newer one tells the value as it stands. For a
// question about the present, an older fact stating a figure beside every word the question asks
// (in its title or in one sentence) is dropped just below a newer one doing so: the same words
// and a figure, so the same series. A newer fact holding a figure elsewhere ("Hiroshi wrote e2e
// tests: 14" for "which days is Hiroshi in") leaves the older one as it was.
// Neighbours: search/current-state.ts reads the question's marker of the present and lifts the
// newer facts by recency; search/replaced-values.ts drops a value a newer fact says was replaced;
// search/rank.ts applies this drop behind RANKING.restatedValues.

import type { Fact } from "../types";
import { tokenize } from "./tokenize";

/** An older fact in a series is dropped just below the newer fact restating it… */
export const RESTATED_VALUE_FACTOR = 0.99;
/** …but to no less than this share of its own score (as search/replaced-values.ts's floor). */
export const RESTATED_FLOOR = 0.3;

// A number standing as a word ("190 ms", "$50", "4.2%"), not a digit inside one ("p95", "e2e").
const FIGURE = /(?<![\p{L}\d])\d/u;
// Sentence ends: a full stop, question or exclamation mark or semicolon not inside a number ("4.2%"), or a line break.
const SENTENCE_END = /[.!?;](?!\d)|\n/;

// Words asking for something other than a figure ("where does David work now", "what does Yasmin drive").
const QUESTION_WORDS = new Set(["what", "whats", "which", "where", "who", "whose", "whom", "when", "why", "how"]);

/**
 * True when a question (its lower-case words; `amount`: it asks how many, much, long…) may ask
 * for a figure: it asks an amount, or is a keyword search with no question word ("search p95 now").
 */
export function mayAskFigure(words: readonly string[], amount: boolean): boolean {
  return amount || !words.some((word) => QUESTION_WORDS.has(word));
}

/** True when the fact's title or one of its body's sentences holds a figure (a number standing as a word) beside every term of `asked`. */
export function statesAskedFigure(fact: Fact, asked: ReadonlySet<string>): boolean {
  if (asked.size === 0) return false;
  return [fact.title, ...fact.body.split(SENTENCE_END)].some((sentence) => {
    if (!FIGURE.test(sentence)) return false;
    const terms = new Set(tokenize(sentence));
    return [...asked].every((term) => terms.has(term));
  });
}

/**
 * Drops each fact stating a figure beside every word the question asks that a newer such fact
 * restates to RESTATED_VALUE_FACTOR × the newer fact's score, at least RESTATED_FLOOR × its own.
 * `states(at)` tells whether `facts[at]` is such a fact ({@link statesAskedFigure}).
 */
export function dropRestated(facts: readonly Fact[], scores: number[], states: (at: number) => boolean): void {
  const series: { at: number; created: number }[] = [];
  for (let at = 0; at < facts.length; at++) if (states(at)) series.push({ at, created: Date.parse((facts[at] as Fact).created) });
  if (series.length < 2) return;
  const before = [...scores];
  for (const older of series) {
    let ceiling = Infinity;
    for (const newer of series) if (newer.created > older.created) ceiling = Math.min(ceiling, (before[newer.at] as number) * RESTATED_VALUE_FACTOR);
    const current = scores[older.at] as number;
    if (ceiling < current) scores[older.at] = Math.max(ceiling, current * RESTATED_FLOOR);
  }
}
