// The skeleton the generated conversational holdouts (conversation-holdout8/9/10/11.mjs) share:
// a calendar counted in days from a start date, a fact book that numbers each kind's facts and
// stamps their creation time, supersede chains, tags, and when a thing happened as said on some
// later day ("yesterday", "last Thursday") or with the day written out. What each holdout says
// stays in its own generator; none of these helpers draws from the seeded generator except where
// it says so, so moving them here left every committed fact unchanged.
import { DATE_FORMS, DAY, WEEKDAYS, writtenDate } from "./seeded.mjs";

/** Days counted from `start` (a UTC timestamp): the ISO date of a day, and a day written one of the ways people write it (one draw). */
export function calendar(start) {
  return {
    date: (day) => new Date(start + day * DAY),
    iso: (day) => new Date(start + day * DAY).toISOString().slice(0, 10),
    dayText: (day, rng) => writtenDate(new Date(start + day * DAY), rng.int(0, DATE_FORMS - 1)),
  };
}

/**
 * One memory's facts in the labelled-facts shape. `add(kind, fact, day)` keys a fact
 * `<memory>-<kind>-<NNN>` and stamps it created on `day` at `timeOfDay(count)` (count: the
 * kind's running number, so a day's facts do not all share one second); `chain(list)` links each
 * fact to the next as superseded by it.
 */
export function factBook(memoryName, iso, timeOfDay) {
  const facts = [];
  const counts = new Map();
  const add = (kind, fact, day) => {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const key = `${memoryName}-${kind}-${String(counts.get(kind)).padStart(3, "0")}`;
    facts.push({ key, confidence: "high", scope: "project", ...fact, created: `${iso(day)}T${timeOfDay(counts.get(kind))}Z` });
    return facts[facts.length - 1];
  };
  const chain = (list) => list.forEach((fact, at) => at + 1 < list.length && (fact.supersededBy = list[at + 1].key));
  return { facts, add, chain };
}

/** A tag from a noun phrase: its last word once a leading article (matched by `articles`) is gone. */
export const lastWordTag = (articles) => (text) => text.replace(articles, "").split(" ").slice(-1);

/**
 * Ways to say when a thing on `date` happened, relative to the day it was said: each gives the
 * words and how many days later they were said. `lastWeekday` draws its gap (2 to 6 days).
 */
export const RELATIVE = {
  thisMorning: () => ({ text: "this morning", after: 0 }),
  yesterday: () => ({ text: "yesterday", after: 1 }),
  lastNight: () => ({ text: "last night", after: 1 }),
  twoDaysAgo: () => ({ text: "two days ago", after: 2 }),
  dayBeforeYesterday: () => ({ text: "the day before yesterday", after: 2 }),
  threeDaysAgo: () => ({ text: "three days ago", after: 3 }),
  lastWeekday: (date, rng) => ({ text: `last ${WEEKDAYS[date.getUTCDay()]}`, after: rng.int(2, 6) }),
  aWeekAgo: () => ({ text: "a week ago", after: 7 }),
  twoWeeksAgo: () => ({ text: "two weeks ago", after: 14 }),
  aFortnightAgo: () => ({ text: "a fortnight ago", after: 14 }),
  fourDaysAgo: () => ({ text: "four days ago", after: 4 }),
  theOtherDay: () => ({ text: "the other day", after: 3 }),
};

/**
 * When a thing on `day` happened, as said on the day returned (`said`): half the time one of
 * `relative` (equally likely), otherwise "on <the day written out>" said up to `lateBy` days later.
 */
export function sayWhen(day, rng, { date, dayText }, relative, lateBy) {
  const choice = rng.int(0, 2 * relative.length - 1);
  if (choice < relative.length) {
    const { text, after } = relative[choice](date(day), rng);
    return { text, said: day + after };
  }
  return { text: `on ${dayText(day, rng)}`, said: day + rng.int(0, lateBy) };
}
