// The dedupe and supersede rules of memory_write, kept apart so they can be read and tested
// on their own.
//
// Duplicate: an active fact whose normalised title AND normalised body equal the input's
// (any type or scope) — nothing is written.
// Restatement: an active fact of the same type and scope whose title says the same thing in
// the same words — the new fact supersedes it. "The same words" means the same multiset of
// stemmed content words once case, accents and punctuation are folded: reordered or inflected
// ("Orders use UUID keys" → "UUID keys used for orders"), never a changed word or number.
// A title one edit or one number away ("Service A owns…" / "Service B owns…", "API v1…" /
// "API v2…") usually states a *different* fact, so it is only reported as similar: the writer
// passes `supersedes` to replace it. Of several restated facts the newest is superseded.

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

// A write compares the new title with every active fact of its type and scope; at 10,000 facts
// re-tokenising each stored title per write dominated write latency. Stored facts are immutable
// objects the driver's cache hands out again, so their keys are computed once per object.
const titleKeys = new WeakMap<Fact, { normalised: string; bag: string }>();

function keysOf(fact: Fact): { normalised: string; bag: string } {
  let keys = titleKeys.get(fact);
  if (!keys) titleKeys.set(fact, (keys = { normalised: normaliseText(fact.title), bag: termBag(fact.title) }));
  return keys;
}

/**
 * How two titles relate: `"restates"` (same words, any order or form: the new fact supersedes
 * the old), `"similar"` (equal but for one small edit or the numbers in it: probably a
 * different fact, worth pointing out), or undefined (unrelated).
 */
export function titleRelation(existingTitle: string, newTitle: string): "restates" | "similar" | undefined {
  return relate({ normalised: normaliseText(existingTitle), bag: termBag(existingTitle) }, { normalised: normaliseText(newTitle), bag: termBag(newTitle) });
}

function relate(existing: { normalised: string; bag: string }, incoming: { normalised: string; bag: string }): "restates" | "similar" | undefined {
  const a = existing.normalised;
  const b = incoming.normalised;
  if (a === b || (incoming.bag.length > 0 && existing.bag === incoming.bag)) return "restates";
  const limit = Math.max(1, Math.floor(Math.max(a.length, b.length) / 12));
  if (Math.abs(a.length - b.length) > limit && !/\d/.test(a)) return undefined;
  if (boundedEditDistance(a, b, limit) <= limit) return "similar";
  if (/\d/.test(a) && a.replace(/\d+/g, "#") === b.replace(/\d+/g, "#")) return "similar";
  return undefined;
}

/** The newest active fact of the same type and scope that the new title restates, if any. */
export function findRestated(
  active: readonly Fact[],
  input: { type: string; scope: string; title: string },
): Fact | undefined {
  const incoming = { normalised: normaliseText(input.title), bag: termBag(input.title) };
  return newest(sameKind(active, input).filter((fact) => relate(keysOf(fact), incoming) === "restates"));
}

/** The newest active fact of the same type and scope whose title is only near the new one. */
export function findSimilar(
  active: readonly Fact[],
  input: { type: string; scope: string; title: string },
): Fact | undefined {
  const incoming = { normalised: normaliseText(input.title), bag: termBag(input.title) };
  return newest(sameKind(active, input).filter((fact) => relate(keysOf(fact), incoming) === "similar"));
}

function sameKind(active: readonly Fact[], input: { type: string; scope: string }): Fact[] {
  return active.filter((fact) => fact.type === input.type && fact.scope === input.scope);
}

function newest(facts: readonly Fact[]): Fact | undefined {
  return facts.reduce<Fact | undefined>((best, fact) => (!best || factIdNumber(fact.id) > factIdNumber(best.id) ? fact : best), undefined);
}
