// Facts written on branches that never saw each other can break memory_write's rules once git
// merges them: two active facts of one type and scope with the same title and body (the second
// write would have been refused as a duplicate), or two of one type and scope whose titles restate each other (the
// later would have superseded the earlier). This replays those rules over the facts that share
// a title key, oldest first (created, then id), exactly as if the writes had happened one after
// another on one branch. The outcome depends only on the set of fact files, so every merge order
// and every checkout agrees; it is derived on each load and never written, so the repair itself
// can never cause a merge conflict, and no file is dropped: the losing fact stays on disk and is
// reported (FoundryMemory.mergeResolutions, `foundry doctor`, the server's start-up log).

import type { Fact } from "../types";
import { compareNewestFirst } from "./order";
import { normaliseText, titleWordBag } from "./restatement";
import { ENGLISH_STOP_WORDS } from "@foundry-mcp/text-analysis";

/** One fact taken out of the active set by the replay, and the fact and rule that did it. */
export interface MergeResolution {
  /** The fact that no longer counts as active (its file is untouched). */
  readonly fact: Fact;
  /** The fact that holds it now. */
  readonly by: Fact;
  /**
   * `duplicate`: same type, scope, title and body as the older `by`, which memory_write would have kept alone;
   * `restated`: the newer `by` restates its title (same type and scope) and supersedes it.
   */
  readonly rule: "duplicate" | "restated";
}

const LIGHT_SUFFIX = /(?:ing|ed|es|s|e)$/;
const NON_ASCII = /[^\t\n\r -~]/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;

/**
 * The key two facts must share to be replayed together: type, scope and a coarse form of the
 * title — normalised, stop words dropped, each word cut of a common suffix (-ing, -ed, -es, -s,
 * -e) and then to its first three letters, sorted. Coarse and cheap on purpose: every cold start
 * keys every fact, and the exact rule (tokenize and stem, restatement.ts) then decides inside
 * each group, so a coarse key only makes a group larger. Stemming every title here instead
 * cost about a third more on a cold start at 10,000 facts (measured). Restating titles nearly
 * always share this key (reordered, plural, -ing/-ed forms: `uses`/`using`/`use`); one the key
 * cannot see (an irregular form such as taught/teach) leaves both facts active, as before.
 */
function keyOf(fact: Fact): string {
  // ASCII titles (nearly all) skip Unicode normalisation: the same words, several times cheaper.
  const words = !NON_ASCII.test(fact.title) ? fact.title.toLowerCase().split(ASCII_SEPARATORS) : normaliseText(fact.title).split(" ");
  let kept = 0;
  for (const word of words) {
    if (word.length === 0 || ENGLISH_STOP_WORDS.has(word)) continue;
    const cut = word.replace(LIGHT_SUFFIX, "");
    words[kept++] = (cut.length >= 2 ? cut : word).slice(0, 3);
  }
  words.length = kept;
  return `${fact.type}\u0000${fact.scope}\u0000${words.sort().join(" ")}`;
}

// memory_write refuses a duplicate of any type or scope; after a merge both facts exist, and one
// of another type or scope says something the other does not, so only same-kind copies fold.
function sameFact(a: Fact, b: Fact): boolean {
  return a.type === b.type && a.scope === b.scope && normaliseText(a.title) === normaliseText(b.title) && normaliseText(a.body) === normaliseText(b.body);
}

function restates(older: Fact, newer: Fact): boolean {
  if (older.type !== newer.type || older.scope !== newer.scope) return false;
  if (normaliseText(older.title) === normaliseText(newer.title)) return true;
  const bag = titleWordBag(newer.title);
  return bag.length > 0 && bag === titleWordBag(older.title);
}

function newestOf(facts: readonly Fact[]): Fact | undefined {
  let best: Fact | undefined;
  for (const fact of facts) if (!best || compareNewestFirst(fact, best) < 0) best = fact;
  return best;
}

/**
 * The replay over the candidate facts (active by their own files and `supersedes` links),
 * kept up to date one fact at a time: only the facts sharing a changed fact's key are replayed.
 */
export class MergeResolver {
  private readonly held = new Map<string, { fact: Fact; key: string }>();
  /** key → the one fact holding it, or the several that share it (the only ones replayed). */
  private readonly byKey = new Map<string, Fact | Fact[]>();
  private readonly resolved = new Map<string, MergeResolution>();

  /** The candidate held under `id`, if any. */
  candidate(id: string): Fact | undefined {
    return this.held.get(id)?.fact;
  }

  /** Why `id` is not active although its own file says it is, if the replay took it out. */
  resolutionOf(id: string): MergeResolution | undefined {
    return this.resolved.get(id);
  }

  /** Every resolution in force, oldest resolved fact first. */
  all(): MergeResolution[] {
    return [...this.resolved.values()].sort((a, b) => compareNewestFirst(b.fact, a.fact));
  }

  /** Adds a candidate; returns the ids whose resolution may have changed. */
  add(fact: Fact, replay = true): string[] {
    const key = keyOf(fact);
    this.held.set(fact.id, { fact, key });
    const current = this.byKey.get(key);
    if (current === undefined) {
      this.byKey.set(key, fact);
      return [];
    }
    if (Array.isArray(current)) current.push(fact);
    else this.byKey.set(key, [current, fact]);
    return replay ? this.replay(key) : [];
  }

  /** Removes a candidate; returns the ids whose resolution may have changed. */
  remove(fact: Fact): string[] {
    const held = this.held.get(fact.id);
    if (held?.fact !== fact) return [];
    this.held.delete(fact.id);
    const changed = this.resolved.delete(fact.id) ? [fact.id] : [];
    const current = this.byKey.get(held.key);
    if (!Array.isArray(current)) {
      this.byKey.delete(held.key);
      return changed;
    }
    current.splice(current.indexOf(fact), 1);
    return [...changed, ...this.replay(held.key)];
  }

  /** Replays every key that several facts share (after adding many with `replay` false). */
  replayAll(): string[] {
    const changed: string[] = [];
    for (const [key, facts] of this.byKey) if (Array.isArray(facts)) changed.push(...this.replay(key));
    return changed;
  }

  private replay(key: string): string[] {
    const current = this.byKey.get(key);
    const members = Array.isArray(current) ? [...current].sort((a, b) => compareNewestFirst(b, a)) : current ? [current] : [];
    if (Array.isArray(current) && current.length === 1) this.byKey.set(key, current[0] as Fact);
    const outcome = new Map<string, MergeResolution>();
    if (members.length > 1) {
      const live: Fact[] = [];
      for (const fact of members) {
        const duplicate = newestOf(live.filter((older) => sameFact(older, fact)));
        if (duplicate) {
          outcome.set(fact.id, { fact, by: duplicate, rule: "duplicate" });
          continue;
        }
        // Also when the fact names another in `supersedes`: memory_write records a restatement
        // that way, so the link alone cannot tell an explicit choice from the rule's.
        const restated = newestOf(live.filter((older) => restates(older, fact)));
        if (restated) {
          outcome.set(restated.id, { fact: restated, by: fact, rule: "restated" });
          live.splice(live.indexOf(restated), 1);
        }
        live.push(fact);
      }
    }
    const changed: string[] = [];
    for (const fact of members) {
      const before = this.resolved.get(fact.id);
      const after = outcome.get(fact.id);
      if (before?.by === after?.by && before?.rule === after?.rule) continue;
      if (after) this.resolved.set(fact.id, after);
      else this.resolved.delete(fact.id);
      changed.push(fact.id);
    }
    return changed;
  }
}
