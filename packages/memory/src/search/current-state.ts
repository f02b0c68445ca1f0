// Questions about the current state ("where does Hannah live now", "what editor does Ines use
// these days"): a memory kept from chat restates a detail with a new value, usually without
// linking the newer fact to the older, so both stay active. For such a question the newer of
// the facts in the running is lifted, by how recent it is among them.
// The question's "now" or "these days" says when it asks, not what: a fact tells its present
// value with "now", "these days", "no longer", "not … any more" or none of them, so the
// marker's words are not query words (a literal "now" let other people's changes win), and a
// fact telling a value as it stands is lifted instead.
// Neighbour: search/rank.ts drops the marker's words and applies the lifts to the facts left
// after its first cut.

import type { Fact } from "../types";
import { RANKING } from "./ranking-parameters";
import { tokenize } from "./tokenize";

// Words and phrases that ask for the state now, not for its history.
const NOW_WORDS = new Set(["now", "currently", "current", "nowadays", "latest", "still", "anymore"]);
const NOW_PHRASES = [["these", "days"], ["at", "the", "moment"], ["any", "more"], ["right", "now"]];

/** The question's (lower-case) words that ask for the state now ("now", "these days"): empty when it does not ask for the current state. */
export function currentStateMarkers(words: readonly string[]): string[] {
  const markers = words.filter((word) => NOW_WORDS.has(word));
  for (const phrase of NOW_PHRASES)
    if (words.some((_, at) => phrase.every((word, step) => words[at + step] === word))) markers.push(...phrase);
  return markers;
}

/**
 * The terms of the question's `markers` that leave the query: those its other words do not ask
 * for too ("which days is Hiroshi in these days" keeps "days", asked before the marker).
 */
export function markerTermsToDrop(words: readonly string[], markers: readonly string[]): Set<string> {
  const markerTerms = new Set(tokenize(markers.join(" ")));
  if (!RANKING.markerWordsAskedKept) return markerTerms;
  const left = [...words];
  for (const marker of markers) {
    const at = left.lastIndexOf(marker);
    if (at >= 0) left.splice(at, 1);
  }
  for (const term of tokenize(left.join(" "))) markerTerms.delete(term);
  return markerTerms;
}

/**
 * The terms of the clause after "now that" ("who is our designer now that Bea has left" → bea,
 * left): the event the question reckons the present from, told by the older facts, not what it
 * asks; empty without one.
 */
export function nowThatTerms(words: readonly string[]): string[] {
  const at = words.findIndex((word, position) => word === "now" && words[position + 1] === "that");
  return at < 0 ? [] : tokenize(words.slice(at + 2).join(" "));
}

/** Multiplies each score by up to RANKING.currentStateFactor, by its fact's recency among `facts` (its created time between the oldest and the newest). */
export function liftRecent(facts: readonly Fact[], scores: number[]): void {
  const times = facts.map((fact) => Date.parse(fact.created));
  const known = times.filter((time) => Number.isFinite(time));
  if (known.length < 2) return;
  const oldest = Math.min(...known);
  const span = Math.max(...known) - oldest;
  if (span <= 0) return;
  for (let at = 0; at < scores.length; at++) {
    const time = times[at] as number;
    if (Number.isFinite(time)) scores[at] = (scores[at] as number) * (1 + (RANKING.currentStateFactor - 1) * ((time - oldest) / span));
  }
}

// A fact telling a detail's value as it stands says "now", "these days", … (a fact telling a
// replaced value — "no longer A", "changed from A to B" — does too: search/rank.ts reads those
// through search/replaced-values.ts, one parser for both).
const STATES_PRESENT = /\b(now|currently|nowadays|these days|at the moment)\b/i;

/** True when the fact's title or body holds a marker of the present ("now", "these days"). */
export function statesPresent(fact: Fact): boolean {
  return STATES_PRESENT.test(fact.title) || STATES_PRESENT.test(fact.body);
}
