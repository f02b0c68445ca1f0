// The search index kept up to date one fact at a time: adding, replacing or removing a fact
// touches only that fact's postings, the sorted vocabulary entries of its terms and the
// collection totals, so the first search after a write costs what the write changed, not a
// rebuild (28 ms at 10,000 facts, 163 ms at 50,000 before). It keeps the exact shape rank.ts
// reads (dense positions, per-term postings with each fact's counts beside its position, a
// sorted vocabulary): a removed fact's position is filled by the last fact, whose postings are
// re-pointed.
// A cold start restores it whole from the saved index (saved-postings.ts) instead of inserting
// every fact, and the caller reconciles it with the facts active now (active-facts.ts).
// What ranking keeps beside it follows a write the same way (session 35, decision 0059): each
// term's stamp moves only when a fact holding it comes, goes or moves, and the written forms stay
// grouped by first letter as they come and go, so the search after a write no longer makes again
// what ranking keeps about terms the write left alone.

import type { Fact } from "../types";
import { LearnedGlossary } from "./glossary";
import type { AbbreviationTerms } from "./glossary";
import { ABSENT_TERM, BuiltPostings, FIELDS, lowerBound, termsOf } from "./search-index";
import type { EditablePostingList, FactTerms, Postings, SearchIndex, WrittenForm } from "./search-index";
import { stemWord } from "./tokenize";

/** Takes `position` out of `list`, its last entry filling the gap. */
function removePosting(list: EditablePostingList, position: number): void {
  const at = list.positions.indexOf(position);
  if (at < 0) return;
  const last = list.positions.length - 1;
  list.positions[at] = list.positions[last] as number;
  list.packed[at] = list.packed[last] as number;
  list.positions.pop();
  list.packed.pop();
}

/** The parts of an index that a saved index keeps, and restores without re-inserting every fact. */
export interface IndexParts {
  readonly facts: readonly Fact[];
  readonly vocabulary: readonly string[];
  /** Aligned with `vocabulary`: the positions holding each term, ascending. */
  readonly postings: readonly number[][];
  /** Aligned with `postings`: each listed fact's packed counts of the term. */
  readonly packed: readonly number[][];
  /** Written word, its stem, and how many facts hold it. */
  readonly surfaces: readonly (readonly [word: string, stem: string, count: number])[];
  readonly totals: readonly number[];
}

/** What a saved index restores: the parts, with the postings as a lookup and each fact's terms when known. */
export interface RestoredParts extends Omit<IndexParts, "postings" | "packed"> {
  readonly postings: Postings;
  /** Aligned with `facts`: their terms when known (restored ones), else tokenised (termsOf). */
  readonly terms?: readonly (FactTerms | undefined)[];
}

/** A {@link SearchIndex} with `add` and `remove`; ranking reads it like a built one. */
export class IncrementalSearchIndex implements SearchIndex {
  readonly facts: Fact[] = [];
  readonly terms: FactTerms[] = [];
  #postings: Postings = new BuiltPostings();
  readonly averageLengths: number[] = FIELDS.map(() => 1);
  readonly vocabulary: string[] = [];
  readonly surfaces = new Map<string, string>();
  private readonly surfaceCounts = new Map<string, number>();
  /** Fact → position; a restored index makes it on first need (a cold start's first search has none). */
  #positions: Map<Fact, number> | undefined = new Map<Fact, number>();
  private readonly totals: number[] = FIELDS.map(() => 0);
  private readonly glossary = new LearnedGlossary();
  /** Every position's field lengths, three per position; a restored index makes it on first need. */
  #fieldLengths: number[] | undefined = [];
  #version = 0;
  /**
   * Term → the version its postings last changed at; a term not here is as built or restored. A
   * term that goes keeps its stamp, so a stamp never moves back to one a kept value was made at.
   */
  readonly #termStamps = new Map<string, number>();
  /** The written forms by first letter, made on first need and then kept with every change. */
  #surfaceRuns: Map<string, WrittenForm[]> | undefined;
  /** The next written form's place in the order of `surfaces` (a form added later comes later there too). */
  #surfaceOrder = 0;

  constructor(facts: Iterable<Fact> = []) {
    const fresh = new Set<string>();
    for (const fact of facts) this.insert(fact, fresh);
    // One sort for the initial build instead of one insertion per new term.
    this.vocabulary.push(...fresh);
    this.vocabulary.sort();
    this.updateAverages();
  }

  learnedTerms(): readonly AbbreviationTerms[] {
    return this.glossary.terms();
  }

  get version(): number {
    return this.#version;
  }

  termStamp(term: string): number {
    if (!this.postings.has(term)) return ABSENT_TERM;
    return this.#termStamps.get(term) ?? 0;
  }

  surfacesByFirstLetter(): ReadonlyMap<string, readonly WrittenForm[]> {
    if (!this.#surfaceRuns) {
      this.#surfaceRuns = new Map();
      for (const [surface, stem] of this.surfaces) this.keepSurface(surface, stem);
    }
    return this.#surfaceRuns;
  }

  /** Puts a written form just added to `surfaces` at the end of its letter's run, when the runs are kept. */
  private keepSurface(surface: string, stem: string): void {
    const runs = this.#surfaceRuns;
    if (!runs) return;
    const form = { at: this.#surfaceOrder++, surface, stem };
    const letter = surface[0] ?? "";
    const run = runs.get(letter);
    if (run === undefined) runs.set(letter, [form]);
    else run.push(form);
  }

  /** Takes a written form just deleted from `surfaces` out of its letter's run. */
  private dropSurface(surface: string): void {
    const run = this.#surfaceRuns?.get(surface[0] ?? "");
    const at = run?.findIndex((form) => form.surface === surface) ?? -1;
    if (run && at >= 0) run.splice(at, 1);
  }

  get postings(): Postings {
    return this.#postings;
  }

  get fieldLengths(): readonly number[] {
    if (!this.#fieldLengths) {
      const lengths: number[] = [];
      for (const terms of this.terms) for (let field = 0; field < FIELDS.length; field++) lengths.push(terms.lengths[field] ?? 0);
      this.#fieldLengths = lengths;
    }
    return this.#fieldLengths;
  }

  private get positions(): Map<Fact, number> {
    if (!this.#positions) {
      this.#positions = new Map();
      for (let position = 0; position < this.facts.length; position++) this.#positions.set(this.facts[position] as Fact, position);
    }
    return this.#positions;
  }

  /** An index restored from saved parts; each fact's terms come from the saved index too. */
  static restore(parts: RestoredParts): IncrementalSearchIndex {
    const index = new IncrementalSearchIndex();
    index.#positions = undefined;
    index.#fieldLengths = undefined;
    for (let position = 0; position < parts.facts.length; position++) {
      const fact = parts.facts[position] as Fact;
      index.facts.push(fact);
      index.terms.push(parts.terms?.[position] ?? termsOf(fact));
      index.glossary.add(fact);
    }
    index.#postings = parts.postings;
    index.vocabulary.push(...parts.vocabulary);
    for (const [word, stem, count] of parts.surfaces) {
      index.surfaces.set(word, stem);
      index.surfaceCounts.set(word, count);
    }
    parts.totals.forEach((total, field) => (index.totals[field] = total));
    index.updateAverages();
    return index;
  }

  /** The parts to save, leaving out the facts `keep` refuses (their postings and totals too). */
  parts(keep: (fact: Fact) => boolean): IndexParts {
    const renumbered: number[] = [];
    const facts: Fact[] = [];
    const totals = [...this.totals];
    const surfaceCounts = new Map(this.surfaceCounts);
    this.facts.forEach((fact, position) => {
      if (keep(fact)) {
        renumbered[position] = facts.length;
        facts.push(fact);
        return;
      }
      renumbered[position] = -1;
      const terms = this.terms[position] as FactTerms;
      terms.lengths.forEach((length, field) => (totals[field] = (totals[field] ?? 0) - length));
      for (const word of terms.surfaces) surfaceCounts.set(word, (surfaceCounts.get(word) ?? 1) - 1);
    });
    const vocabulary: string[] = [];
    const postings: number[][] = [];
    const packed: number[][] = [];
    for (const term of this.vocabulary) {
      const list = this.postings.get(term);
      if (!list) continue;
      // As saved, the list is ascending with each position's counts beside it (saved-postings.ts).
      const pairs: [position: number, packed: number][] = [];
      for (let at = 0; at < list.positions.length; at++) {
        const to = renumbered[list.positions[at] as number] ?? -1;
        if (to >= 0) pairs.push([to, list.packed[at] as number]);
      }
      if (pairs.length === 0) continue;
      pairs.sort((a, b) => a[0] - b[0]);
      vocabulary.push(term);
      postings.push(pairs.map((pair) => pair[0]));
      packed.push(pairs.map((pair) => pair[1]));
    }
    const surfaces: [string, string, number][] = [];
    for (const [word, count] of surfaceCounts) if (count > 0) surfaces.push([word, this.surfaces.get(word) ?? stemWord(word), count]);
    return { facts, vocabulary, postings, packed, surfaces, totals };
  }

  get size(): number {
    return this.facts.length;
  }

  has(fact: Fact): boolean {
    return this.positions.has(fact);
  }

  /** The position of `fact` in `facts`, if the index holds it. */
  positionOf(fact: Fact): number | undefined {
    return this.positions.get(fact);
  }

  /** The terms this index holds for `fact`, if it holds the fact. */
  termsFor(fact: Fact): FactTerms | undefined {
    const position = this.positions.get(fact);
    return position === undefined ? undefined : this.terms[position];
  }

  /** Adds one fact (no-op if it is already in). */
  add(fact: Fact): void {
    if (this.positions.has(fact)) return;
    this.#version++;
    this.insert(fact, undefined);
    this.updateAverages();
  }

  private insert(fact: Fact, fresh: Set<string> | undefined): void {
    const position = this.facts.length;
    const terms = termsOf(fact);
    this.facts.push(fact);
    this.terms.push(terms);
    this.positions.set(fact, position);
    this.glossary.add(fact);
    for (let field = 0; field < FIELDS.length; field++) {
      const length = terms.lengths[field] ?? 0;
      this.totals[field] = (this.totals[field] ?? 0) + length;
      this.#fieldLengths?.push(length);
    }
    for (const [term, packed] of terms.counts) {
      if (!fresh) this.#termStamps.set(term, this.#version);
      const list = this.postings.edit(term);
      if (list) {
        list.positions.push(position);
        list.packed.push(packed);
      } else {
        this.postings.set(term, { positions: [position], packed: [packed] });
        if (fresh) fresh.add(term);
        else this.vocabulary.splice(lowerBound(this.vocabulary, term), 0, term);
      }
    }
    for (const word of terms.surfaces) {
      const count = this.surfaceCounts.get(word) ?? 0;
      this.surfaceCounts.set(word, count + 1);
      if (count > 0) continue;
      const stem = stemWord(word);
      this.surfaces.set(word, stem);
      this.keepSurface(word, stem);
    }
  }

  /** Removes one fact (no-op if it is not in). */
  remove(fact: Fact): void {
    const position = this.positions.get(fact);
    if (position === undefined) return;
    this.#version++;
    const terms = this.terms[position] as FactTerms;
    for (const term of terms.counts.keys()) {
      this.#termStamps.set(term, this.#version);
      const list = this.postings.edit(term);
      if (!list) continue;
      removePosting(list, position);
      if (list.positions.length === 0) {
        this.postings.delete(term);
        // A term no fact holds is ABSENT_TERM, not a stamp: the map keeps only terms the index holds.
        this.#termStamps.delete(term);
        const at = lowerBound(this.vocabulary, term);
        if (this.vocabulary[at] === term) this.vocabulary.splice(at, 1);
      }
    }
    for (const word of terms.surfaces) {
      const count = (this.surfaceCounts.get(word) ?? 1) - 1;
      if (count > 0) this.surfaceCounts.set(word, count);
      else {
        this.surfaceCounts.delete(word);
        this.surfaces.delete(word);
        this.dropSurface(word);
      }
    }
    terms.lengths.forEach((length, field) => (this.totals[field] = (this.totals[field] ?? 0) - length));
    this.positions.delete(fact);
    this.glossary.remove(fact);
    const last = this.facts.length - 1;
    if (position !== last) this.move(last, position);
    this.facts.pop();
    this.terms.pop();
    if (this.#fieldLengths) this.#fieldLengths.length = this.facts.length * FIELDS.length;
    this.updateAverages();
  }

  /** Moves the fact at `from` to the free slot `to`, re-pointing its postings. */
  private move(from: number, to: number): void {
    const fact = this.facts[from] as Fact;
    const terms = this.terms[from] as FactTerms;
    this.facts[to] = fact;
    this.terms[to] = terms;
    this.positions.set(fact, to);
    const lengths = this.#fieldLengths;
    if (lengths) for (let field = 0; field < FIELDS.length; field++) lengths[to * FIELDS.length + field] = lengths[from * FIELDS.length + field] as number;
    for (const term of terms.counts.keys()) {
      this.#termStamps.set(term, this.#version);
      const list = this.postings.edit(term);
      const at = list ? list.positions.indexOf(from) : -1;
      if (list && at >= 0) list.positions[at] = to;
    }
  }

  private updateAverages(): void {
    const count = this.facts.length;
    for (let field = 0; field < FIELDS.length; field++)
      this.averageLengths[field] = count > 0 ? Math.max((this.totals[field] ?? 0) / count, 1) : 1;
  }
}

/** Builds the index over `facts` (already filtered to the searchable ones). */
export function buildSearchIndex(facts: readonly Fact[]): IncrementalSearchIndex {
  return new IncrementalSearchIndex(facts);
}
