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

function keysOf(fact: Fact): string[] {
  const keys = [`t\u0000${fact.type}\u0000${fact.scope}\u0000${normaliseText(fact.title)}`];
  const bag = titleWordBag(fact.title);
  if (bag.length > 0) keys.push(`b\u0000${fact.type}\u0000${fact.scope}\u0000${bag}`);
  return keys;
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
 * kept up to date one fact at a time: only the facts sharing a key with a changed one are
 * replayed again.
 */
export class MergeResolver {
  private readonly keys = new Map<string, { fact: Fact; keys: string[] }>();
  private readonly byKey = new Map<string, Set<Fact>>();
  private readonly resolved = new Map<string, MergeResolution>();

  /** The candidate held under `id`, if any. */
  candidate(id: string): Fact | undefined {
    return this.keys.get(id)?.fact;
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
  add(fact: Fact): string[] {
    const keys = keysOf(fact);
    this.keys.set(fact.id, { fact, keys });
    for (const key of keys) {
      const set = this.byKey.get(key);
      if (set) set.add(fact);
      else this.byKey.set(key, new Set([fact]));
    }
    return this.replay([fact]);
  }

  /** Removes a candidate; returns the ids whose resolution may have changed. */
  remove(fact: Fact): string[] {
    const held = this.keys.get(fact.id);
    if (held?.fact !== fact) return [];
    this.keys.delete(fact.id);
    const neighbours: Fact[] = [];
    for (const key of held.keys) {
      const set = this.byKey.get(key);
      if (!set) continue;
      set.delete(fact);
      if (set.size === 0) this.byKey.delete(key);
      else neighbours.push(...set);
    }
    const changed = this.resolved.delete(fact.id) ? [fact.id] : [];
    return [...changed, ...this.replay(neighbours)];
  }

  /** Facts connected to `start` through shared keys. */
  private component(start: readonly Fact[]): Fact[] {
    const seen = new Set<Fact>(start);
    const queue = [...start];
    for (let next = queue.pop(); next; next = queue.pop()) {
      for (const key of this.keys.get(next.id)?.keys ?? []) {
        for (const other of this.byKey.get(key) ?? []) {
          if (seen.has(other)) continue;
          seen.add(other);
          queue.push(other);
        }
      }
    }
    return [...seen];
  }

  private replay(start: readonly Fact[]): string[] {
    if (start.length === 0) return [];
    const members = this.component(start).sort((a, b) => compareNewestFirst(b, a));
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
