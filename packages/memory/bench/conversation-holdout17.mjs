// Memory holdout 17's facts: three memories in registers no earlier holdout used (a coding agent's
// memory for a small game studio's team, partly written by its second-language members; a family's
// shared notes on caring for their mother, in plain life language; a sole-trader electrician's job
// notes in very terse shorthand), whose answer-bearing facts were each written by hand, one by one
// (conversation-holdout17.json), by another author than holdouts 12 to 16 and blind to the ranking
// work of session 34. Nothing here comes from conversation-builder.mjs or the generators of
// holdouts 12 to 16 or their word lists. Routine note shapes of its own (errands run, reminders
// snoozed, places tidied, the weather, things skimmed, missed calls), spread over each memory's
// months by seeded.mjs's routineNotes, add the notes a memory used for months also holds, from each
// memory's word lists in the same file, naming the same people, never answering a question.
import { readFileSync } from "node:fs";
import { capital, MONTHS, routineNotes, WEEKDAYS } from "./seeded.mjs";

const source = JSON.parse(readFileSync(new URL("./conversation-holdout17.json", import.meta.url), "utf8"));

/** Routine notes per memory: about two and a half for every hand-written fact, as in a memory used for months. */
export const ROUTINE_PER_MEMORY = 320;

const dayMonth = (date) => `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()].slice(0, 3)}`;

/** The routine note shapes: each takes the memory's word lists, the day and a generator. */
const ROUTINE_SHAPES = [
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return { type: "domain", tags: ["errand"], title: `Errand ${dayMonth(date)}`, body: `${person} did ${rng.pick(words.errands)}. Done, nothing to follow up.` };
  },
  (words, date, rng) => {
    const reminder = rng.pick(words.reminders);
    return { type: "domain", tags: ["reminder"], title: `Reminder snoozed: ${reminder} (${dayMonth(date)})`, body: `Snoozed "${reminder}" until ${WEEKDAYS[rng.int(0, 6)]}.` };
  },
  (words, date, rng) => {
    const place = rng.pick(words.places);
    return { type: "domain", tags: ["tidy"], title: `Tidied ${place}, ${dayMonth(date)}`, body: `${capital(place)} tidied; ${rng.int(2, 30)} ${rng.pick(words.clutter)} thrown out.` };
  },
  (words, date, rng) => ({ type: "domain", tags: ["weather"], title: `Weather ${WEEKDAYS[date.getUTCDay()]} ${dayMonth(date)}`, body: `${rng.pick(words.people)}: ${rng.pick(words.weather)}.` }),
  (words, date, rng) => {
    const reading = rng.pick(words.reading);
    return { type: "domain", tags: ["skimmed"], title: `Skimmed ${reading} ${dayMonth(date)}`, body: `${rng.int(5, 40)} minutes on ${reading}. Nothing to act on.` };
  },
  (words, date, rng) => ({ type: "domain", tags: ["missed-call"], title: `Missed call ${dayMonth(date)}`, body: `Missed call from ${rng.pick(words.callers)} at ${rng.int(8, 18)}:${String(rng.int(0, 59)).padStart(2, "0")}; no voicemail left.` }),
];

/** The three memories of holdout 17: name and facts (labelled-facts shape, with `created`), oldest first. */
export function holdout17Memories() {
  return source.memories.map(({ name, facts, filler }, position) => {
    const all = [...facts, ...routineNotes(name, filler, ROUTINE_SHAPES, ROUTINE_PER_MEMORY, 7_919 * (position + 31))];
    return { name, facts: all.sort((a, b) => a.created.localeCompare(b.created)) };
  });
}
