// The dedupe and supersede rules of memory_write, kept apart so they can be read and tested
// on their own.
//
// Duplicate: an active fact whose normalised title AND normalised body equal the input's
// (any type or scope) — nothing is written.
// Restatement: an active fact of the same type and scope whose title says the same thing —
// the new fact supersedes it. "Says the same thing" means either
//   (a) the normalised titles are equal or within a small edit distance
//       (≤ 1 edit per 12 characters, at least 1) — a changed number or a typo fix, or
//   (b) the titles are equal once every number is masked — the same statement, a new value
//       ("Retry limit is 3" → "Retry limit is 10"), or
//   (c) the titles have the same multiset of stemmed content words — reordered or inflected.
// Of several candidates the closest (then the newest) is superseded.

import { boundedEditDistance } from "../search/edit-distance";
import { tokenize } from "../search/tokenize";
import type { Fact } from "../types";
import { factIdNumber } from "./fact-file";

/** Lower case, accents folded, punctuation dropped, whitespace collapsed. */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const normalisedKeys = new WeakMap<Fact, string>();

function duplicateKey(title: string, body: string): string {
  return `${normaliseText(title)}\u0000${normaliseText(body)}`;
}

/** The active fact that already holds exactly this title and body, if any. */
export function findDuplicate(
  active: readonly Fact[],
  title: string,
  body: string,
): Fact | undefined {
  const wanted = duplicateKey(title, body);
  return active.find((fact) => {
    let key = normalisedKeys.get(fact);
    if (key === undefined) normalisedKeys.set(fact, (key = duplicateKey(fact.title, fact.body)));
    return key === wanted;
  });
}

function termBag(title: string): string {
  return tokenize(title).sort().join(" ");
}

/** How far apart two titles are under the restatement rule, or undefined if they are different facts. */
export function restatementDistance(existingTitle: string, newTitle: string): number | undefined {
  const a = normaliseText(existingTitle);
  const b = normaliseText(newTitle);
  const limit = Math.max(1, Math.floor(Math.max(a.length, b.length) / 12));
  const distance = boundedEditDistance(a, b, limit);
  if (distance <= limit) return distance;
  if (/\d/.test(a) && a.replace(/\d+/g, "#") === b.replace(/\d+/g, "#")) return limit + 1;
  const bag = termBag(newTitle);
  if (bag.length > 0 && termBag(existingTitle) === bag) return limit + 1;
  return undefined;
}

/** The active fact of the same type and scope that the new title restates, if any. */
export function findRestated(
  active: readonly Fact[],
  input: { type: string; scope: string; title: string },
): Fact | undefined {
  let best: { fact: Fact; distance: number } | undefined;
  for (const fact of active) {
    if (fact.type !== input.type || fact.scope !== input.scope) continue;
    const distance = restatementDistance(fact.title, input.title);
    if (distance === undefined) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && factIdNumber(fact.id) > factIdNumber(best.fact.id))
    )
      best = { fact, distance };
  }
  return best?.fact;
}
