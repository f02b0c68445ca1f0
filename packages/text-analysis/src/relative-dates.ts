// Times said relative to when they were said: "yesterday", "two weeks ago", "last March", "next
// Friday", "on Monday", "this morning". A conversational fact is recorded the day it was said, so
// its own date anchors them: "Tomasz rebuilt the staging cluster yesterday", recorded on
// 12 February 2025, names 11 February 2025 — for a "when" question and for a question naming that
// day. English words only; a week or weekend said so is its days, a month said so is the month.

import type { CalendarDate } from "./mentions";
import { MONTH_NAMES, WEEKDAY_NAMES } from "./month-names";
import { NUMBER_WORDS } from "./number-words";

const DAY_MS = 86_400_000;
const NUMBERS = new Map([["a", 1], ...NUMBER_WORDS.map((word, at): [string, number] => [word, at + 1])]);
const COUNT = String.raw`(\d{1,2}|a|${NUMBER_WORDS.join("|")})`;
const UNIT = String.raw`(day|week|month|year)s?`;
const WEEKDAY = WEEKDAY_NAMES.join("|");
// "March" and "May" after last/next/this are months, not verbs.
const MONTH = MONTH_NAMES.join("|");

const RELATIVE_SOURCE = 
  [
    String.raw`\b(yesterday|today|tomorrow|tonight|last night|overnight|this (?:morning|afternoon|evening))\b`,
    String.raw`\b${COUNT}\s+${UNIT}\s+(ago|later|from now)\b`,
    String.raw`\b(in)\s+${COUNT}\s+${UNIT}\b`,
    String.raw`\b(last|next|this)\s+(week|weekend|month|year|${WEEKDAY}|${MONTH})\b`,
    String.raw`\b(on)\s+(${WEEKDAY})\b`,
  ].join("|");
// Two objects: a global pattern's lastIndex, left by one test, would make the next matchAll start late.
const RELATIVE = new RegExp(RELATIVE_SOURCE, "i");
const RELATIVE_ALL = new RegExp(RELATIVE_SOURCE, "gi");

/** True when the text says a time relative to when it was said ("yesterday", "two weeks ago", "last March"). */
export function mentionsRelativeDate(text: string): boolean {
  return RELATIVE.test(text);
}

const dayOf = (time: number, precision: "day" | "month" = "day"): CalendarDate => {
  const date = new Date(time);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, ...(precision === "day" ? { day: date.getUTCDate() } : {}) };
};
const count = (word: string): number => NUMBERS.get(word.toLowerCase()) ?? Number(word);

/** The day (week) or month `steps` units from `anchor` (negative: before). */
function shifted(anchor: number, steps: number, unit: string): CalendarDate {
  const date = new Date(anchor);
  if (unit === "day" || unit === "week") return dayOf(anchor + steps * (unit === "week" ? 7 : 1) * DAY_MS);
  return dayOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + steps, 1), "month");
}

/** The weekday `name` before (direction -1) or after (+1) the anchor day, never the day itself. */
function nearestWeekday(anchor: number, name: string, direction: -1 | 1): number {
  const wanted = WEEKDAY_NAMES.indexOf(name);
  let time = anchor + direction * DAY_MS;
  while (new Date(time).getUTCDay() !== wanted) time += direction * DAY_MS;
  return time;
}

function read(match: RegExpMatchArray, anchor: number): CalendarDate[] {
  const [, single, countAgo, unitAgo, direction, , countIn, unitIn, which, what, , weekdayOn] = match.map((part) => part?.toLowerCase());
  if (single !== undefined) {
    const offset = single === "yesterday" || single === "last night" || single === "overnight" ? -1 : single === "tomorrow" ? 1 : 0;
    return [dayOf(anchor + offset * DAY_MS)];
  }
  // A year said so has no month: it names no calendar date (relativeYearsIn reads it).
  if (countAgo !== undefined && unitAgo !== undefined) return unitAgo === "year" ? [] : [shifted(anchor, (direction === "ago" ? -1 : 1) * count(countAgo), unitAgo)];
  if (countIn !== undefined && unitIn !== undefined) return unitIn === "year" ? [] : [shifted(anchor, count(countIn), unitIn)];
  if (weekdayOn !== undefined) return [dayOf(nearestWeekday(anchor, weekdayOn, -1))];
  if (which === undefined || what === undefined) return [];
  const step = which === "last" ? -1 : which === "next" ? 1 : 0;
  if (what === "week") {
    // The seven days, Monday to Sunday, of the week before, of or after the anchor's.
    const monday = anchor - ((new Date(anchor).getUTCDay() + 6) % 7) * DAY_MS + step * 7 * DAY_MS;
    return Array.from({ length: 7 }, (_, day) => dayOf(monday + day * DAY_MS));
  }
  if (what === "month") return [shifted(anchor, step, what)];
  if (what === "year") return [];
  if (what === "weekend") {
    const saturday = step <= 0 ? nearestWeekday(anchor + DAY_MS, "saturday", -1) : nearestWeekday(anchor, "saturday", 1);
    return [dayOf(saturday), dayOf(saturday + DAY_MS)];
  }
  if (WEEKDAY_NAMES.includes(what)) return [dayOf(step < 0 ? nearestWeekday(anchor, what, -1) : nearestWeekday(anchor, what, 1))];
  // A month: the last one before the anchor's month, the next one after it, or this year's.
  const year = new Date(anchor).getUTCFullYear();
  const month = MONTH_NAMES.indexOf(what) + 1;
  const current = new Date(anchor).getUTCMonth() + 1;
  const shift = step < 0 ? (month < current ? 0 : -1) : step > 0 ? (month > current ? 0 : 1) : 0;
  return [{ year: year + shift, month }];
}

/**
 * The calendar dates a text names relative to `said` (an ISO time: when the text was said or
 * recorded). Days for yesterday, today, tomorrow, N days or weeks ago, last/next Friday, on
 * Monday (the one before); the seven days of last/next/this week; a month for last/next/this
 * month, N months ago, last March.
 */
export function relativeDatesIn(text: string, said: string): CalendarDate[] {
  const anchor = Date.parse(said);
  if (Number.isNaN(anchor)) return [];
  const day = Date.UTC(new Date(anchor).getUTCFullYear(), new Date(anchor).getUTCMonth(), new Date(anchor).getUTCDate());
  return [...text.matchAll(RELATIVE_ALL)].flatMap((match) => read(match, day));
}

// A day and month in digits with no year ("19/11", "3/2"): day first in most of the world, month
// first in the United States, so of the two readings the one nearest the day the text was said is
// taken, in the year that puts it nearest, when within NUMERIC_DAY_REACH days of it: notes name the
// days around them ("Van broken into overnight 1/3", saved on 2 March), and a pair of small numbers
// farther off is more likely a score or a ratio than a day. Not part of a longer
// number, a word, a path or a sum ("v1/2", "api/v1/2", "$1/2"), a full date (datesIn reads
// "19/11/2026"), a ratio in a run ("1/2/3"), a share or a measure ("1/2%", "3/4 cup", "2/3 of",
// "1/2 price"), or "24/7".
const NUMERIC_DAY = new RegExp(
  String.raw`(?<![\p{L}\d./:$£€#-])(\d{1,2})\/(\d{1,2})(?![\d/%]|[.:]\d|\s*(?:of|off|oz|cups?|tsp|tbsp|inch(?:es)?|lbs?|kg|g|ml|l|litres?|liters?|pints?|kegs?|bbl|mm|cm|km|miles?|price|majority|share)\b)`,
  "gu",
);
const NUMERIC_DAY_REACH = 120;

/** The days `text` writes in digits without a year, read as the nearest to `said` (see above). */
export function numericDatesIn(text: string, said: string): CalendarDate[] {
  if (!text.includes("/")) return [];
  const anchor = Date.parse(said);
  if (Number.isNaN(anchor)) return [];
  const found: CalendarDate[] = [];
  for (const [written, first, second] of text.matchAll(NUMERIC_DAY)) {
    if (written === "24/7") continue;
    let best: { date: CalendarDate; distance: number } | undefined;
    for (const [day, month] of [[+first!, +second!], [+second!, +first!]] as const) {
      if (month < 1 || month > 12 || day < 1 || day > 31) continue;
      for (const year of [-1, 0, 1].map((shift) => new Date(anchor).getUTCFullYear() + shift)) {
        const time = Date.UTC(year, month - 1, day);
        if (new Date(time).getUTCDate() !== day) continue; // 31/2
        const distance = Math.abs(time - anchor) / DAY_MS;
        if (distance <= NUMERIC_DAY_REACH && (best === undefined || distance < best.distance)) best = { date: { year, month, day }, distance };
      }
    }
    if (best !== undefined) found.push(best.date);
  }
  return found;
}

const YEARS = new RegExp(String.raw`\b(?:(last|next|this)\s+year|${COUNT}\s+years?\s+(ago|later))\b`, "gi");

/** The years a text names relative to `said` ("last year", "two years ago"), beside those its dates name. */
export function relativeYearsIn(text: string, said: string): number[] {
  const year = Number(said.slice(0, 4));
  if (!Number.isInteger(year)) return [];
  return [...text.matchAll(YEARS)].map(([, which, amount, direction]) =>
    which !== undefined ? year + (which.toLowerCase() === "last" ? -1 : which.toLowerCase() === "next" ? 1 : 0) : year + (direction!.toLowerCase() === "ago" ? -1 : 1) * count(amount!),
  );
}
