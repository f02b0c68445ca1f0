// Which stored facts are active (not superseded, not expired, not named by another fact's
// `supersedes`), kept up to date from the driver's deltas and from this process's own writes,
// and the structures derived from them — the search index, the INDEX.md order, the write
// rules' title keys and the short ids of every stored fact — each built on first use and then
// updated one fact at a time.

import { IndexOrder } from "../report/index-order";
import { ShortFactIds } from "../layout/short-ids";
import { IncrementalSearchIndex } from "../search/incremental-index";
import type { Fact } from "../types";
import { MergeResolver } from "./merge-resolution";
import type { MergeResolution } from "./merge-resolution";
import { isActive } from "./order";
import { TitleKeys } from "./restatement";

interface Derived {
  add(fact: Fact): void;
  remove(fact: Fact): void;
}

/** The active facts of one store, with lazily built, incrementally updated derivatives. */
export class ActiveFacts {
  private readonly storedFacts = new Map<string, Fact>();
  private readonly active = new Map<string, Fact>();
  /** target id → ids of stored facts whose `supersedes` names it. */
  private readonly replacers = new Map<string, Set<string>>();
  private readonly expiring = new Set<string>();
  private searchIndexCache: IncrementalSearchIndex | undefined;
  private orderCache: IndexOrder | undefined;
  private titleKeysCache: TitleKeys | undefined;
  /** Every stored id (active or not), for the short forms a model reads and writes back. */
  private shortIdsCache: ShortFactIds | undefined;
  /** Duplicates and restatements that only a merge can create, resolved by replaying the write rules. */
  private readonly resolver = new MergeResolver();

  constructor(
    facts: Iterable<Fact>,
    private day: string,
    /** An index restored from a saved one, reconciled with the active facts on first use. */
    private restored?: IncrementalSearchIndex,
  ) {
    for (const fact of facts) this.link(fact);
    for (const fact of this.storedFacts.values()) {
      if (!this.isCandidate(fact)) continue;
      this.active.set(fact.id, fact);
      this.resolver.add(fact, false);
    }
    for (const id of this.resolver.replayAll()) if (this.resolver.resolutionOf(id)) this.active.delete(id);
  }

  /** Facts the merge replay took out of the active set, and why (see merge-resolution.ts). */
  mergeResolutions(): MergeResolution[] {
    return this.resolver.all();
  }

  get size(): number {
    return this.active.size;
  }

  get(id: string): Fact | undefined {
    return this.active.get(id);
  }

  values(): IterableIterator<Fact> {
    return this.active.values();
  }

  private derived(): Derived[] {
    return [this.searchIndexCache, this.orderCache, this.titleKeysCache].filter((one): one is NonNullable<typeof one> => one !== undefined);
  }

  searchIndex(): IncrementalSearchIndex {
    if (!this.searchIndexCache && this.restored) this.searchIndexCache = this.reconciled(this.restored);
    this.restored = undefined;
    return (this.searchIndexCache ??= new IncrementalSearchIndex(this.active.values()));
  }

  /** The search index if one was built (for saving), without building it. */
  builtSearchIndex(): IncrementalSearchIndex | undefined {
    return this.searchIndexCache;
  }

  /**
   * `restored` updated to hold exactly the active facts (the very objects), or undefined when
   * so much differs that building afresh is cheaper.
   */
  private reconciled(restored: IncrementalSearchIndex): IncrementalSearchIndex | undefined {
    const stale = restored.facts.filter((fact) => this.active.get(fact.id) !== fact);
    // The index holds each fact once, so with none stale and as many as are active it holds
    // exactly the active ones (the usual cold start: no pass over the active facts needed).
    const missing = stale.length === 0 && restored.size === this.active.size ? [] : [...this.active.values()].filter((fact) => !restored.has(fact));
    if (stale.length + missing.length > Math.max(64, this.active.size / 4)) return undefined;
    for (const fact of stale) restored.remove(fact);
    for (const fact of missing) restored.add(fact);
    return restored;
  }

  indexOrder(): IndexOrder {
    return (this.orderCache ??= new IndexOrder(this.active.values()));
  }

  titleKeys(): TitleKeys {
    return (this.titleKeysCache ??= new TitleKeys(this.active.values()));
  }

  /** The short ids of every stored fact (layout/short-ids.ts), built on first use. */
  shortIds(): ShortFactIds {
    return (this.shortIdsCache ??= new ShortFactIds(this.storedFacts.keys()));
  }

  /** Any stored fact, active or not. */
  stored(id: string): Fact | undefined {
    return this.storedFacts.get(id);
  }

  private link(fact: Fact): void {
    if (!this.storedFacts.has(fact.id)) this.shortIdsCache?.add(fact.id);
    this.storedFacts.set(fact.id, fact);
    if (fact.expires) this.expiring.add(fact.id);
    if (fact.supersedes) {
      const ids = this.replacers.get(fact.supersedes);
      if (ids) ids.add(fact.id);
      else this.replacers.set(fact.supersedes, new Set([fact.id]));
    }
  }

  private unlink(fact: Fact): void {
    this.storedFacts.delete(fact.id);
    this.shortIdsCache?.remove(fact.id);
    this.expiring.delete(fact.id);
    if (fact.supersedes) {
      const ids = this.replacers.get(fact.supersedes);
      ids?.delete(fact.id);
      if (ids?.size === 0) this.replacers.delete(fact.supersedes);
    }
  }

  private isCandidate(fact: Fact): boolean {
    // The link from the newer fact also counts, so a crash between writing the new fact and
    // marking the old one cannot leave both active, and a merge-safe store never needs the mark.
    return isActive(fact, this.day) && !this.replacers.has(fact.id);
  }

  /** Brings `id`'s candidacy up to date; returns the ids whose active state may now differ. */
  private recandidate(id: string): string[] {
    const fact = this.storedFacts.get(id);
    const wanted = fact && this.isCandidate(fact) ? fact : undefined;
    const current = this.resolver.candidate(id);
    if (current === wanted) return [id];
    const changed = [id];
    if (current) changed.push(...this.resolver.remove(current));
    if (wanted) changed.push(...this.resolver.add(wanted));
    return changed;
  }

  private reevaluate(id: string): void {
    const changed = new Set(this.recandidate(id));
    for (const one of changed) this.sync(one);
  }

  private sync(id: string): void {
    const candidate = this.resolver.candidate(id);
    const wanted = candidate && !this.resolver.resolutionOf(id) ? candidate : undefined;
    const current = this.active.get(id);
    if (current === wanted) return;
    if (current) {
      this.active.delete(id);
      for (const one of this.derived()) one.remove(current);
    }
    if (wanted) {
      this.active.set(id, wanted);
      for (const one of this.derived()) one.add(wanted);
    }
  }

  /** Applies stored facts that went away and new or replaced ones (idempotent). */
  apply(removed: Iterable<Fact>, added: Iterable<Fact>): void {
    const touched = new Set<string>();
    const touch = (fact: Fact): void => {
      touched.add(fact.id);
      if (fact.supersedes) touched.add(fact.supersedes);
    };
    for (const fact of removed) {
      if (this.storedFacts.get(fact.id) !== fact) continue;
      this.unlink(fact);
      touch(fact);
    }
    for (const fact of added) {
      const previous = this.storedFacts.get(fact.id);
      if (previous === fact) continue;
      if (previous) {
        this.unlink(previous);
        touch(previous);
      }
      this.link(fact);
      touch(fact);
    }
    const changed = new Set<string>();
    for (const id of touched) for (const one of this.recandidate(id)) changed.add(one);
    for (const id of changed) this.sync(id);
  }

  /** Moves to another UTC day: only facts with `expires` can change. */
  setDay(day: string): void {
    if (day === this.day) return;
    this.day = day;
    for (const id of [...this.expiring]) this.reevaluate(id);
  }
}
