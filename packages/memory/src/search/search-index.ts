// The inverted index searched by rank.ts: per-field term frequencies and lengths of every
// active fact, document frequencies, average field lengths, a sorted vocabulary for prefix
// and typo lookups, and the written forms of words whose stem differs (typo lookups too).
// incremental-index.ts builds and updates it; each fact's own term counts are memoised on the
// fact object, so a write re-tokenises one fact.

import type { Fact } from "../types";
import type { AbbreviationTerms } from "./glossary";
import { dateTermsOfFact } from "./date-terms";
import { tokenize } from "./tokenize";

/** The fields BM25F weighs separately. */
export const FIELDS = ["title", "tags", "body"] as const;

/**
 * Term counts of one fact. Each term's counts in the three fields are packed into one number
 * (title + tags·2¹⁰ + body·2²⁰, each capped at 1023) so 10,000 facts do not allocate
 * hundreds of thousands of small arrays; {@link fieldCount} unpacks.
 */
export interface FactTerms {
  readonly counts: Map<string, number>;
  readonly lengths: readonly number[];
  /** Distinct written words whose stem differs from the word (`flyway`, stem `flywai`). */
  readonly surfaces: readonly string[];
}

const FIELD_BITS = 10;
const FIELD_MASK = (1 << FIELD_BITS) - 1;

/** The count of a packed term in one field (0 title, 1 tags, 2 body). */
export function fieldCount(packed: number, field: number): number {
  return (packed >>> (FIELD_BITS * field)) & FIELD_MASK; // packed < 2³⁰
}

/**
 * One term's postings: the positions of the facts holding it and, aligned with them, each
 * fact's packed counts of the term, so ranking walks a term's list without looking into any
 * fact's own counts. The order of positions is not meaningful.
 */
export interface PostingList {
  readonly positions: ArrayLike<number>;
  readonly packed: ArrayLike<number>;
}

/** A {@link PostingList} the index changes in place. */
export interface EditablePostingList extends PostingList {
  readonly positions: number[];
  readonly packed: number[];
}

/**
 * Term → its postings: a map when built here, or a view of a saved index that reads a term's
 * saved integers in place and copies them only when the term's list changes (saved-postings.ts).
 */
export interface Postings {
  get(term: string): PostingList | undefined;
  has(term: string): boolean;
  /** The term's list to change in place, or undefined when no fact holds the term. */
  edit(term: string): EditablePostingList | undefined;
  set(term: string, list: EditablePostingList): void;
  delete(term: string): void;
}

/** {@link Postings} of an index built in this process. */
export class BuiltPostings implements Postings {
  private readonly lists = new Map<string, EditablePostingList>();

  get(term: string): EditablePostingList | undefined {
    return this.lists.get(term);
  }

  has(term: string): boolean {
    return this.lists.has(term);
  }

  edit(term: string): EditablePostingList | undefined {
    return this.lists.get(term);
  }

  set(term: string, list: EditablePostingList): void {
    this.lists.set(term, list);
  }

  delete(term: string): void {
    this.lists.delete(term);
  }
}

/** Everything rank.ts needs about a set of active facts. */
export interface SearchIndex {
  readonly facts: readonly Fact[];
  readonly terms: readonly FactTerms[];
  /** term → the positions in `facts` that contain it (any field), with their counts of it. */
  readonly postings: Postings;
  readonly averageLengths: number[];
  /** Every position's field lengths side by side: `fieldLengths[position * 3 + field]`. */
  readonly fieldLengths: readonly number[];
  /**
   * Changes whenever a fact is added or removed (positions, lengths and averages with it), so
   * what ranking keeps per index can tell it is stale; an index without one (a read-only one,
   * like the recall index) has nothing kept for it and is read afresh on every question.
   */
  readonly version?: number;
  /**
   * A number that changes whenever `term`'s postings change (a fact holding it added, removed or
   * moved), so what ranking keeps about one term's facts outlives writes that leave the term
   * alone ({@link KeptPerTerm}); present with `version`. {@link ABSENT_TERM} for a term no fact
   * holds, whose values are those of no postings and are never kept.
   */
  termStamp?(term: string): number;
  /** Sorted distinct terms, for prefix and typo expansion. */
  readonly vocabulary: readonly string[];
  /**
   * Written word → its stem, for words whose stem differs. A typo is compared with what was
   * written as well as with the stem, because stemming can move a typo further away:
   * `flywya` is one swap from `flyway` but two edits from its stem `flywai`.
   */
  readonly surfaces: ReadonlyMap<string, string>;
  /**
   * The written forms by first letter, each run in the order of `surfaces` (query-expansion.ts's
   * typo lookups), kept up to date by an index that changes; an index without it is grouped
   * afresh on every question.
   */
  surfacesByFirstLetter?(): ReadonlyMap<string, readonly WrittenForm[]>;
  /** The acronyms the glossary facts among `facts` define, as terms (glossary.ts). */
  learnedTerms(): readonly AbbreviationTerms[];
}

/** First position in a sorted vocabulary whose term is not below `value` (binary search). */
export function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? "") < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A written form of {@link SearchIndex.surfaces}: the word, its stem, and its place in their order (ascending within a run). */
export interface WrittenForm {
  readonly at: number;
  readonly surface: string;
  readonly stem: string;
}

/**
 * Values made from one term's postings (the role mentions among its facts, whether they write it
 * as a name), kept per index while the term's {@link SearchIndex.termStamp} stays the same: a
 * write costs them only the terms of the facts it added or removed. An index without stamps (a
 * read-only one) has each made afresh on every call.
 */
export class KeptPerTerm<T> {
  readonly #kept = new WeakMap<SearchIndex, Map<string, { readonly term: string; readonly stamp: number; readonly value: T }>>();

  /** The value `make` builds from `term`'s postings in `index`, kept under `key` (default the term). */
  get(index: SearchIndex, term: string, make: () => T, key = term): T {
    const stamp = index.termStamp?.(term);
    if (stamp === undefined) return make();
    let byKey = this.#kept.get(index);
    if (stamp === ABSENT_TERM) {
      // Asked words no fact holds ("the courier" where no fact says courier) are never kept.
      byKey?.delete(key);
      return make();
    }
    if (byKey === undefined) this.#kept.set(index, (byKey = new Map()));
    const held = byKey.get(key);
    if (held !== undefined && held.stamp === stamp) return held.value;
    const value = make();
    if (byKey.size >= keptBound(index)) dropStale(index, byKey);
    byKey.set(key, { term, stamp, value });
    return value;
  }
}

/** termStamp of a term no fact holds. */
export const ABSENT_TERM = -1;

// Past this many kept values the stale ones go: those of terms since changed or gone. What is
// left is one value per key of a term the index holds, so the map stays within a few per term.
const keptBound = (index: SearchIndex): number => 1_024 + 2 * index.vocabulary.length;

function dropStale<T>(index: SearchIndex, byKey: Map<string, { readonly term: string; readonly stamp: number; readonly value: T }>): void {
  for (const [key, held] of byKey) if (index.termStamp?.(held.term) !== held.stamp) byKey.delete(key);
}

const termsCache = new WeakMap<Fact, FactTerms>();
const NO_SURFACES: readonly string[] = [];

function scopeWords(scope: string): string {
  return scope === "project" ? "" : scope.replace(/^[a-z]+:/, "");
}

/** Term counts of one fact if already computed (or restored), without computing them. */
export function knownTermsOf(fact: Fact): FactTerms | undefined {
  return termsCache.get(fact);
}

/** Restores term counts computed by an earlier process (saved-terms.ts), instead of tokenising. */
export function rememberTerms(fact: Fact, terms: FactTerms): void {
  termsCache.set(fact, terms);
}

/** Term counts of one fact, memoised per fact object. */
export function termsOf(fact: Fact): FactTerms {
  let terms = termsCache.get(fact);
  if (terms) return terms;
  const fieldTexts = [fact.title, [...fact.tags, scopeWords(fact.scope)].join(" "), fact.body];
  const counts = new Map<string, number>();
  const lengths: number[] = [];
  const surfaces = new Set<string>();
  const keepSurface = (word: string, stem: string): void => {
    if (word !== stem) surfaces.add(word);
  };
  fieldTexts.forEach((text, field) => {
    const tokens = tokenize(text, true, keepSurface);
    lengths.push(tokens.length);
    const unit = 2 ** (FIELD_BITS * field);
    for (const token of tokens) {
      const packed = counts.get(token) ?? 0;
      if (fieldCount(packed, field) < FIELD_MASK) counts.set(token, packed + unit);
    }
  });
  // The fact's dates as body terms that add nothing to its length (date-terms.ts).
  const bodyUnit = 2 ** (FIELD_BITS * 2);
  for (const term of dateTermsOfFact(fact)) counts.set(term, (counts.get(term) ?? 0) + bodyUnit);
  terms = { counts, lengths, surfaces: surfaces.size > 0 ? [...surfaces] : NO_SURFACES };
  termsCache.set(fact, terms);
  return terms;
}
