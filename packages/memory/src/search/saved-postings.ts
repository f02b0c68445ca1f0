// The search index as saved for cold starts (saved-index/saved-index-file.ts): its facts in position
// order (as positions among the saved facts), the sorted vocabulary, the written forms with
// their stems and counts, and the field totals as JSON; every term's positions as 32-bit
// integers (each term's list ends where `ends` says), and beside each position that fact's
// packed counts of the term, so ranking a cold index walks a term's positions and counts side by
// side instead of decoding any fact's terms (a broad first question at 10,000 facts touches
// thousands of candidates). A restored index reads a term's positions
// from those integers the first time it asks for the term (SavedPostings), so a cold start
// builds no list for the thousands of terms its first query does not touch.
// Decoding checks every value's shape and range, so a malformed part is refused, never used.

import type { Fact } from "../types";
import { IncrementalSearchIndex } from "./incremental-index";
import { fieldCount, lowerBound, termsOf } from "./search-index";
import { termsText } from "./saved-terms";
import type { EditablePostingList, FactTerms, PostingList, Postings } from "./search-index";

/** Fields of a fact's terms (title, tags, body) and the most one packed count holds (search-index.ts). */
const FIELDS = 3;
const MAX_FIELD_COUNT = 1023;

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
 * Postings read from a saved index in place. `vocabulary` is the saved (sorted) one. A term's
 * list, once read, is kept in `lists`: a view of its saved integers until the index edits it (a
 * copy from then on), or null once deleted; a term not there lists exactly its saved positions
 * and counts (any add, removal or move of a fact edits the lists of that fact's terms).
 * A term is kept only once the index held it, so `lists` never outgrows the vocabulary it had.
 */
class SavedPostings implements Postings {
  private readonly lists = new Map<string, PostingList | null>();

  constructor(
    private readonly vocabulary: readonly string[],
    private readonly ends: Int32Array,
    private readonly positions: Int32Array,
    private readonly packed: Int32Array,
  ) {}

  get(term: string): PostingList | undefined {
    const known = this.lists.get(term);
    if (known !== undefined) return known ?? undefined;
    const at = lowerBound(this.vocabulary, term);
    if (this.vocabulary[at] !== term) return undefined;
    const start = at === 0 ? 0 : (this.ends[at - 1] as number);
    const end = this.ends[at] as number;
    const view = { positions: this.positions.subarray(start, end), packed: this.packed.subarray(start, end) };
    this.lists.set(term, view);
    return view;
  }

  has(term: string): boolean {
    return this.get(term) !== undefined;
  }

  edit(term: string): EditablePostingList | undefined {
    const list = this.get(term);
    if (!list) return undefined;
    if (Array.isArray(list.positions)) return list as EditablePostingList;
    const copy = { positions: Array.from(list.positions), packed: Array.from(list.packed) };
    this.lists.set(term, copy); // copied once; the index changes it in place from now on
    return copy;
  }

  set(term: string, list: EditablePostingList): void {
    this.lists.set(term, list);
  }

  delete(term: string): void {
    this.lists.set(term, null);
  }
}

/** Whether `term` is among the terms of `fact` (its saved `terms`, else its own). */
function holdsTerm(terms: FactTerms | undefined, fact: Fact, term: string): boolean {
  if (!terms) return termsOf(fact).counts.has(term);
  const text = termsText(terms);
  const countsEnd = text.indexOf("\n");
  // `term packed term packed …`: a term starts the text or follows a space, and a space follows it.
  for (let at = text.indexOf(term); at >= 0 && (countsEnd < 0 || at < countsEnd); at = text.indexOf(term, at + 1)) {
    if ((at === 0 || text.charCodeAt(at - 1) === 32) && text.charCodeAt(at + term.length) === 32) return true;
  }
  return false;
}

/** `~`, which starts every date term and no word's (the analyser never yields it). */
const DATE_TERM_MARK = 126;

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
  // Each list ascending (as encoded: a list out of order is not one this code wrote), each count a real one.
  if (packed.length !== positions.length || (ends.length > 0 ? ends[ends.length - 1] : 0) !== positions.length) return undefined;
  const factCount = facts.length;
  // Per fact and field, the sum of its counts over all lists but the date terms' (which add to no
  // length): it must equal the fact's saved field length (search-index.ts counts every token once), and the lengths must add up to the
  // totals, so a forged count, a moved posting or a forged total is caught here, not ranked.
  const sums = new Float64Array(factCount * FIELDS);
  const saturated = new Uint8Array(factCount);
  let start = 0;
  for (let term = 0; term < ends.length; term++) {
    const end = ends[term] as number;
    if (end <= start) return undefined;
    // A date term (`~2026-03-14`, date-terms.ts) counts in no field's length: left out of the sums.
    const counted = (vocabulary[term] as string).charCodeAt(0) !== DATE_TERM_MARK;
    let previous = -1;
    for (let at = start; at < end; at++) {
      const position = positions[at] as number;
      const counts = packed[at] as number;
      if (position <= previous || position >= factCount || counts <= 0 || counts >= 2 ** 30) return undefined;
      for (let field = 0; field < FIELDS; field++) {
        const count = fieldCount(counts, field);
        if (counted) sums[position * FIELDS + field] = (sums[position * FIELDS + field] as number) + count;
        if (count === MAX_FIELD_COUNT) saturated[position] = 1;
      }
      previous = position;
    }
    start = end;
  }
  // Every term is one its first fact holds (a renamed term keeps the lists in order and the sums
  // equal, yet would hide its facts from every query naming it): one whole-word lookup per term
  // in that fact's saved terms text, which decodes no Map.
  start = 0;
  for (let term = 0; term < ends.length; term++) {
    const position = positions[start] as number;
    if (!holdsTerm(terms[position], facts[position] as Fact, vocabulary[term] as string)) return undefined;
    start = ends[term] as number;
  }
  const lengthTotals = [0, 0, 0];
  for (let position = 0; position < factCount; position++) {
    const lengths = (terms[position] ?? termsOf(facts[position] as Fact)).lengths;
    for (let field = 0; field < FIELDS; field++) {
      const length = lengths[field] as number;
      const sum = sums[position * FIELDS + field] as number;
      // A count stops at its 10-bit maximum (a word 1,023 times in one field) while the length goes on.
      if (saturated[position] ? sum > length : sum !== length) return undefined;
      lengthTotals[field] = (lengthTotals[field] as number) + length;
    }
  }
  if (lengthTotals.some((total, field) => total !== totals[field])) return undefined;
  for (const surface of surfaces) {
    if (!Array.isArray(surface) || typeof surface[0] !== "string" || typeof surface[1] !== "string" || !Number.isInteger(surface[2]) || surface[2] < 1 || surface[2] > factCount) return undefined;
    if (vocabulary[lowerBound(vocabulary, surface[1])] !== surface[1]) return undefined; // a written form of no indexed stem
  }
  return IncrementalSearchIndex.restore({ facts, vocabulary, postings: new SavedPostings(vocabulary, ends, positions, packed), surfaces, totals, terms });
}
