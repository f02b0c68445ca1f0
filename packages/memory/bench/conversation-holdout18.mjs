// Memory holdout 18's facts: three memories in registers no earlier holdout used (a coding agent's
// memory for a university glaciology group's ice-sheet model on a Slurm cluster, partly written by
// its second-language members; the shared notes of two job-sharing Year 4 teachers and their
// teaching assistant; a small microbrewery's notes by its owner, a very terse head brewer and a
// Spanish assistant brewer), whose answer-bearing facts were each written by hand, one by one
// (conversation-holdout18.json), by another author than holdouts 12 to 17 and blind to the ranking
// work of session 38. A hand-written note saved without a title gets its opening words, as
// memory_write's callers send it. Nothing here comes from conversation-builder.mjs or the
// generators of holdouts 12 to 17 or their word lists. Routine note shapes of its own (parcels
// arrived, late arrivals, treats shared, devices playing up, inboxes cleared, posters seen),
// spread over each memory's months by seeded.mjs's routineNotes, add the notes a memory used for
// months also holds, from each memory's word lists in the same file, naming the same people,
// never answering a question.
import { readFileSync } from "node:fs";
import { capital, MONTHS, routineNotes, WEEKDAYS } from "./seeded.mjs";

const source = JSON.parse(
  readFileSync(new URL("./conversation-holdout18.json", import.meta.url), "utf8"),
);

/** Routine notes per memory: about one and a half for every hand-written fact, as in a memory used for months. */
export const ROUTINE_PER_MEMORY = 190;

const dayMonth = (date) => `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;

/** A hand-written note saved without a title: its opening words, at most 80 characters, as memory_write's callers send it. */
const titled = (fact) =>
  fact.title ? fact : { ...fact, title: fact.body.split(/\s+/).slice(0, 7).join(" ").slice(0, 80) };

/** The routine note shapes: each takes the memory's word lists, the day and a generator. */
const ROUTINE_SHAPES = [
  (words, date, rng) => ({
    type: "domain",
    tags: ["post"],
    title: `Parcel in, ${dayMonth(date)}`,
    body: `${capital(rng.pick(words.parcels))} came for ${rng.pick(words.people)}; left ${rng.pick(words.spots)}.`,
  }),
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return {
      type: "domain",
      tags: ["late"],
      title: `${person} late in, ${WEEKDAYS[date.getUTCDay()]} ${dayMonth(date)}`,
      body: `${person}: ${rng.pick(words.commutes)}, got in ${rng.int(10, 45)} minutes late. Nothing missed.`,
    };
  },
  (words, date, rng) => ({
    type: "domain",
    tags: ["treat"],
    body: `On ${dayMonth(date)} ${rng.pick(words.people)} brought ${rng.pick(words.treats)} in for everyone; all gone by ${rng.int(10, 16)}:00.`,
  }),
  (words, date, rng) => {
    const device = rng.pick(words.devices);
    return {
      type: "domain",
      tags: ["glitch"],
      title: `${capital(device)} playing up, ${dayMonth(date)}`,
      body: `${capital(device)} ${rng.pick(words.fixes)}; fine again after ${rng.int(5, 50)} minutes.`,
    };
  },
  (words, date, rng) => ({
    type: "domain",
    tags: ["inbox"],
    title: `Inbox tidy ${dayMonth(date)}`,
    body: `${rng.pick(words.people)} archived ${rng.int(12, 240)} old messages in ${rng.pick(words.folders)}. None needed an answer.`,
  }),
  (words, date, rng) => {
    const poster = rng.pick(words.posters);
    return {
      type: "domain",
      tags: ["noticeboard"],
      title: `Poster seen ${dayMonth(date)}: ${poster}`,
      body: `Saw a poster for ${poster} on ${rng.pick(words.boards)}. Not our thing.`,
    };
  },
];

/** The three memories of holdout 18: name and facts (labelled-facts shape, with `created`), oldest first. */
export function holdout18Memories() {
  return source.memories.map(({ name, facts, filler }, position) => {
    const all = [
      ...facts.map(titled),
      ...routineNotes(name, filler, ROUTINE_SHAPES, ROUTINE_PER_MEMORY, 6_113 * (position + 47)),
    ];
    return { name, facts: all.sort((a, b) => a.created.localeCompare(b.created)) };
  });
}
