// Memory holdout 12's facts: three memories (a small-animal veterinary practice, a couple's
// self-build house, a volunteer-run food bank) whose answer-bearing facts were each written by
// hand, one by one, as a person or an agent saves them with memory_write
// (conversation-holdout12.json: titles of every shape or none, notes, decisions, preferences,
// corrections, dates written many ways or relative to the day said, people by name, nickname,
// role or pronoun; some superseded by an explicit link, some changed without one). Nothing here
// comes from conversation-builder.mjs or its seed lists. To give each memory the crowd of routine
// notes a real one has, a small generator of its own adds filler (checks, stock counts, to-dos,
// phone messages, shift notes) from each memory's word lists in the same file: sentence shapes
// none of holdouts 8–11 use, naming the same people and things, never answering a question.
import { readFileSync } from "node:fs";
import { capital, DAY, random, WEEKDAYS } from "./seeded.mjs";

const source = JSON.parse(readFileSync(new URL("./conversation-holdout12.json", import.meta.url), "utf8"));

/** Filler notes per memory: enough that the hand-written facts are about a third of the memory. */
export const FILLER_PER_MEMORY = 700;

const clock = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const shortDate = (date) => `${date.getUTCDate()}/${date.getUTCMonth() + 1}`;

/** The routine note shapes: each takes the memory's word lists, the day's date and a generator. */
const SHAPES = [
  (words, date, rng) => {
    const thing = rng.pick(words.things);
    return { type: "metric", tags: ["log"], title: `${capital(thing)} log ${shortDate(date)}`, body: `${capital(thing)}: looked at by ${rng.pick(words.people)} at ${clock(rng.int(7 * 60, 19 * 60))}, ${rng.pick(words.states)}.` };
  },
  (words, date, rng) => {
    const item = rng.pick(words.items);
    return { type: "metric", tags: ["stock"], title: `Count ${shortDate(date)}: ${item}`, body: `${rng.int(0, 40)} × ${item} left (${WEEKDAYS[date.getUTCDay()]} count, ${rng.pick(words.people)}).` };
  },
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return { type: "domain", tags: ["todo"], title: `To do ${shortDate(date)} — ${person}`, body: `For ${person}: ${rng.pick(words.tasks)}, ideally before ${WEEKDAYS[rng.int(1, 5)]}.` };
  },
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return { type: "domain", tags: ["message"], title: `Msg for ${person} (${shortDate(date)})`, body: `${capital(rng.pick(words.callers))} rang for ${person} about ${rng.pick(words.topics)}. Call back after ${rng.int(1, 5)}pm.` };
  },
  (words, date, rng) => {
    const [one, two] = rng.shuffle(words.people);
    return { type: "domain", tags: ["shift"], title: `${WEEKDAYS[date.getUTCDay()]} ${shortDate(date)}: ${one} & ${two}`, body: `${one} and ${two} in. ${capital(rng.pick(words.moods))}; ${rng.pick(words.weather)}.` };
  },
  (words, date, rng) => {
    const person = rng.pick(words.people);
    return { type: "domain", tags: ["reminder"], title: `Ask ${person} (${shortDate(date)})`, body: `Remember to ask ${person} about ${rng.pick(words.topics)} — not urgent.` };
  },
];

/** `count` filler notes spread over the memory's weeks, keyed `<memory>-filler-NNNN`. */
function fillerNotes(name, words, count, seed) {
  const rng = random(seed);
  const start = Date.parse(`${words.from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${words.to}T00:00:00Z`) - start) / DAY);
  return Array.from({ length: count }, (_, at) => {
    const date = new Date(start + rng.int(0, days) * DAY);
    const note = rng.pick(SHAPES)(words, date, rng);
    const created = `${date.toISOString().slice(0, 10)}T${clock(rng.int(7 * 60, 20 * 60))}:${String(rng.int(0, 59)).padStart(2, "0")}Z`;
    return { key: `${name}-filler-${String(at + 1).padStart(4, "0")}`, confidence: "medium", scope: "project", ...note, created };
  });
}

/** The three memories of holdout 12: name and facts (labelled-facts shape, with `created`), oldest first. */
export function holdout12Memories() {
  return source.memories.map(({ name, facts, filler }, position) => {
    const all = [...facts, ...fillerNotes(name, filler, FILLER_PER_MEMORY, 7_919 * (position + 3))];
    return { name, facts: all.sort((a, b) => a.created.localeCompare(b.created)) };
  });
}
