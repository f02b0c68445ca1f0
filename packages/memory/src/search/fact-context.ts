// A fact's thread as evidence for a question asking which option was picked: people save the
// plan to decide first ("Staff meeting set for Wednesday 11 March, lunchtime, to decide on the
// software") and the decision later, often in other words ("Staff meeting voted: we're moving to
// Provet Cloud", saved on 11 March). The plan holds more of the question's words; the decision is
// on its thread — saved within a week after it and sharing with it a rare word the question does
// not hold, or the day the plan names. Such a later fact gets a share of the plan's score. Only
// the head of the first-stage hits is read, so the cost stays bounded.
// Neighbours: search/plans-and-events.ts reads a plan (through search/lift-memo.ts);
// search/choice.ts tells a choice question; search/thread-steps.ts is the other rule on
// liftAlongThreads; search/rank.ts calls both before its lifts.

import type { Fact } from "../types";
import type { SearchIndex } from "./search-index";
import { termsOf } from "./search-index";
import { ANNOUNCES_PLAN, type LiftMemo } from "./lift-memo";
import { RANKING } from "./ranking-parameters";
import { isDayTerm } from "./date-terms";

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

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
  liftAlongThreads(index, memo, positions, scores, questionTerms, {
    weight: RANKING.threadOutcomeWeight,
    partnersIn: (head) => head.filter((fact) => fact.plans),
    follows: (fact, plan) => {
      const gap = fact.savedDay - plan.savedDay;
      return gap >= 0 && gap <= RANKING.threadSpanDays && (gap > 0 || fact.savedAt > plan.savedAt);
    },
  });
}

/** Which head facts lend a share of their score, and to which: what one thread rule decides. */
export interface ThreadLift {
  /** The share of the partner's score a fact gets (0 turns the rule off). */
  readonly weight: number;
  /** The head facts that may lend their score. */
  readonly partnersIn: (head: readonly HeadFact[]) => readonly HeadFact[];
  /** Whether `fact` stands where the rule wants it beside `partner` in time. */
  readonly follows: (fact: HeadFact, partner: HeadFact) => boolean;
}

/**
 * The lift every thread rule makes: adds to each of the `RANKING.threadHead` best `scores`
 * (aligned with `positions` in `index`) `rule.weight` × the best score of a partner it `follows`
 * that shares with it a word outside `questionTerms` held by 2 to `RANKING.threadWordMaxFacts`
 * facts. Rare words are read only for pairs the time allows (most heads have none). Scores only rise.
 */
export function liftAlongThreads(index: SearchIndex, memo: LiftMemo, positions: readonly number[], scores: number[], questionTerms: ReadonlySet<string>, rule: ThreadLift): void {
  if (rule.weight <= 0 || positions.length < 2) return;
  const head = bestPlaces(scores, RANKING.threadHead).map((at) => headFact(index, memo, positions[at] as number, at));
  const partners = rule.partnersIn(head);
  if (partners.length === 0) return;
  const termsOf = (fact: HeadFact) => (fact.rareTerms ??= rareTerms(index, fact.position, questionTerms));
  const lifts: [number, number][] = [];
  for (const fact of head) {
    let best = 0;
    for (const partner of partners) {
      if ((scores[partner.at] as number) <= best || !rule.follows(fact, partner)) continue;
      if (sharesAny(termsOf(fact), termsOf(partner))) best = scores[partner.at] as number;
    }
    if (best > 0) lifts.push([fact.at, rule.weight * best]);
  }
  for (const [at, lift] of lifts) scores[at] = (scores[at] as number) + lift;
}

/** The places of the `count` largest `values` (fewer when there are fewer), largest first. */
function bestPlaces(values: readonly number[], count: number): number[] {
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

function headFact(index: SearchIndex, memo: LiftMemo, position: number, at: number): HeadFact {
  const fact = index.facts[position] as Fact;
  const savedAt = Date.parse(fact.created);
  const saved = Number.isNaN(savedAt) ? 0 : savedAt;
  return { at, position, savedAt: saved, savedDay: Math.floor(saved / DAY_MS), plans: memo.flag(position, fact, ANNOUNCES_PLAN) };
}

/** The words of the fact at `position` outside `questionTerms` that 2 to `RANKING.threadWordMaxFacts` facts hold. */
function rareTerms(index: SearchIndex, position: number, questionTerms: ReadonlySet<string>): ReadonlySet<string> {
  const found = new Set<string>();
  for (const term of termsOf(index.facts[position] as Fact).counts.keys()) {
    // A day's term ties a plan naming the day to a fact saved on it; a month's (~2026-03) and a
    // number tie facts of one month or sum, not of one thread.
    if (questionTerms.has(term) || (term.startsWith("~") && !isDayTerm(term)) || /^\d/.test(term)) continue;
    const holders = index.postings.get(term)?.positions.length ?? 0;
    if (holders >= 2 && holders <= RANKING.threadWordMaxFacts) found.add(term);
  }
  return found;
}

function sharesAny(some: ReadonlySet<string>, others: ReadonlySet<string>): boolean {
  for (const term of some) if (others.has(term)) return true;
  return false;
}
