// A fact's subject: the word its title opens with ("Petra Svoboda leaving", "Diego Alvarez on
// the data portal", "Mira went to a pottery class", "Fatima: new dog"), or the one name it
// closes with after a colon ("The annual general meeting: Wen"). A question naming that word asks about
// what the fact is about, not about a fact that only mentions it further on ("Week of 3 May:
// Petra on the buoy pipeline", "The ministry called Diego about the portal").
// For a "who" question, whose answer is a person, a fact opening with a full name tells what that
// person did (opensWithPersonName).
// Neighbours: search/rank.ts applies the lifts.

import type { Fact } from "../types";
import { tokenize } from "./tokenize";

const subjectOf = new WeakMap<Fact, string>();

/**
 * A name as the title's opening: a capitalised word (not all capitals) that the body writes
 * capitalised too ("Kafka upgrade": "Kafka went to 3.5"), or followed by a second capitalised
 * word ("Petra Svoboda leaving"). "Crash reporter down" ("the crash reporter was …") opens
 * with a topic, not a name. A colon or dash may follow the name: notes kept from chat title a
 * person's detail "Fatima: new dog" as often as "Fatima's new dog", and a topic's note by the
 * person it is about "The staff award: Gideon", a single name after the colon closing the title.
 */
function openingName(fact: Fact): string | undefined {
  const [, trailing] = /:\s*(\p{Lu}\p{Ll}+)\s*$/u.exec(fact.title) ?? [];
  if (trailing !== undefined && bodyNames(fact, trailing)) return trailing;
  const [, word, next] = /^\s*(\p{Lu}\p{Ll}+)(?:['’]s)?[:,–—-]?\s+(\S+)?/u.exec(fact.title) ?? [];
  if (word === undefined) return undefined;
  if (next !== undefined && /^\p{Lu}\p{Ll}/u.test(next)) return word;
  return bodyNames(fact, word) ? word : undefined;
}

/** True when the fact's body writes `word` capitalised, as a word of its own. */
function bodyNames(fact: Fact, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, "u").test(fact.body);
}

/** The stem of the person's name the title opens with ("" when it opens otherwise). */
export function subjectStem(fact: Fact): string {
  let found = subjectOf.get(fact);
  if (found === undefined) {
    const name = openingName(fact);
    found = name === undefined ? "" : (tokenize(name)[0] ?? "");
    subjectOf.set(fact, found);
  }
  return found;
}

/** True when a title's subject stem ({@link subjectStem}) is one of `questionTerms` (the question's stems). */
export function subjectIn(stem: string, questionTerms: ReadonlySet<string>): boolean {
  return stem !== "" && questionTerms.has(stem);
}

/** True when the fact's title opens with one of `questionTerms` (the question's stems). */
export function opensWithQuestionWord(fact: Fact, questionTerms: ReadonlySet<string>): boolean {
  return subjectIn(subjectStem(fact), questionTerms);
}

// Two capitalised words and then a lower-case one: "Leah Goldberg said", "Maya Chen's phone is".
const FULL_NAME_OPENING = /^\s*(?:\p{Lu}['’])?\p{Lu}\p{Ll}+\s+(?:\p{Lu}['’])?\p{Lu}\p{Ll}+(?:['’]s)?\s+\p{Ll}/u;

/**
 * True when the fact's title or body opens with a person's full name (the person who acted).
 * Ranking reads it through search/lift-memo.ts, which keeps the answer.
 */
export function opensWithPersonName(fact: Fact): boolean {
  return FULL_NAME_OPENING.test(fact.title) || FULL_NAME_OPENING.test(fact.body);
}
