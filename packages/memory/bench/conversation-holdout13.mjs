// Memory holdout 13's facts: three memories of software work as it is really stored (a coding
// agent's notes on a ferry booking system, a hardware start-up's team chat saved verbatim-ish, a
// newspaper data desk's meeting notes), whose answer-bearing facts were each written by hand, one
// by one (conversation-holdout13.json). Holdout 12 was hand-written too, by one author in one
// register (a person's notebook); this set is another author's and another register, so a rule
// fitted to either does not carry over for free. Nothing here comes from conversation-builder.mjs,
// conversation-holdout12.mjs or their seed lists. A small generator of its own adds the routine
// notes a working memory also holds (pipeline runs, files skimmed, tidy-up to-dos, links shared,
// rooms booked, small talk, dependency bumps) from each memory's word lists in the same file,
// naming the same people, never answering a question.
import { readFileSync } from "node:fs";
import { capital, clock, isoDay, routineNotes, WEEKDAYS } from "./seeded.mjs";

const source = JSON.parse(readFileSync(new URL("./conversation-holdout13.json", import.meta.url), "utf8"));

/** Filler notes per memory: about two for every hand-written fact, as in a memory used for months. */
export const FILLER_PER_MEMORY = 640;

const dayMonth = (date) => `${date.getUTCDate()}/${date.getUTCMonth() + 1}`;

/** The routine note shapes: each takes the memory's word lists, the day and a generator. */
const ROUTINE_NOTES = [
  (words, date, rng) => {
    const file = rng.pick(words.files);
    return { type: "domain", tags: ["reading"], title: `Skimmed ${file} (${dayMonth(date)})`, body: `Skimmed ${file} on ${WEEKDAYS[date.getUTCDay()]}; nothing to change, the comments still match the code.` };
  },
  (words, date, rng) => {
    const person = rng.pick(words.people);
    const area = rng.pick(words.areas);
    return { type: "domain", tags: ["tidy-up"], title: `Tidy-up idea from ${person}, ${dayMonth(date)}`, body: `Someday: tidy ${area}. ${person} mentioned it in passing, no ticket, no rush.` };
  },
  (words, date, rng) => {
    const [sharer, reader] = rng.shuffle(words.people);
    const topic = rng.pick(words.topics);
    return { type: "domain", tags: ["link"], title: `Link on ${topic} (${dayMonth(date)})`, body: `${sharer} shared a long read on ${topic} in ${rng.pick(words.channels)}; ${reader} said it was worth the time.` };
  },
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return { type: "domain", tags: ["room"], title: `${capital(rng.pick(words.rooms))} booked ${isoDay(date)}`, body: `${capital(rng.pick(words.rooms))} booked ${clock(rng.int(9, 16) * 60)}–${clock(rng.int(17, 18) * 60)} by ${person} for a catch-up. Cancel it if unused.` };
  },
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return { type: "domain", tags: ["chat"], title: "", body: `${person}: ${rng.pick(words.smalltalk)}` };
  },
  (words, date, rng) => {
    const name = rng.pick(words.packages);
    const major = rng.int(1, 9);
    const minor = rng.int(0, 20);
    return { type: "metric", tags: ["deps"], title: `Bumped ${name} ${dayMonth(date)}`, body: `${name} ${major}.${minor}.${rng.int(0, 9)} → ${major}.${minor + 1}.0, patch notes read, tests green.` };
  },
  (words, date, rng) => {
    const file = rng.pick(words.files);
    return { type: "metric", tags: ["pipeline"], title: `Pipeline ${isoDay(date)} #${rng.int(100, 2999)}`, body: `Pipeline green on attempt ${rng.int(1, 2)} after touching ${file}, ${rng.int(3, 19)} min.` };
  },
];

/** The three memories of holdout 13: name and facts (labelled-facts shape, with `created`), oldest first. */
export function holdout13Memories() {
  return source.memories.map(({ name, facts, filler }, position) => {
    const all = [...facts, ...routineNotes(name, filler, ROUTINE_NOTES, FILLER_PER_MEMORY, 104_729 * (position + 5))];
    return { name, facts: all.sort((a, b) => a.created.localeCompare(b.created)) };
  });
}
