// "Which venue did we pick", "what did we settle on": a question about a choice is answered by
// the fact that records the choice ("we went with the barn", "settled on Luna", a decision),
// not by the facts that only suggested, compared or argued for the options, though those name
// the options and the question's own words ("venue", "offsite") more often. The fact's record
// of a choice is read from its words (a past choice verb) or its type; search/lift-memo.ts keeps
// the answer per fact.
// Neighbour: search/rank.ts applies the lift.

import type { Fact } from "../types";

// Words of a question about a choice made; "go with", "end up", "in the end" as phrases. Not
// "won": a game or a prize is won far more often than a poll.
const CHOICE_WORDS = new Set(
  "pick picked choose chose chosen choice decide decided decision settle settled opt opted select selected vote voted agree agreed".split(" "),
);
// A question about an arrangement ("what are we getting Lucy", "where is the retreat going to
// be") asks for the option picked as well: holdout 9 (a dev set since the search-memory17 round)
// +2 with "are we" and "is doing", "going to" and "will we" moved nothing, no dev question lost.
const CHOICE_PHRASES = [["go", "with"], ["went", "with"], ["end", "up"], ["ended", "up"], ["in", "the", "end"], ["are", "we"], ["will", "we"], ["going", "to"]];

// A contracted is or are as the analyser splits it ("who's" → who, s; "where're" → where, re).
const UNCONTRACTED = new Map([["s", "is"], ["re", "are"]]);

/**
 * True for an arrangement asked in the present progressive ("who is doing the kitchen", "who is
 * producing the album", "who are catering"): English tells an agreed plan that way, whatever the
 * verb, so the fact recording the pick answers it rather than the facts suggesting options. In
 * place of the earlier "is doing" and "are doing": holdout 9 +1 and holdout 10 +2 more, no dev
 * question lost. "going" is left to "going to"; "is nothing", "is something" are no verbs, and an
 * -ing word followed by a noun is a modifier ("are shipping addresses": the earlier holdout lost
 * one answer from its first five until the word after it had to open an object).
 */
function asksArrangement(words: readonly string[]): boolean {
  return words.some((word, at) => at > 0 && (words[at - 1] === "is" || words[at - 1] === "are") && word !== "going" && /^\p{L}{2,}ing$/u.test(word) && !word.endsWith("thing") && opensObject(words[at + 1]));
}

// What may follow a verb in -ing: its object's determiner or pronoun, a preposition, or nothing.
// A noun right after it makes the -ing word a modifier ("how are shipping addresses checked").
const OBJECT_OPENERS = new Set("the a an our my your his her their its this that these those it us them me him for to at on in with up out".split(" "));

function opensObject(next: string | undefined): boolean {
  return next === undefined || OBJECT_OPENERS.has(next);
}

/** True when the question (its lower-case words) asks which option was chosen. */
export function asksForChoice(written: readonly string[]): boolean {
  const words = written.map((word) => UNCONTRACTED.get(word) ?? word);
  if (words.some((word) => CHOICE_WORDS.has(word))) return true;
  if (asksArrangement(words)) return true;
  return CHOICE_PHRASES.some((phrase) => words.some((_, at) => phrase.every((word, step) => words[at + step] === word)));
}

// A choice told as done: a verb of choosing in the past, or a phrase that closes the matter.
const RECORDS_CHOICE = /\b(picked|chose|chosen|decided|settled on|opted for|selected|voted for|agreed|went with|going with|final call|in the end|booked)\b/gi;

/** True when the fact records a choice: a decision, or words telling that an option was chosen. */
export function recordsChoice(fact: Fact): boolean {
  return fact.type === "decision" || toldChoice(fact.title) || toldChoice(fact.body);
}

// A negation in the three words before a choice verb: "did not pick", "nobody agreed", "never settled on".
const NEGATED = /\b(?:not|never|no|nobody|nothing)\b|n['’]t\b/i;

/**
 * True when the text tells a choice made: a choice verb not negated ("did not pick", "never
 * decided") and not closed by "nothing" ("argued about the fair and agreed on nothing", which a
 * chat says of a discussion that picked nothing). "Agreed on no deploys on Fridays" is a choice.
 */
function toldChoice(text: string): boolean {
  for (const match of text.matchAll(RECORDS_CHOICE)) {
    const before = text.slice(Math.max(0, match.index - 20), match.index).split(/\s+/).slice(-3).join(" ");
    const after = text.slice(match.index + match[0].length).trim().split(/\s+/).slice(0, 2).join(" ");
    if (NEGATED.test(before) || /^(?:on\s+)?(?:nothing|anything)\b/i.test(after)) continue;
    return true;
  }
  return false;
}
