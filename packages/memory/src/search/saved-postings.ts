// The search index as saved for cold starts (drivers/saved-index.ts): its facts in position
// order (as positions among the saved facts), the sorted vocabulary, the written forms with
// their stems and counts, and the field totals as JSON; every term's positions as 32-bit
// integers (each term's list ends where `ends` says). A restored index reads a term's positions
// from those integers the first time it asks for the term (SavedPostings), so a cold start
// builds no list for the thousands of terms its first query does not touch.
// Decoding checks every value's shape and range, so a malformed part is refused, never used.

import type { Fact } from "../types";
import { IncrementalSearchIndex } from "./incremental-index";
import { lowerBound } from "./search-index";
import type { FactTerms, Postings } from "./search-index";

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
}

/** The saved form of `index`, with only the facts `savedAt` places (its position among the saved facts). */
export function encodePostings(index: IncrementalSearchIndex, savedAt: ReadonlyMap<Fact, number>): SavedPostingsParts {
  const parts = index.parts((fact) => savedAt.has(fact));
  const ends = new Int32Array(parts.postings.length);
  const positions = new Int32Array(parts.postings.reduce((sum, list) => sum + list.length, 0));
  let end = 0;
  parts.postings.forEach((list, at) => {
    positions.set(list, end);
    ends[at] = end += list.length;
  });
  const json = {
    facts: parts.facts.map((fact) => savedAt.get(fact) as number),
    vocabulary: [...parts.vocabulary],
    surfaces: parts.surfaces.map(([word, stem, count]) => [word, stem, count] as [string, string, number]),
    totals: [...parts.totals],
  };
  return { json, ends, positions };
}

/**
 * Postings read from a saved index on demand. `vocabulary` is the saved (sorted) one; a term
 * deleted or replaced since is looked up in `changed` first.
 */
class SavedPostings implements Postings {
  private readonly changed = new Map<string, number[] | undefined>();

  constructor(
    private readonly vocabulary: readonly string[],
    private readonly ends: Int32Array,
    private readonly positions: Int32Array,
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
  }

  delete(term: string): void {
    this.changed.set(term, undefined);
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
export function decodePostings(saved: unknown, ends: Int32Array, positions: Int32Array, savedFacts: readonly Fact[], savedTerms: readonly (FactTerms | undefined)[]): IncrementalSearchIndex | undefined {
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
  let previous = 0;
  for (let at = 0; at < ends.length; at++) {
    const end = ends[at] as number;
    if (end <= previous) return undefined;
    previous = end;
  }
  if (previous !== positions.length) return undefined;
  const factCount = facts.length;
  for (let at = 0; at < positions.length; at++) {
    const position = positions[at] as number;
    if (position < 0 || position >= factCount) return undefined;
  }
  for (const surface of surfaces) {
    if (!Array.isArray(surface) || typeof surface[0] !== "string" || typeof surface[1] !== "string" || !Number.isInteger(surface[2]) || surface[2] < 1) return undefined;
  }
  return IncrementalSearchIndex.restore({ facts, vocabulary, postings: new SavedPostings(vocabulary, ends, positions), surfaces, totals, terms });
}
