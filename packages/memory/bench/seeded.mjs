// What the generated conversational memories (conversation-large.mjs, conversation-holdout8.mjs)
// share: a seeded generator, so every run builds the same facts, and the small text helpers.

export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
export const DAY = 86_400_000;

/** A seeded generator (Park–Miller), one per memory, so every run builds the same facts. */
export function random(seed) {
  let state = seed;
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
  return {
    int: (low, high) => low + Math.floor(next() * (high - low + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    shuffle: (list) => {
      const copy = [...list];
      for (let at = copy.length - 1; at > 0; at--) {
        const other = Math.floor(next() * (at + 1));
        [copy[at], copy[other]] = [copy[other], copy[at]];
      }
      return copy;
    },
  };
}

export const capital = (text) => text[0].toUpperCase() + text.slice(1);
export const first = (person) => person.split(" ")[0];

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const ordinal = (n) => `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/** Number of ways writtenDate writes a date (its `form` is 0 to DATE_FORMS - 1). */
export const DATE_FORMS = 7;

/** `date` (UTC) written one of the ways people write a day: 2025-03-14, 14 March 2025, March 14, 2025, 14/03/2025, the 14th of March 2025, Friday 14 March, Mar 14th, 2025. */
export function writtenDate(date, form) {
  const [d, m, y, w] = [date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear(), date.getUTCDay()];
  switch (form) {
    case 0: return date.toISOString().slice(0, 10);
    case 1: return `${d} ${MONTHS[m]} ${y}`;
    case 2: return `${MONTHS[m]} ${d}, ${y}`;
    case 3: return `${String(d).padStart(2, "0")}/${String(m + 1).padStart(2, "0")}/${y}`;
    case 4: return `the ${ordinal(d)} of ${MONTHS[m]} ${y}`;
    case 5: return `${WEEKDAYS[w]} ${d} ${MONTHS[m]}`;
    default: return `${MONTHS[m].slice(0, 3)} ${ordinal(d)}, ${y}`;
  }
}

export const twoDigits = (n) => String(n).padStart(2, "0");
/** Minutes after midnight as HH:MM. */
export const clock = (minutes) => `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
export const isoDay = (date) => date.toISOString().slice(0, 10);

/** A note saved without a title gets its opening words, as memory_write's callers usually send them. */
const titled = (note) => (note.title ? note : { ...note, title: note.body.split(/\s+/).slice(0, 7).join(" ") });

/**
 * `count` routine notes of a hand-written holdout (conversation-holdout13.mjs, -14.mjs), spread
 * over its memory's days (`words.from` to `words.to`), each from one of `shapes` (word lists, day,
 * generator → note) and keyed `<name>-filler-NNNN`.
 */
export function routineNotes(name, words, shapes, count, seed) {
  const rng = random(seed);
  const start = Date.parse(`${words.from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${words.to}T00:00:00Z`) - start) / DAY);
  return Array.from({ length: count }, (_, at) => {
    const date = new Date(start + rng.int(0, days) * DAY);
    const note = titled(rng.pick(shapes)(words, date, rng));
    const created = `${isoDay(date)}T${clock(rng.int(8 * 60, 19 * 60))}:${twoDigits(rng.int(0, 59))}Z`;
    return { key: `${name}-filler-${String(at + 1).padStart(4, "0")}`, confidence: "medium", scope: "project", ...note, created };
  });
}
