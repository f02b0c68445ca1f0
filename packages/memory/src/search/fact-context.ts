// A fact's thread as evidence for a question asking which option was picked: people save the
// plan to decide first ("Staff meeting set for Wednesday 11 March, lunchtime, to decide on the
// software") and the decision later, often in other words ("Staff meeting voted: we're moving to
// Provet Cloud", saved on 11 March). The plan holds more of the question's words; the decision is
// on its thread — saved within a week after it and sharing with it a rare word the question does
// not hold, or the day the plan names. Such a later fact gets a share of the plan's score. Only
// the head of the first-stage hits is read, so the cost stays bounded.
// Neighbours: search/plans-and-events.ts reads a plan (through search/lift-memo.ts);
// search/choice.ts tells a choice question; search/rank.ts calls this before its lifts.

import type { Fact } from "../types";
import type { SearchIndex } from "./search-index";
import { termsOf } from "./search-index";
import { ANNOUNCES_PLAN, type LiftMemo } from "./lift-memo";
import { RANKING } from "./ranking-parameters";

const DAY_MS = 86_400_000;
/** The length of a day's date term, `~2026-03-11` (search/date-terms.ts). */
const DAY_TERM_LENGTH = 11;

/** A head fact: its place in the caller's arrays and in the index, when it was saved, whether it plans. */
export interface HeadFact {
  readonly at: number;
  readonly position: number;
  readonly savedAt: number;
  /** The day it was saved, in days since 1970 (UTC). */
  readonly savedDay: number;
  readonly plans: boolean;
  /** Read on first need (see {@link rareTerms}). */
  rareTerms?: ReadonlySet<string>;
}

/**
 * Adds to each of the `RANKING.threadHead` best `scores` (aligned with `positions` in `index`)
 * `RANKING.threadOutcomeWeight` × the best score of an earlier head fact announcing a plan on
 * its thread (the fact saved after the plan, at most `RANKING.threadSpanDays` calendar days later, sharing a word outside
 * `questionTerms` that at most `RANKING.threadWordMaxFacts` facts hold). Scores only rise.
 */
export function liftThreadOutcomes(index: SearchIndex, memo: LiftMemo, positions: readonly number[], scores: number[], questionTerms: ReadonlySet<string>): void {
  if (RANKING.threadOutcomeWeight <= 0 || positions.length < 2) return;
  const head = bestPlaces(scores, RANKING.threadHead).map((at) => headFact(index, memo, positions[at] as number, at));
  const plans = head.filter((fact) => fact.plans);
  if (plans.length === 0) return;
  // Rare words are read only for facts saved within the span after a plan (most heads have none).
  const rareTermsOf = (fact: HeadFact) => rareTerms(index, fact.position, questionTerms);
  const lifts: [number, number][] = [];
  for (const fact of head) {
    let best = 0;
    let own: ReadonlySet<string> | undefined;
    for (const plan of plans) {
      const gap = fact.savedDay - plan.savedDay;
      if (gap < 0 || gap > RANKING.threadSpanDays || (gap === 0 && fact.savedAt <= plan.savedAt)) continue;
      own ??= rareTermsOf(fact);
      plan.rareTerms ??= rareTermsOf(plan);
      if (sharesAny(own, plan.rareTerms)) best = Math.max(best, scores[plan.at] as number);
    }
    if (best > 0) lifts.push([fact.at, RANKING.threadOutcomeWeight * best]);
  }
  for (const [at, lift] of lifts) scores[at] = (scores[at] as number) + lift;
}

/** The places of the `count` largest `values` (fewer when there are fewer), largest first. */
export function bestPlaces(values: readonly number[], count: number): number[] {
  const places: number[] = [];
  for (let at = 0; at < values.length; at++) {
    const value = values[at] as number;
    if (places.length === count && value <= (values[places[count - 1] as number] as number)) continue;
    let slot = Math.min(places.length, count - 1);
    places[slot] = at;
    while (slot > 0 && (values[places[slot - 1] as number] as number) < value) {
      places[slot] = places[slot - 1] as number;
      places[slot - 1] = at;
      slot--;
    }
  }
  return places;
}

/** The head fact at `at` in the caller's arrays, at `position` in `index`. */
export function headFact(index: SearchIndex, memo: LiftMemo, position: number, at: number): HeadFact {
  const fact = index.facts[position] as Fact;
  const savedAt = Date.parse(fact.created);
  const saved = Number.isNaN(savedAt) ? 0 : savedAt;
  return { at, position, savedAt: saved, savedDay: Math.floor(saved / DAY_MS), plans: memo.flag(position, fact, ANNOUNCES_PLAN) };
}

/** The words of the fact at `position` outside `questionTerms` that 2 to `RANKING.threadWordMaxFacts` facts hold. */
export function rareTerms(index: SearchIndex, position: number, questionTerms: ReadonlySet<string>): ReadonlySet<string> {
  const found = new Set<string>();
  for (const term of termsOf(index.facts[position] as Fact).counts.keys()) {
    // A day's term ties a plan naming the day to a fact saved on it; a month's (~2026-03) and a
    // number tie facts of one month or sum, not of one thread.
    if (questionTerms.has(term) || (term.startsWith("~") && term.length !== DAY_TERM_LENGTH) || /^\d/.test(term)) continue;
    const holders = index.postings.get(term)?.positions.length ?? 0;
    if (holders >= 2 && holders <= RANKING.threadWordMaxFacts) found.add(term);
  }
  return found;
}

/** True when the two sets hold a term in common. */
export function sharesAny(some: ReadonlySet<string>, others: ReadonlySet<string>): boolean {
  for (const term of some) if (others.has(term)) return true;
  return false;
}
