// Memory holdout 14's facts: three memories in registers no earlier holdout used (a coding
// agent's memory for a solo developer's mobile app and its backend, an open-source library's
// maintainers' memory, a freshwater research lab's shared notes), whose answer-bearing facts were
// each written by hand, one by one (conversation-holdout14.json), by another author than holdouts
// 12 and 13 and blind to the ranking work of session 26. Nothing here comes from
// conversation-builder.mjs, conversation-holdout12.mjs, conversation-holdout13.mjs or their word
// lists. Routine note shapes of its own (checks run, chores, tool versions, backups, reading,
// housekeeping, small talk), spread over each memory's months by seeded.mjs's routineNotes, add
// the notes a memory used for months also holds, from each memory's word lists in the same file,
// naming the same people, never answering a question.
import { readFileSync } from "node:fs";
import { capital, isoDay, routineNotes, WEEKDAYS } from "./seeded.mjs";

const source = JSON.parse(readFileSync(new URL("./conversation-holdout14.json", import.meta.url), "utf8"));

/** Routine notes per memory: about two for every hand-written fact, as in a memory used for months. */
export const ROUTINE_PER_MEMORY = 600;

const shortDay = (date) => `${date.getUTCDate()}.${date.getUTCMonth() + 1}`;

/** The routine note shapes: each takes the memory's word lists, the day and a generator. */
const ROUTINE_SHAPES = [
  (words, date, rng) => {
    const check = rng.pick(words.checks);
    return { type: "metric", tags: ["check"], title: `${capital(check)}, ${shortDay(date)}`, body: `Did ${check} (${rng.pick(words.areas)}): ${rng.int(0, 12)} items flagged, none new since the last time.` };
  },
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return { type: "domain", tags: ["status"], title: `${person} on ${WEEKDAYS[date.getUTCDay()]}`, body: `${person} heads-down on ${rng.pick(words.chores)} today; nothing blocked, no help needed.` };
  },
  (words, date, rng) => {
    const tool = rng.pick(words.tools);
    return { type: "metric", tags: ["environment"], title: `${tool} version on ${isoDay(date)}`, body: `${tool} on ${rng.pick(words.machines)} reports ${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 9)}; same as last time, nothing to update.` };
  },
  (words, date, rng) => {
    const backup = rng.pick(words.backups);
    return { type: "metric", tags: ["backup"], title: `${capital(backup)} backup ${shortDay(date)}`, body: `${capital(backup)} backup finished in ${rng.int(2, 40)} min, ${rng.int(20, 900)} MB; restore test not due yet.` };
  },
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return { type: "domain", tags: ["reading"], title: "", body: `${person} recommended ${rng.pick(words.reads)}. Read it on ${WEEKDAYS[date.getUTCDay()]}; good background, nothing to act on.` };
  },
  (words, date, rng) => {
    const things = rng.pick(words.things);
    return { type: "domain", tags: ["housekeeping"], title: `Housekeeping ${shortDay(date)}`, body: `Archived ${rng.int(3, 40)} ${things}; nobody had looked at them for months.` };
  },
  (words, date, rng) => ({ type: "domain", tags: ["chat"], title: "", body: `${rng.pick(words.people)} in passing: ${rng.pick(words.smalltalk)}` }),
];

/** The three memories of holdout 14: name and facts (labelled-facts shape, with `created`), oldest first. */
export function holdout14Memories() {
  return source.memories.map(({ name, facts, filler }, position) => {
    const all = [...facts, ...routineNotes(name, filler, ROUTINE_SHAPES, ROUTINE_PER_MEMORY, 7_919 * (position + 11))];
    return { name, facts: all.sort((a, b) => a.created.localeCompare(b.created)) };
  });
}
