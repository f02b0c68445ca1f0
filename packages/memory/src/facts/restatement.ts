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
// TitleKeys finds candidates through keys kept up to date with the active facts (duplicate key;
// type + scope + word bag; type + scope + each title word), so a write compares the new title
// with the few titles that share a word instead of every active title (~17 ms at 10,000).

import { editDistance, foldLetters } from "@foundry-mcp/text-analysis";
import { tokenize } from "../search/tokenize";
import type { Fact } from "../types";
import { compareNewestFirst } from "./order";

/** Lower case, accents and letters folded (search's folding: Straße ~ strasse), punctuation dropped, whitespace collapsed. */
export function normaliseText(text: string): string {
  return foldLetters(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}


function duplicateKey(title: string, body: string): string {
  return `${normaliseText(title)}\u0000${normaliseText(body)}`;
}

interface TitleForm {
  normalised: string;
  bag: string;
  words: string[];
}

/** The title's stemmed content words, sorted and joined: equal bags restate each other. */
export function titleWordBag(title: string): string {
  return tokenize(title).sort().join(" ");
}

function titleForm(title: string): TitleForm {
  const words = tokenize(title);
  return { normalised: normaliseText(title), bag: [...words].sort().join(" "), words: [...new Set(words)] };
}

/**
 * How two titles relate: `"restates"` (same words, any order or form: the new fact supersedes
 * the old), `"similar"` (equal but for one small edit or the numbers in it: probably a
 * different fact, worth pointing out), or undefined (unrelated).
 */
export function titleRelation(existingTitle: string, newTitle: string): "restates" | "similar" | undefined {
  return relate(titleForm(existingTitle), titleForm(newTitle));
}

function relate(existing: TitleForm, incoming: TitleForm): "restates" | "similar" | undefined {
  const a = existing.normalised;
  const b = incoming.normalised;
  if (a === b || (incoming.bag.length > 0 && existing.bag === incoming.bag)) return "restates";
  const limit = Math.max(1, Math.floor(Math.max(a.length, b.length) / 12));
  if (Math.abs(a.length - b.length) > limit && !/\d/.test(a)) return undefined;
  if (editDistance(a, b, limit) <= limit) return "similar";
  if (/\d/.test(a) && a.replace(/\d+/g, "#") === b.replace(/\d+/g, "#")) return "similar";
  return undefined;
}

function newest(facts: Iterable<Fact>): Fact | undefined {
  let best: Fact | undefined;
  // Creation time first: merge-safe ids are random, so only sequential ids also order by age.
  for (const fact of facts) if (!best || compareNewestFirst(fact, best) < 0) best = fact;
  return best;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

/** The write rules' lookups over the active facts, updated one fact at a time. */
export class TitleKeys {
  private readonly forms = new Map<Fact, TitleForm>();
  private readonly byDuplicateKey = new Map<string, Set<Fact>>();
  /** `type scope` + (`=normalised title` | `~word bag`) → facts. */
  private readonly byRestatement = new Map<string, Set<Fact>>();
  /** `type scope word` → facts whose title has that word. */
  private readonly byWord = new Map<string, Set<Fact>>();

  constructor(facts: Iterable<Fact> = []) {
    for (const fact of facts) this.add(fact);
  }

  private keys(kind: { type: string; scope: string }, form: TitleForm): { restatement: string[]; words: string[] } {
    const prefix = `${kind.type}\u0000${kind.scope}\u0000`;
    const restatement = [`${prefix}=${form.normalised}`];
    if (form.bag.length > 0) restatement.push(`${prefix}~${form.bag}`);
    return { restatement, words: form.words.map((word) => prefix + word) };
  }

  add(fact: Fact): void {
    if (this.forms.has(fact)) return;
    const form = titleForm(fact.title);
    this.forms.set(fact, form);
    const keys = this.keys(fact, form);
    addTo(this.byDuplicateKey, duplicateKey(fact.title, fact.body), fact);
    for (const key of keys.restatement) addTo(this.byRestatement, key, fact);
    for (const key of keys.words) addTo(this.byWord, key, fact);
  }

  remove(fact: Fact): void {
    const form = this.forms.get(fact);
    if (!form) return;
    this.forms.delete(fact);
    const keys = this.keys(fact, form);
    removeFrom(this.byDuplicateKey, duplicateKey(fact.title, fact.body), fact);
    for (const key of keys.restatement) removeFrom(this.byRestatement, key, fact);
    for (const key of keys.words) removeFrom(this.byWord, key, fact);
  }

  /** The active fact that already holds exactly this title and body (any type or scope), if any. */
  duplicateOf(title: string, body: string): Fact | undefined {
    return newest(this.byDuplicateKey.get(duplicateKey(title, body)) ?? []);
  }

  /** The newest active fact of the same type and scope that the new title restates, if any. */
  restatedBy(input: { type: string; scope: string; title: string }): Fact | undefined {
    const form = titleForm(input.title);
    const keys = this.keys(input, form);
    const found = new Set<Fact>();
    for (const key of keys.restatement) for (const fact of this.byRestatement.get(key) ?? []) found.add(fact);
    return newest(found);
  }

  /** The newest active fact of the same type and scope whose title shares a word and is only near the new one. */
  similarTo(input: { type: string; scope: string; title: string }): Fact | undefined {
    const incoming = titleForm(input.title);
    const candidates = new Set<Fact>();
    for (const key of this.keys(input, incoming).words)
      for (const fact of this.byWord.get(key) ?? []) candidates.add(fact);
    const similar: Fact[] = [];
    for (const fact of candidates) {
      const form = this.forms.get(fact);
      if (form && relate(form, incoming) === "similar") similar.push(fact);
    }
    return newest(similar);
  }
}
