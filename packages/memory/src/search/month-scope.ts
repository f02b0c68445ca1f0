// A month a question sets its matter in ("what got nicked from the van in March", "what did the
// memory doctor say in January", "the boiler trouble in early February"): the facts of that month
// are lifted over the same matter's facts of other months. Only a month said as a time span ("in",
// "during", "early", "mid", "late", "the end of", and a second month after "and"/"or") with no day
// or year beside it: "before June" asks for the state before a change (search/earlier-state.ts),
// "from October" for the value since, and a dated day or a month with its year ("on 19 November",
// "in March 2026") is a date of its own (search/date-terms.ts). The month's words leave the
// question's words (when others remain), as a dated day's do: as a word it outweighed the note of
// the month that answers (measured: the word kept beside the lift, dev sets +5; the lift in its
// place, +17 −4). A month alone carries no year; the lift holds in every year the memory covers.
// A fact of the month is read off the index alone, never its text (the prompt-recall hook reads a
// fact's file only when it must): saved in the month (its `created`), naming a day of it or the
// month (its month date terms), or writing the month's full name (its postings).
// Neighbours: rank.ts applies the lift before its cut; date-terms.ts keeps the month terms.

import { MONTH_NAMES, type CalendarDate } from "@foundry-mcp/text-analysis";
import { RANKING } from "./ranking-parameters";
import type { SearchIndex } from "./search-index";
import { savedDay, yearlessMonthTerms } from "./date-terms";
import { stemWord } from "./tokenize";

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
/** A month's number by its name or usual short form in lower case ("sept" too; "mar" is a word of its own). */
const MONTH_OF = new Map<string, number>([["sept", 9]]);
MONTH_NAMES.forEach((name, at) => {
  MONTH_OF.set(name, at + 1);
  if (name !== "march") MONTH_OF.set(name.slice(0, 3), at + 1);
});

/** The months a question is set in, and the words it writes them with. */
export interface MonthScope {
  readonly months: readonly number[];
  readonly words: readonly string[];
}

/**
 * The months `words` (a question's lower-case words, stop words kept) set the question in: a month
 * after a span word ("in March", "early May", "the end of March"), or after "and"/"or" following
 * one ("in Jan and Feb"), with no day or year after it and none of `askedDates` in it (a dated
 * month is the date terms' to ask for).
 */
export function monthsInScope(
  words: readonly string[],
  askedDates: readonly CalendarDate[] = [],
): MonthScope {
  const months: number[] = [];
  const written: string[] = [];
  let previousScoped = -2;
  for (let at = 0; at < words.length; at++) {
    const month = MONTH_OF.get(words[at] ?? "");
    if (month === undefined) continue;
    const before = words[at - 1] ?? "";
    const spanned =
      SPAN_WORDS.has(before) ||
      (before === "of" && SPAN_WORDS.has(words[at - 2] ?? "")) ||
      ((before === "and" || before === "or") && previousScoped === at - 2);
    const dated =
      /^\d{1,4}(?:st|nd|rd|th)?$/.test(words[at + 1] ?? "") ||
      askedDates.some((date) => date.month === month);
    if (!spanned || dated) continue;
    previousScoped = at;
    if (!months.includes(month)) months.push(month);
    written.push(words[at] ?? "");
  }
  return { months, words: written };
}

/** The positions of `index`'s facts naming a day of one of `months` or writing one's full name, in any year. */
function factsNamingMonths(index: SearchIndex, months: readonly number[]): Set<number> {
  const naming = new Set<number>();
  const indexed = (term: string) => index.postings.has(term);
  for (const month of months) {
    const terms = [
      ...yearlessMonthTerms(month, indexed),
      stemWord(MONTH_NAMES[month - 1] ?? ""),
      ...(month === 9 ? ["sept"] : []),
    ];
    for (const term of terms) {
      const positions = index.postings.get(term)?.positions ?? [];
      for (let at = 0; at < positions.length; at++) naming.add(positions[at] as number);
    }
  }
  return naming;
}

/**
 * Lifts ×RANKING.monthScopeFactor each of `scores` (aligned with `positions` in `index`) whose fact
 * was saved in one of `months` or names one (see the header). Before the ranker's cut, so the cut
 * still sees every score at its highest.
 */
export function liftMonthFacts(
  index: SearchIndex,
  positions: readonly number[],
  scores: number[],
  months: readonly number[],
): void {
  const naming = factsNamingMonths(index, months);
  for (let at = 0; at < positions.length; at++) {
    const position = positions[at] as number;
    const fact = index.facts[position];
    const saved = fact === undefined ? undefined : savedDay(fact)?.month;
    if ((saved !== undefined && months.includes(saved)) || naming.has(position))
      scores[at] = (scores[at] as number) * RANKING.monthScopeFactor;
  }
}
