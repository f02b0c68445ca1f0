// Memory holdout 16's facts: three memories in registers no earlier holdout used (a coding agent's
// memory for a freelance developer working for three clients at once, a coding agent's memory for
// an ML platform team, a community football club's committee notes written partly in
// second-language English), whose answer-bearing facts were each written by hand, one by one
// (conversation-holdout16.json), by another author than holdouts 12 to 15 and blind to the ranking
// work of session 28. Nothing here comes from conversation-builder.mjs or the generators of
// holdouts 12 to 15 or their word lists. Routine note shapes of its own (time logged, inbox sweeps,
// documents re-read, catch-up calls, tabs and threads closed, small talk), spread over each
// memory's months by seeded.mjs's routineNotes, add the notes a memory used for months also holds,
// from each memory's word lists in the same file, naming the same people, never answering a question.
import { readFileSync } from "node:fs";
import { capital, isoDay, routineNotes, WEEKDAYS } from "./seeded.mjs";

const source = JSON.parse(readFileSync(new URL("./conversation-holdout16.json", import.meta.url), "utf8"));

/** Routine notes per memory: about two and a half for every hand-written fact, as in a memory used for months. */
export const ROUTINE_PER_MEMORY = 540;

const monthDay = (date) => `${date.getUTCMonth() + 1}/${date.getUTCDate()}`;

/** The routine note shapes: each takes the memory's word lists, the day and a generator. */
const ROUTINE_SHAPES = [
  (words, date, rng) => {
    const activity = rng.pick(words.activities);
    return { type: "metric", tags: ["time"], title: `${capital(activity)}, ${monthDay(date)}`, body: `${rng.int(1, 4)}h logged for ${activity} (${rng.pick(words.people)} knew). Nothing came of it.` };
  },
  (words, date, rng) => {
    const mail = rng.pick(words.mail);
    return { type: "domain", tags: ["inbox"], title: `Inbox sweep, ${WEEKDAYS[date.getUTCDay()]} ${monthDay(date)}`, body: `Archived ${rng.int(4, 70)} ${mail}; none needed an answer.` };
  },
  (words, date, rng) => {
    const doc = rng.pick(words.docs);
    return { type: "domain", tags: ["reread"], title: `${capital(doc)}, re-read ${monthDay(date)}`, body: `Re-read ${doc} on ${isoDay(date)}: still right, no edit made.` };
  },
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return { type: "domain", tags: ["catch-up"], title: `Catch-up with ${person} (${monthDay(date)})`, body: `Ten minutes with ${person} about ${rng.pick(words.topics)}. No actions.` };
  },
  (words, date, rng) => {
    const leftovers = rng.pick(words.leftovers);
    return { type: "domain", tags: ["closed"], title: `${capital(leftovers)} closed ${monthDay(date)}`, body: `Closed ${rng.int(3, 45)} ${leftovers} left over from last week.` };
  },
  (words, date, rng) => ({ type: "domain", tags: ["chat"], title: `Small talk ${monthDay(date)}`, body: `${rng.pick(words.people)} says ${rng.pick(words.smalltalk)}.` }),
];

/** The three memories of holdout 16: name and facts (labelled-facts shape, with `created`), oldest first. */
export function holdout16Memories() {
  return source.memories.map(({ name, facts, filler }, position) => {
    const all = [...facts, ...routineNotes(name, filler, ROUTINE_SHAPES, ROUTINE_PER_MEMORY, 5_281 * (position + 23))];
    return { name, facts: all.sort((a, b) => a.created.localeCompare(b.created)) };
  });
}
