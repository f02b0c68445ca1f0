// A seeded pseudo-random source (mulberry32), so that demo data is the same on every init with the
// same workspace name: tests and docs can rely on its shape.

/** Deterministic random helpers seeded from a string. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  round(value: number, digits?: number): number;
}

/** A Random seeded from `seed` (any string). */
export function createRandom(seed: string): Random {
  let state = 2166136261;
  for (let index = 0; index < seed.length; index++)
    state = Math.imul(state ^ seed.charCodeAt(index), 16777619) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (probability) => next() < probability,
    round: (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits,
  };
}
