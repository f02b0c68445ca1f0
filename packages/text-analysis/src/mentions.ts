// Recognisers for what a "when" or "who" question wants to find in a text: a date (an ISO or
// numeric date, a day and month, a month and year, a weekday, a year) and a person's name (two
// capitalised words in a row, "Lena Fischer", "Liam O'Brien"). Plain patterns, no lists of
// names: they serve any language written in Latin letters with English month names, and a
// false hit (a brand of two capitalised words) only lifts a fact that also matches the question.

import { MONTH_NAMES, WEEKDAY_NAMES } from "./month-names";
import { isPastForm } from "./stem";

// A month's name or its first three letters, and "sept" (Sept. 14).
const MONTH = [...MONTH_NAMES.map((name) => (name.length > 3 ? `${name.slice(0, 3)}(?:${name.slice(3)})?` : name)), "sept"].join("|");
// A month's full name alone ("in September") counts; "may" and "march" alone are verbs too often.
const MONTH_ALONE = MONTH_NAMES.filter((name) => name !== "may" && name !== "march").join("|");
const WEEKDAY = WEEKDAY_NAMES.join("|");
const DATE = new RegExp(
  [
    String.raw`\b\d{4}-\d{1,2}-\d{1,2}\b`, // 2026-03-14
    String.raw`\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b`, // 14.03.2026, 3/14/26
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:${MONTH})\b`, // 14 March, 1st of May
    String.raw`\b(?:${MONTH})\.?\s+\d{1,4}(?:st|nd|rd|th)?\b`, // March 14, May 2026
    String.raw`\b(?:${MONTH_ALONE}|${WEEKDAY})\b`,
    String.raw`\b(?:19|20)\d{2}\b`, // a year
    String.raw`\bthe\s+\d{1,2}(?:st|nd|rd|th)\b`, // the 10th
  ].join("|"),
  "i",
);

// One capitalised word of a name: "Lena", "O'Brien", "Jean-Luc".
const NAME_WORD = String.raw`(?:\p{Lu}['’])?\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?`;
const PERSON_NAME = new RegExp(String.raw`(?<![\p{L}\p{N}])${NAME_WORD}\s+${NAME_WORD}(?![\p{L}\p{N}])`, "u");

/** True when the text holds a date: "2026-03-14", "14 March 2026", "May 2026", "on Monday", "in 2025". */
export function mentionsDate(text: string): boolean {
  return DATE.test(text);
}

// One capitalised word and a verb in the past after it ("said" is not among stem.ts's irregular
// forms, whose stems it would change): "Greta repeated", "Hannah said", as a chat
// names someone it has named in full before. A place or a thing seldom acts ("in Lisbon for").
const NAME_ACTING = new RegExp(String.raw`(?<![\p{L}\p{N}])(${NAME_WORD})\s+(\p{Ll}+)(?![\p{L}\p{N}])`, "gu");
const NOT_A_NAME = new RegExp(String.raw`^(?:${MONTH_ALONE}|${WEEKDAY}|the|this|that|it|we|they|he|she|everyone|someone|nobody|after|before|then|on|in|at|yesterday|today)$`, "i");

/**
 * True when the text holds what reads as a person's name: two capitalised words in a row
 * ("Lena Fischer"), or one that a verb in the past follows ("Greta repeated", "Hannah said").
 */
export function mentionsPersonName(text: string): boolean {
  if (PERSON_NAME.test(text)) return true;
  for (const [, name, next = ""] of text.matchAll(NAME_ACTING)) if (!NOT_A_NAME.test(name ?? "") && (isPastForm(next) || next === "said")) return true;
  return false;
}

/** A calendar date read from a text: the day or the year may be unknown ("8 May", "March 2026"). */
export interface CalendarDate {
  readonly year?: number;
  readonly month: number;
  readonly day?: number;
}

const MONTH_NUMBER = new Map(MONTH_NAMES.map((name, at) => [name.slice(0, 3), at + 1]));
const monthOf = (name: string): number | undefined => MONTH_NUMBER.get(name.slice(0, 3).toLowerCase());
const YEAR = String.raw`(?:19|20)\d{2}`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
// Each pattern with the groups it fills, in the order tried; a span read once is not read again.
const DATE_FORMS: ReadonlyArray<{ pattern: RegExp; read: (match: RegExpMatchArray) => CalendarDate[] }> = [
  { pattern: new RegExp(String.raw`\b(${YEAR})-(\d{1,2})-(\d{1,2})\b`, "g"), read: (m) => [{ year: +m[1]!, month: +m[2]!, day: +m[3]! }] },
  // 14.03.2026 is day first; 3/14/26 and 14/3/26 read whichever way is a date (both when both are).
  { pattern: /\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g, read: (m) => [{ year: +m[3]!, month: +m[2]!, day: +m[1]! }] },
  {
    pattern: /\b(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\b/g,
    read: (m) => {
      const year = m[3]!.length === 2 ? 2000 + +m[3]! : +m[3]!;
      return [{ year, month: +m[2]!, day: +m[1]! }, { year, month: +m[1]!, day: +m[2]! }];
    },
  },
  { pattern: new RegExp(String.raw`\b${DAY}\s+(?:of\s+)?(${MONTH})\.?(?:,?\s+(${YEAR}))?\b`, "gi"), read: (m) => [{ month: monthOf(m[2]!)!, day: +m[1]!, ...(m[3] ? { year: +m[3] } : {}) }] },
  { pattern: new RegExp(String.raw`\b(${MONTH})\.?\s+${DAY}(?:,?\s+(${YEAR}))?\b`, "gi"), read: (m) => [{ month: monthOf(m[1]!)!, day: +m[2]!, ...(m[3] ? { year: +m[3] } : {}) }] },
  { pattern: new RegExp(String.raw`\b(${MONTH})\.?\s+(?:of\s+)?(${YEAR})\b`, "gi"), read: (m) => [{ month: monthOf(m[1]!)!, year: +m[2]! }] },
];

/**
 * The calendar dates a text names, however written: "2026-03-14", "14.03.2026", "3/14/26",
 * "14 March 2026", "March 14", "the 9th of July", "May 2026" (English month names). A weekday
 * or a year alone is not a date here. Impossible dates (month 13, day 32) are left out.
 */
export function datesIn(text: string): CalendarDate[] {
  // Every form has a digit: most questions have none and cost one test.
  if (!/\d/.test(text)) return [];
  const found: CalendarDate[] = [];
  const taken: Array<[number, number]> = [];
  for (const { pattern, read } of DATE_FORMS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      const valid = read(match).filter((date) => date.month >= 1 && date.month <= 12 && (date.day === undefined || (date.day >= 1 && date.day <= 31)));
      if (valid.length === 0) continue;
      taken.push([start, end]);
      found.push(...valid);
    }
  }
  return found;
}

/** True when two dates can be the same day: month equal, and day and year equal where both are known. */
export function sameDate(one: CalendarDate, other: CalendarDate): boolean {
  return (
    one.month === other.month &&
    (one.day === undefined || other.day === undefined || one.day === other.day) &&
    (one.year === undefined || other.year === undefined || one.year === other.year)
  );
}
