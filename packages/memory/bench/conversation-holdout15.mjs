// Memory holdout 15's facts: three memories in registers no earlier holdout used (a coding agent's
// memory for a team's web product, a bakery-café's operations notes written partly in second-language
// English, a family's shared notes), whose answer-bearing facts were each written by hand, one by
// one (conversation-holdout15.json), by another author than holdouts 12 to 14 and blind to the
// ranking work of session 27. Nothing here comes from conversation-builder.mjs or the generators of
// holdouts 12 to 14 or their word lists. Routine note shapes of its own (reminders done, counts,
// tidy-ups, links shared, routine jobs, small talk), spread over each memory's months by seeded.mjs's
// routineNotes, add the notes a memory used for months also holds, from each memory's word lists in
// the same file, naming the same people, never answering a question.
import { readFileSync } from "node:fs";
import { capital, isoDay, routineNotes, WEEKDAYS } from "./seeded.mjs";

const source = JSON.parse(readFileSync(new URL("./conversation-holdout15.json", import.meta.url), "utf8"));

/** Routine notes per memory: a little over two for every hand-written fact, as in a memory used for months. */
export const ROUTINE_PER_MEMORY = 520;

const dayMonth = (date) => `${date.getUTCDate()}/${date.getUTCMonth() + 1}`;

/** The routine note shapes: each takes the memory's word lists, the day and a generator. */
const ROUTINE_SHAPES = [
  (words, date, rng) => {
    const task = rng.pick(words.tasks);
    return { type: "domain", tags: ["reminder"], title: `Reminder ${dayMonth(date)}: ${task}`, body: `${rng.pick(words.people)} said they would ${task} by ${WEEKDAYS[date.getUTCDay()]}. Done, ticking it off.` };
  },
  (words, date, rng) => {
    const counted = rng.pick(words.counts);
    return { type: "metric", tags: ["count"], title: `${capital(counted)} ${dayMonth(date)}`, body: `Counted ${counted}: ${rng.int(2, 60)}. About the usual.` };
  },
  (words, date, rng) => ({ type: "domain", tags: ["tidy"], title: "", body: `Tidied ${rng.pick(words.places)} on ${isoDay(date)}, threw out what nobody needed. Nothing to follow up.` }),
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return { type: "domain", tags: ["link"], title: `Link from ${person} (${dayMonth(date)})`, body: `${person} shared ${rng.pick(words.links)} in ${rng.pick(words.channels)}. Saved it, maybe for a quiet day.` };
  },
  (words, date, rng) => {
    const routine = rng.pick(words.routines);
    return { type: "metric", tags: ["routine"], title: `${capital(routine)} ${isoDay(date)}`, body: `${capital(routine)} done in ${rng.int(5, 50)} minutes, same as always.` };
  },
  (words, date, rng) => ({ type: "domain", tags: ["chat"], title: "", body: `${rng.pick(words.people)}: ${rng.pick(words.smalltalk)}` }),
];

/** The three memories of holdout 15: name and facts (labelled-facts shape, with `created`), oldest first. */
export function holdout15Memories() {
  return source.memories.map(({ name, facts, filler }, position) => {
    const all = [...facts, ...routineNotes(name, filler, ROUTINE_SHAPES, ROUTINE_PER_MEMORY, 6_101 * (position + 17))];
    return { name, facts: all.sort((a, b) => a.created.localeCompare(b.created)) };
  });
}
