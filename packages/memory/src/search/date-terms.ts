// A fact's dates as index terms, so a question naming a day or a month finds the facts of that
// day however either writes it — "what happened on 11 February 2025" finds "Tomasz rebuilt the
// staging cluster yesterday" said on 12 February 2025, though the two share no word. The terms
// (`~2025-02-11`, `~2025-02`) live in the body field's postings without adding to its length;
// no query word can be one (the analyser never yields `~`), so only a question's dates reach them.
// A date written without its year takes the year the fact was recorded in. The day a fact was
// saved is one of its days too (a note is about the day it was written: "Moved into Unit 4!"
// saved on 3 August answers "what happened on 3 August"), as a day term only: a month term
// would put every note of a month beside the ones naming it. A question's day without a year
// ("on 3 August") asks for that day in every year the memory holds a fact of it.
// Neighbours: search-index.ts adds them to a fact's terms; rank.ts asks for them.

import { datesIn, MONTH_NAMES, numericDatesIn, relativeDatesIn, type CalendarDate } from "@foundry-mcp/text-analysis";
import { tokenize } from "./tokenize";
import type { Fact } from "../types";

/** Changes whenever the date terms do: part of the analyser fingerprint saved indexes carry (3: "overnight" names the day before the saving day; 4: days in digits without a year, "19/11"). */
export const DATE_TERMS_FORMAT = "date-terms-4";

const pad = (value: number): string => String(value).padStart(2, "0");
const monthTerm = (year: number, month: number): string => `~${year}-${pad(month)}`;
const dayTerm = (year: number, month: number, day: number): string => `${monthTerm(year, month)}-${pad(day)}`;

/** True when an index term is a day's date term (`~2026-07-17`), not a month's (`~2026-07`) or a word. */
export function isDayTerm(term: string): boolean {
  return term.startsWith("~") && term.length === DAY_TERM_LENGTH;
}
const DAY_TERM_LENGTH = "~2026-07-17".length;

/** The calendar day (UTC) a fact was saved on, or undefined when its `created` is not a time. */
export function savedDay(fact: Fact): (CalendarDate & { year: number; day: number }) | undefined {
  const saved = new Date(fact.created);
  if (Number.isNaN(saved.getTime())) return undefined;
  return { year: saved.getUTCFullYear(), month: saved.getUTCMonth() + 1, day: saved.getUTCDate() };
}

/** The day term of the day a fact was saved on (`~2026-07-17`), or undefined when its `created` is not a time. */
export function savedDayTerm(fact: Fact): string | undefined {
  const saved = savedDay(fact);
  return saved === undefined ? undefined : dayTerm(saved.year, saved.month, saved.day);
}

/** The calendar dates a fact names, written ones and those said relative to its `created` day (a day in digits without a year, "19/11", read by it too). */
export function factDates(fact: Fact): CalendarDate[] {
  const text = `${fact.title}\n${fact.body}`;
  return [...datesIn(text), ...relativeDatesIn(text, fact.created), ...numericDatesIn(text, fact.created)];
}

/** Index terms of a fact's dates: `~2025-02-11` and `~2025-02` for a day, `~2025-02` for a month. */
export function dateTermsOfFact(fact: Fact, dates: readonly CalendarDate[] = factDates(fact)): string[] {
  const recordedYear = Number(fact.created.slice(0, 4));
  const terms = new Set<string>();
  const saved = savedDayTerm(fact);
  if (saved !== undefined) terms.add(saved);
  for (const date of dates) {
    const year = date.year ?? recordedYear;
    if (!Number.isInteger(year)) continue;
    terms.add(monthTerm(year, date.month));
    if (date.day !== undefined) terms.add(dayTerm(year, date.month, date.day));
  }
  return [...terms];
}

/**
 * The date terms a question asks for: each day or month it names with a year, and each day it
 * names without one in every year for which `indexed` (the index's vocabulary) holds that day.
 */
export function dateTermsOfQuestion(asked: readonly CalendarDate[], indexed: TermLookup = NO_TERMS): string[] {
  const terms = new Set<string>();
  for (const date of asked) {
    if (date.year !== undefined) terms.add(date.day === undefined ? monthTerm(date.year, date.month) : dayTerm(date.year, date.month, date.day));
    else for (const term of yearlessDayTerms(date, indexed)) terms.add(term);
  }
  return [...terms];
}

/** Whether the index holds a term (its postings' `has`). */
export type TermLookup = (term: string) => boolean;
const NO_TERMS: TermLookup = () => false;
// The years a day without one is looked up in: a memory's facts are saved, and name days, within them.
const FIRST_YEAR = 1970;
const LAST_YEAR = 2100;

/** The month terms of a month without a year ("in March") that `indexed` holds, one per year (the facts naming a day or the month of it). */
export function yearlessMonthTerms(month: number, indexed: TermLookup): string[] {
  return termsOfEveryYear((year) => monthTerm(year, month), indexed);
}

/** The day terms of a day written without a year ("3 August") that `indexed` holds, one per year; none for a month alone. */
function yearlessDayTerms(date: CalendarDate, indexed: TermLookup): string[] {
  const { month, day } = date;
  return day === undefined ? [] : termsOfEveryYear((year) => dayTerm(year, month, day), indexed);
}

/** `termOf(year)` for each year FIRST_YEAR–LAST_YEAR that `indexed` holds. */
function termsOfEveryYear(termOf: (year: number) => string, indexed: TermLookup): string[] {
  const terms: string[] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const term = termOf(year);
    if (indexed(term)) terms.push(term);
  }
  return terms;
}

/**
 * The stems of the words a question may write its dated days and months with (the year, the
 * month's name, short name and number, the day and its ordinal): those words are the date, which
 * the date terms already ask for, so they are not asked for again as words. As words they lifted
 * a fact writing another day of the same month or year ("Mobile 4.0 shipped on 18 June 2025" for
 * "what went wrong on 18 February 2025") over the one said "two days ago" on the 20th.
 */
export function dateWordsOfQuestion(asked: readonly CalendarDate[], indexed: TermLookup = NO_TERMS): ReadonlySet<string> {
  const words: string[] = [];
  for (const date of asked) {
    if (date.year === undefined && yearlessDayTerms(date, indexed).length === 0) continue; // no date term asks for it: its words stay words
    const month = MONTH_NAMES[date.month - 1] ?? "";
    if (date.year !== undefined) words.push(String(date.year));
    words.push(month, month.slice(0, 3), String(date.month), pad(date.month));
    if (date.day !== undefined) words.push(String(date.day), pad(date.day), ...["st", "nd", "rd", "th"].map((suffix) => `${date.day}${suffix}`));
  }
  return new Set(tokenize(words.join(" ")));
}
