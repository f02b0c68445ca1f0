// "When" and "who" questions: a fact answers one when a sentence of it holds a date (or a
// person's name) together with one of the question's own words — "when did Rahul start" is
// answered by "Rahul Mehta joined … on 5 January 2026", not by a fact that only shares the
// topic. The sentences holding a date or a name, and their terms, are worked out once per fact.
// Neighbours: search/question-form.ts reads the question's form; search/rank.ts applies the lift.

import { mentionsDate, mentionsPersonName, mentionsRelativeDate, sameDate, type CalendarDate } from "@foundry-mcp/text-analysis";
import { factDates, savedDay } from "./date-terms";
import type { Fact } from "../types";
import type { QuestionForm } from "./question-form";
import { tokenize } from "./tokenize";

export interface AnswerSentences {
  /** Terms of each sentence that holds a date. */
  dated: ReadonlySet<string>[];
  /** Terms of each sentence that names a person. */
  named: ReadonlySet<string>[];
  /** The calendar dates the fact names, however written, and those said relative to its created day. */
  dates: readonly CalendarDate[];
}

const sentencesOf = new WeakMap<Fact, AnswerSentences>();

/** A fact body's sentences: a sentence ends at . ! ? ; or a line break. */
export function bodySentences(body: string): string[] {
  return body.split(/(?<=[.!?;])\s+|\n+/);
}

/** The fact's sentences (its title, then its body's) holding a date or a name, and its dates, worked out once per fact. */
export function answerSentences(fact: Fact): AnswerSentences {
  let found = sentencesOf.get(fact);
  if (found === undefined) {
    found = { dated: [], named: [], dates: factDates(fact) };
    for (const sentence of [fact.title, ...bodySentences(fact.body)]) {
      // "yesterday", "two weeks ago", "last March" date a sentence as much as "14 March 2026".
      const dated = mentionsDate(sentence) || mentionsRelativeDate(sentence);
      const named = mentionsPersonName(sentence);
      if (!dated && !named) continue;
      const terms = new Set(tokenize(sentence, true));
      if (dated) found.dated.push(terms);
      if (named) found.named.push(terms);
    }
    sentencesOf.set(fact, found);
  }
  return found;
}

// Each test below takes the fact's sentences when the caller holds them already (rank.ts reads
// them from its per-position memo, search/lift-memo.ts).

/**
 * True when the fact names one of `asked` (the question's dates), or was saved on a day the
 * question names: a note is about the day it was written, and "Nneka did her first Saturday
 * surgery alone" saved on 11 April answers "who did Saturday surgery alone on 11 April" though
 * only the plan announcing it writes the date. A month asked alone is not met by the saving day
 * (no dev question moved, and every note of the month would share it).
 */
export function namesDate(fact: Fact, asked: readonly CalendarDate[], sentences = answerSentences(fact)): boolean {
  const { dates } = sentences;
  if (dates.some((date) => asked.some((other) => sameDate(date, other)))) return true;
  const saved = savedDay(fact);
  return saved !== undefined && asked.some((other) => other.day !== undefined && sameDate(saved, other));
}

/** True when the form asks for a time (a person) and some sentence of the fact holds a date (a name). */
export function holdsAnswerKind(fact: Fact, form: QuestionForm, sentences = answerSentences(fact)): boolean {
  if (form !== "time" && form !== "person") return false;
  const { dated, named } = sentences;
  return (form === "time" ? dated : named).length > 0;
}

/**
 * True when the form asks for a time (a person) and one sentence of the fact holds a date
 * (a person's name) and one of `questionTerms` (the question's stems).
 */
export function answersInSentence(fact: Fact, form: QuestionForm, questionTerms: ReadonlySet<string>, sentences = answerSentences(fact)): boolean {
  if (form !== "time" && form !== "person") return false;
  const { dated, named } = sentences;
  for (const terms of form === "time" ? dated : named) for (const term of questionTerms) if (terms.has(term)) return true;
  return false;
}
