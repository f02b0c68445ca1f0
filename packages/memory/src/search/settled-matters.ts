// The step of a thread a choice question asks for, read from the fact's own words. A matter is
// raised as a view or a proposal ("Lior's view on Tailwind: wants to move the web app", "Sol
// wants the hexagon cartogram as the main graphic") and later settled, often in words
// search/choice.ts does not read as a pick ("Tailwind question settled by Tomasz: staying on
// SCSS", "OCR for image declarations next time? Margit: no, too risky, keep keying"). For a
// question asking how the matter ended ("did we end up moving to Tailwind", "what did we settle
// on"), a fact settling it is lifted like one recording a choice, and a fact only telling
// someone's view or proposal falls a little. The phrase that asks for the outcome ("end up",
// "in the end") frames the question: its words leave the query, since "end" met "by end of
// September" in an unrelated decision.
// Neighbours: search/choice.ts tells a choice question and a recorded choice; search/rank.ts
// applies both factors.

import type { Fact } from "../types";

// A matter closed without a choice verb: settled, staying or sticking with what is, after all. Not
// "keep doing": "prices keep going up" goes on, it settles nothing.
const SETTLED = /\b(?:settled|staying on|staying with|stays on|stays with|sticking with|sticks with|after all|no change|as it is|as is)\b/iu;
// A question in the note answered in it: "next time? Margit: no, too risky".
const ANSWERED = /\?\s*(?:\p{Lu}[\p{L}-]*:\s*)?(?:no|yes|nope|yep|not yet)\b/iu;

// A view or proposal: wanting, thinking, suggesting, preferring. Not "said" or "asked", which
// report anything ("Greta said she got a tattoo").
const PROPOSES = /\b(?:wants?|wanted|thinks?|suggest(?:s|ed)|propos(?:es|ed)|prefers?|preferred|reckons?|argues|argued|is against|is keen|would like|view on|idea)\b/iu;

// search/lift-memo.ts remembers both readings per fact for rank.ts (a choice question over 10,000
// facts asks for hundreds).

/** True when the fact settles a matter in words other than a choice verb: settled, staying on, after all, a question answered. */
export function settlesMatter(fact: Fact): boolean {
  return [fact.title, fact.body].some((text) => SETTLED.test(text) || ANSWERED.test(text));
}

/** True when the fact's title or body tells a view or proposal (wants, thinks, suggested, …). */
export function tellsProposal(fact: Fact): boolean {
  return PROPOSES.test(fact.title) || PROPOSES.test(fact.body);
}

/**
 * True when the fact tells a view or proposal and settles nothing (`recordsChoice`: search/choice.ts's
 * reading; `settles` and `proposes` default to this file's readings, rank.ts passes its remembered ones).
 */
export function onlyProposes(fact: Fact, recordsChoice: boolean, settles = settlesMatter(fact), proposes = tellsProposal(fact)): boolean {
  return !recordsChoice && fact.type !== "decision" && !settles && proposes;
}

// The phrases asking how a matter ended, as their lower-case words.
const OUTCOME_PHRASES = [["end", "up"], ["ended", "up"], ["ends", "up"], ["in", "the", "end"]];

/** The words of the phrases in the question (its lower-case words) asking how a matter ended: "end", "up", "in", "the". */
export function outcomePhraseWords(words: readonly string[]): string[] {
  const found: string[] = [];
  for (const phrase of OUTCOME_PHRASES) {
    if (words.some((_, at) => phrase.every((word, step) => words[at + step] === word))) found.push(...phrase);
  }
  return found;
}
