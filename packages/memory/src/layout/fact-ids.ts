// The two id forms a fact store hands out. Both are `fact-` and digits, so every reader, file
// name pattern and saved index keeps working with either:
// - sequential (`fact-0001`, `fact-0002`, …): the original form, short, but two git branches
//   that write without coordinating both take the next number and collide on merge;
// - merge-safe (`fact-4821390751`): ten random digits, never below 1,000,000,000, so they can
//   never meet a sequential id and two branches pick the same one with a chance of about
//   n² / 1.8×10¹⁰ for n facts written apart (under 1 in 18,000 for 1,000).

import { randomInt } from "node:crypto";

/** The smallest merge-safe id number; sequential ids stay below it. */
export const MERGE_SAFE_ID_MIN = 1_000_000_000;
/** One past the largest merge-safe id number (ten digits). */
export const MERGE_SAFE_ID_END = 10_000_000_000;

/** True for an id number drawn at random (`fact-1000000000` and up), false for a sequential one. */
export function isMergeSafeIdNumber(value: number): boolean {
  return value >= MERGE_SAFE_ID_MIN;
}

/** Draws that try to meet `avoid` before any free id is taken (at 100,000 stored facts one draw in nine fails it). */
const AVOID_ATTEMPTS = 32;

/**
 * A random merge-safe id that `taken` does not refuse, and that `avoid` does not either when one
 * of the first few draws can meet it (FoundryMemory avoids an id whose short form another stored
 * id already starts, so one branch's ids all show six digits; layout/short-ids.ts).
 *
 * @example randomFactId((id) => existsSync(`${id}.md`)) // "fact-4821390751"
 */
export function randomFactId(taken: (id: string) => boolean, avoid?: (id: string) => boolean): string {
  for (let attempt = 0; ; attempt++) {
    // randomInt takes bounds below 2^48; the range is 9×10⁹ wide.
    const id = `fact-${randomInt(MERGE_SAFE_ID_MIN, MERGE_SAFE_ID_END)}`;
    if (!taken(id) && (attempt >= AVOID_ATTEMPTS || !avoid?.(id))) return id;
  }
}
