// Questions about the current state ("where does Hannah live now", "what editor does Ines use
// these days"): a memory kept from chat restates a detail with a new value, usually without
// linking the newer fact to the older, so both stay active. For such a question the newer of
// the facts in the running is lifted, by how recent it is among them.
// Neighbour: search/rank.ts applies the lift to the facts left after its first cut.

import type { Fact } from "../types";

/** Score factor of the newest fact in the running for a current-state question (older ones less, the oldest none). */
export const CURRENT_STATE_FACTOR = 1.5;

// Words and phrases that ask for the state now, not for its history.
const NOW_WORDS = new Set(["now", "currently", "current", "nowadays", "latest", "still", "anymore"]);
const NOW_PHRASES = [["these", "days"], ["at", "the", "moment"], ["any", "more"], ["right", "now"]];

/** True when the question (its lower-case words) asks for the current state. */
export function asksCurrentState(words: readonly string[]): boolean {
  if (words.some((word) => NOW_WORDS.has(word))) return true;
  return NOW_PHRASES.some((phrase) => words.some((_, at) => phrase.every((word, step) => words[at + step] === word)));
}

/** Multiplies each score by up to CURRENT_STATE_FACTOR, by its fact's recency among `facts` (its created time between the oldest and the newest). */
export function liftRecent(facts: readonly Fact[], scores: number[]): void {
  const times = facts.map((fact) => Date.parse(fact.created));
  const known = times.filter((time) => Number.isFinite(time));
  if (known.length < 2) return;
  const oldest = Math.min(...known);
  const span = Math.max(...known) - oldest;
  if (span <= 0) return;
  for (let at = 0; at < scores.length; at++) {
    const time = times[at] as number;
    if (Number.isFinite(time)) scores[at] = (scores[at] as number) * (1 + (CURRENT_STATE_FACTOR - 1) * ((time - oldest) / span));
  }
}
