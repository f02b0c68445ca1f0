// A month a question sets its matter in ("what got nicked from the van in March", "what did the
// memory doctor say in January", "the boiler trouble in early February"): the facts of that month —
// saved in it, or naming a day or the month itself — are lifted over the same matter's facts of other
// months. Only a month said as a time span ("in", "during", "early", "mid", "late", "over"), with no
// day: "before June" asks for the state before a change (search/earlier-state.ts), "from October"
// for the value since, and a day ("on 19 November") is a date of its own (search/date-terms.ts).
// The month's name leaves the question's words (when others remain), as a dated day's do: a note
// saying "March" is one of March's facts and lifted as such, and as a word too it outweighed the
// note of the month that answers (measured: the word kept beside the lift, dev sets +5; the lift in
// its place, +17 −4). A month alone carries no year; the lift holds in every year the memory covers.
// Neighbours: rank.ts applies the lift; answer-sentences.ts reads a fact's dates.

import { MONTH_NAMES, monthsNamedIn, type CalendarDate } from "@foundry-mcp/text-analysis";
import type { Fact } from "../types";
import { savedDay } from "./date-terms";

const SPAN_WORDS = new Set([
  "in",
  "during",
  "over",
  "throughout",
  "early",
  "mid",
  "late",
  "end",
  "start",
  "beginning",
  "middle",
]);
const MONTH_OF = new Map<string, number>();
MONTH_NAMES.forEach((name, at) => {
  MONTH_OF.set(name, at + 1);
  MONTH_OF.set(name.slice(0, 3), at + 1);
});
MONTH_OF.set("sept", 9);
// "mar" is a word of its own ("mar the finish"); "may" is read only after a span word, as every month is.
MONTH_OF.delete("mar");

/**
 * The months `words` (a question's lower-case words, stop words kept) set the question in: a month
 * after a span word ("in March", "early May", "the end of March"), with no day number
 * beside it.
 */
export function monthsInScope(words: readonly string[]): number[] {
  const months: number[] = [];
  for (let at = 0; at < words.length; at++) {
    const month = MONTH_OF.get(words[at] ?? "");
    if (month === undefined) continue;
    const before = words[at - 1] ?? "";
    const twoBefore = words[at - 2] ?? "";
    const spanned = SPAN_WORDS.has(before) || (before === "of" && SPAN_WORDS.has(twoBefore));
    const dayBeside = /^\d/.test(words[at + 1] ?? "") || /^\d/.test(before);
    if (spanned && !dayBeside && !months.includes(month)) months.push(month);
  }
  return months;
}

/** True when `fact` was saved in one of `months` (any year), names a date in one of them (`dates`: its dates, however written) or names one. */
export function inMonths(
  fact: Fact,
  dates: readonly CalendarDate[],
  months: readonly number[],
): boolean {
  const saved = savedDay(fact);
  if (saved !== undefined && months.includes(saved.month)) return true;
  if (dates.some((date) => months.includes(date.month))) return true;
  return monthsNamedIn(`${fact.title} ${fact.body}`).some((month) => months.includes(month));
}
