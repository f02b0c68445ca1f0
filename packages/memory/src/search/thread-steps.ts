// Which step of a thread the question asks for. People save a matter as it goes: the first
// target, then each change to it ("Target: move in by Easter 2026", three months later
// "Realistically we move in end of April, not Easter"); the first evening of a thing, then the
// later ones. A question asking for the first or original step ("when did we first plan to move
// in") is answered by the earlier member of the thread, while the later members, which restate
// the matter, often hold as many of its words. So, among the head of the first-stage hits, a
// fact with a later fact on its thread (saved at most `RANKING.threadStepSpanDays` after it and
// sharing with it a rare word outside the question: search/fact-context.ts's thread) gets a
// share of that later fact's score.
// Measured and left out (the memory-steps25 round): the outcome side ("in the end", "finally",
// "ended up": a later member lifted by an earlier one) and the suggestion side ("who suggested",
// "whose idea", "wanted"): no dev question gained.
// Neighbours: search/fact-context.ts reads the thread (and lifts a choice question's decision
// after its plan); search/rank.ts calls this before its lifts.

import type { SearchIndex } from "./search-index";
import type { LiftMemo } from "./lift-memo";
import { RANKING } from "./ranking-parameters";
import { DAY_MS, liftAlongThreads } from "./fact-context";

// Words of a question asking for the first step of a matter.
const FIRST_STEP_WORDS = new Set(["first", "originally", "original", "initially"]);
// …or a phrase saying so (session 38, +1 −0): "at the start of the year" (not "of the meeting":
// a span of time or of a venture), "when I started" ending the question or followed by where
// ("when I started here", not "when I started the car"), "to begin with", "in the beginning".
const FIRST_STEP_PHRASE =
  / (?:at|from) the (?:start|beginning) (?:$|of (?:the |this |last )?(?:year|month|season|term|project|job|contract|tenancy)s? )| to (?:begin|start) with | when (?:i|we|you|they|he|she) (?:started|joined|began)(?: (?:here|there|working|the job|with us|at [^ ]+))? $| in the beginning /;

/** True when the question (its lower-case words) asks for the first or original step of a matter. */
export function asksForFirstStep(words: readonly string[]): boolean {
  if (words.some((word) => FIRST_STEP_WORDS.has(word))) return true;
  return FIRST_STEP_PHRASE.test(` ${words.join(" ")} `);
}

/**
 * Adds to each of the `RANKING.threadHead` best `scores` (aligned with `positions` in `index`)
 * `RANKING.threadStepWeight` × the best score of a head fact saved after it on its thread (at
 * most `RANKING.threadStepSpanDays` later, sharing a word outside `questionTerms` that 2 to
 * `RANKING.threadWordMaxFacts` facts hold). Scores only rise.
 */
export function liftEarlierSteps(index: SearchIndex, memo: LiftMemo, positions: readonly number[], scores: number[], questionTerms: ReadonlySet<string>): void {
  liftAlongThreads(index, memo, positions, scores, questionTerms, {
    weight: RANKING.threadStepWeight,
    partnersIn: (head) => head,
    follows: (fact, later) => {
      const gap = later.savedAt - fact.savedAt;
      return gap > 0 && gap <= RANKING.threadStepSpanDays * DAY_MS;
    },
  });
}
