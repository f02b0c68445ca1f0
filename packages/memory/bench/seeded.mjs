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
