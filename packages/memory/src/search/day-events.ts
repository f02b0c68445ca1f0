// What happened on a day: a question naming a day and nothing its notes share ("what happened on
// 17 July", "what went wrong on 3 August") meets every fact of that day through its date term
// alone, and BM25's length normalisation then puts the shortest first: the routine one-liners
// people save beside the event ("Bumped picocolors 17/7", "Tidy-up idea from Tomasz",
// "Count 3/8: packs of toilet roll") over "Prod deploy of berth 1.42.0 rolled back after 6 minutes:
// /v1/sailings returned 500…". A note about something that mattered names its particulars — the
// version, the endpoint, the people, the place — in words few other notes hold, while a routine
// note is one of many written alike. So when no fact of the asked day holds another word of the
// question, each fact of the day holding rare words is lifted to the best score among them ×
// (1 + `RANKING.dayEventWeight` × how specific it is): the sum, over its words held by at most
// `RANKING.dayEventWordShare` of the facts, of each one's rarity (log(facts / holders), in units of
// the bound's). Facts saved before the day that name it (the plan, the announcement) keep their scores.
// Neighbours: search/date-terms.ts gives the facts their date terms; search/rank.ts collects the
// day's facts as it scores and calls this before its lifts.

import type { Fact } from "../types";
import type { SearchIndex } from "./search-index";
import { termsOf } from "./search-index";
import { savedDayTerm } from "./date-terms";
import { RANKING } from "./ranking-parameters";

/** A fact in the running holding one of the asked days' terms: its place in the caller's arrays, and whether it holds another of the question's concepts. */
export interface DayMatch {
  readonly at: number;
  readonly holdsOtherConcept: boolean;
}

/**
 * When no fact in `matches` holds another concept of the question, lifts each fact of the asked
 * day (holding one of `dayTerms`, not saved before it) with a {@link specificity} above 0 to the
 * best score among the day's facts × (1 + `RANKING.dayEventWeight` × its specificity).
 * `scores` is aligned with `positions` in `index`. Scores only rise.
 */
export function liftDayEvents(index: SearchIndex, positions: readonly number[], scores: number[], matches: readonly DayMatch[], dayTerms: readonly string[], questionTerms: ReadonlySet<string>): void {
  if (RANKING.dayEventWeight <= 0 || matches.length === 0 || matches.some((match) => match.holdsOtherConcept)) return;
  const ofTheDay = matches.filter(({ at }) => ofAskedDay(index.facts[positions[at] as number] as Fact, dayTerms));
  let best = 0;
  for (const { at } of ofTheDay) best = Math.max(best, scores[at] as number);
  for (const { at } of ofTheDay) {
    const specific = specificity(index, positions[at] as number, questionTerms);
    if (specific > 0) scores[at] = Math.max(scores[at] as number, best * (1 + RANKING.dayEventWeight * specific));
  }
}

/** True when `fact` holds one of the asked `dayTerms` and was not saved before it (a fact announcing the day was). */
function ofAskedDay(fact: Fact, dayTerms: readonly string[]): boolean {
  const saved = savedDayTerm(fact);
  const counts = termsOf(fact).counts;
  return dayTerms.some((term) => counts.has(term) && (saved === undefined || saved >= term));
}

/**
 * How specific the fact at `position` is: the sum, over its words outside `questionTerms` (no
 * number, no date term) held by at most `RANKING.dayEventWordShare` of the index's facts, of
 * log(facts / holders) / log(1 / share) — each such word counts 1 at the bound, more the rarer it is.
 */
export function specificity(index: SearchIndex, position: number, questionTerms: ReadonlySet<string>): number {
  const factCount = index.facts.length;
  const bound = Math.log(1 / RANKING.dayEventWordShare);
  let sum = 0;
  for (const term of termsOf(index.facts[position] as Fact).counts.keys()) {
    if (questionTerms.has(term) || term.startsWith("~") || /^\d/.test(term)) continue;
    const holders = index.postings.get(term)?.positions.length ?? 0;
    if (holders >= 1 && holders <= factCount * RANKING.dayEventWordShare) sum += Math.log(factCount / holders) / bound;
  }
  return sum;
}
