// The search index as saved for cold starts (drivers/saved-index.ts): its facts in position
// order (as positions among the saved facts), the sorted vocabulary, the written forms with
// their stems and counts, and the field totals as JSON; every term's positions as 32-bit
// integers (each term's list ends where `ends` says), and beside each position that fact's
// packed counts of the term, so ranking a cold index reads a candidate's term frequency from
// the posting instead of decoding the candidate's every term (a broad first question at
// 10,000 facts touches thousands of candidates). A restored index reads a term's positions
// from those integers the first time it asks for the term (SavedPostings), so a cold start
// builds no list for the thousands of terms its first query does not touch.
// Decoding checks every value's shape and range, so a malformed part is refused, never used.

import type { Fact } from "../types";
import { IncrementalSearchIndex } from "./incremental-index";
import { lowerBound } from "./search-index";
import type { FactTerms, Postings, SavedCounts } from "./search-index";

/** The saved form's JSON part. */
export interface SavedPostingsJson {
  /** For each position of the index, the fact's position among the saved facts. */
  facts: number[];
  vocabulary: string[];
  surfaces: [string, string, number][];
  totals: number[];
}

/** The saved form: the JSON part, and per vocabulary term where its positions end in `positions`. */
export interface SavedPostingsParts {
  json: SavedPostingsJson;
  ends: Int32Array;
  positions: Int32Array;
  /** Aligned with `positions`: that fact's packed counts of the term (search-index.ts). */
  packed: Int32Array;
}

/** The saved form of `index`, with only the facts `savedAt` places (its position among the saved facts). */
export function encodePostings(index: IncrementalSearchIndex, savedAt: ReadonlyMap<Fact, number>): SavedPostingsParts {
  const parts = index.parts((fact) => savedAt.has(fact));
  const ends = new Int32Array(parts.postings.length);
  const positions = new Int32Array(parts.postings.reduce((sum, list) => sum + list.length, 0));
  const packed = new Int32Array(positions.length);
  let end = 0;
  parts.postings.forEach((list, at) => {
    positions.set(list, end);
    packed.set(parts.packed[at] as number[], end);
    ends[at] = end += list.length;
  });
  const json = {
    facts: parts.facts.map((fact) => savedAt.get(fact) as number),
    vocabulary: [...parts.vocabulary],
    surfaces: parts.surfaces.map(([word, stem, count]) => [word, stem, count] as [string, string, number]),
    totals: [...parts.totals],
  };
  return { json, ends, positions, packed };
}

/**
 * Postings read from a saved index on demand. `vocabulary` is the saved (sorted) one; a term
 * deleted or replaced since is looked up in `changed` first.
 */
class SavedPostings implements Postings {
  private readonly changed = new Map<string, number[] | undefined>();
  /**
   * Terms whose list was put, changed in place or deleted since the restore. A term not here
   * lists exactly the saved positions, and each of those still holds the fact it held when saved
   * (any add, removal or move of a fact puts the lists of that fact's terms), so its saved
   * counts still hold.
   */
  private readonly touched = new Set<string>();

  constructor(
    private readonly vocabulary: readonly string[],
    private readonly ends: Int32Array,
    private readonly positions: Int32Array,
    private readonly packed: Int32Array,
  ) {}

  private savedAt(term: string): number {
    const at = lowerBound(this.vocabulary, term);
    return this.vocabulary[at] === term ? at : -1;
  }

  get(term: string): number[] | undefined {
    if (this.changed.has(term)) return this.changed.get(term);
    const at = this.savedAt(term);
    if (at < 0) return undefined;
    const list = Array.from(this.positions.subarray(at === 0 ? 0 : this.ends[at - 1], this.ends[at]));
    this.changed.set(term, list); // decoded once; the index may change the list in place
    return list;
  }

  has(term: string): boolean {
    return this.changed.has(term) ? this.changed.get(term) !== undefined : this.savedAt(term) >= 0;
  }

  set(term: string, positions: number[]): void {
    this.changed.set(term, positions);
    this.touched.add(term);
  }

  delete(term: string): void {
    this.changed.set(term, undefined);
    this.touched.add(term);
  }

  savedCounts(term: string): SavedCounts | undefined {
    if (this.touched.has(term)) return undefined;
    const at = this.savedAt(term);
    if (at < 0) return undefined;
    const start = at === 0 ? 0 : (this.ends[at - 1] as number);
    const end = this.ends[at] as number;
    return { positions: this.positions.subarray(start, end), packed: this.packed.subarray(start, end) };
  }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/**
 * The index restored from `saved`, its facts (and their restored terms) taken from the saved
 * facts (and terms) by position; undefined when any part is malformed or names a position `savedFacts`
 * does not hold (then the index is built as usual).
 */
export function decodePostings(saved: unknown, ends: Int32Array, positions: Int32Array, packed: Int32Array, savedFacts: readonly Fact[], savedTerms: readonly (FactTerms | undefined)[]): IncrementalSearchIndex | undefined {
  if (typeof saved !== "object" || saved === null) return undefined;
  const { facts: factPositions, vocabulary, surfaces, totals } = saved as Partial<SavedPostingsJson>;
  if (!Array.isArray(factPositions) || !isStringArray(vocabulary) || !Array.isArray(surfaces) || !Array.isArray(totals)) return undefined;
  if (ends.length !== vocabulary.length || totals.length !== 3 || !totals.every((total) => Number.isInteger(total) && total >= 0)) return undefined;
  for (let at = 1; at < vocabulary.length; at++) if ((vocabulary[at - 1] as string) >= (vocabulary[at] as string)) return undefined;
  const facts: Fact[] = [];
  const terms: (FactTerms | undefined)[] = [];
  const used = new Uint8Array(savedFacts.length);
  for (const position of factPositions) {
    const found = Number.isInteger(position) && used[position] === 0 ? savedFacts[position] : undefined;
    if (!found) return undefined;
    used[position] = 1;
    facts.push(found);
    terms.push(savedTerms[position]);
  }
  // Every list non-empty and every position a fact of the index: checked here, once, so a lazy read never meets a bad one.
  // Indexed loops: a cold start runs them once over ~200,000 integers, before any JIT has
  // warmed them up, where for-of over a typed array costs about three times as much.
  // Each list ascending (ranking looks counts up by binary search), each count a real one.
  if (packed.length !== positions.length || (ends.length > 0 ? ends[ends.length - 1] : 0) !== positions.length) return undefined;
  const factCount = facts.length;
  let start = 0;
  for (let term = 0; term < ends.length; term++) {
    const end = ends[term] as number;
    if (end <= start) return undefined;
    let previous = -1;
    for (let at = start; at < end; at++) {
      const position = positions[at] as number;
      if (position <= previous || position >= factCount || (packed[at] as number) <= 0) return undefined;
      previous = position;
    }
    start = end;
  }
  for (const surface of surfaces) {
    if (!Array.isArray(surface) || typeof surface[0] !== "string" || typeof surface[1] !== "string" || !Number.isInteger(surface[2]) || surface[2] < 1) return undefined;
  }
  return IncrementalSearchIndex.restore({ facts, vocabulary, postings: new SavedPostings(vocabulary, ends, positions, packed), surfaces, totals, terms });
}
