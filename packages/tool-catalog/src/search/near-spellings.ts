// Which of an index's written forms can be a request word's near spelling (a typo) or letter-alike
// word (a variant), found through gram postings instead of a read of every form (issue 32: a long
// request's cold words spent two fifths of its time reading the whole vocabulary). search/query.ts
// measures the forms it gets here as it measured every form before (edit distance, trigram Dice),
// in the vocabulary's order, so its alternatives and their order are the same: a form left out
// could not have qualified (the bounds below).
//
// Memory search (packages/memory, search/query-expansion.ts) keeps its written forms by first
// letter instead, and the two do not share one structure: memory only checks forms starting with
// the word's first letter (or its first two swapped), and its index changes fact by fact, so it
// edits its letter runs in place; the catalog checks every form, whatever its first letter, and
// its index is rebuilt whole when the catalog changes, so postings made once serve until then.
//
// Memory held: made on the first word that asks, then kept with its index (Bm25fIndex and
// LearnedOverlay's `nearSpellings`, gone with them): one Int32 per padded bigram and one per padded
// trigram of every form (about two per character of the vocabulary), each distinct gram once, and
// one counter per form; about 480 kB for the 2,894 forms of the 10,000-tool bench catalog.

import { paddedGrams } from "./fuzzy";

/** A written form and its stem, as `TermIndex.surfaceWords` holds them. */
export type WrittenForm = readonly [surface: string, stem: string];

/** The written forms a request word's spelling alternatives are measured against, in the vocabulary's order. */
export interface SpellingCandidates {
  /** Every form within `allowance` edits of `word` (editDistance), and some farther ones. */
  typoCandidates(word: string, allowance: number): readonly WrittenForm[];
  /** Every form whose trigram Dice with `own` (a word's trigrams, fuzzy.ts) is above `similarity`, and some below. */
  variantCandidates(own: ReadonlySet<string>, similarity: number): readonly WrittenForm[];
}

/**
 * The fewest padded bigrams (counted with repeats) two words of `left` and `right` letters share
 * when they are at most `edits` edits apart. A word of n letters has n + 1 bigrams, and each edit
 * spoils at most three of them: an insertion the one it splits, a deletion or substitution the
 * two holding its letter, a swap of neighbours the three holding either letter. Every bigram no
 * edit spoils is in the other word too, each at a place of its own.
 * @example fewestSharedBigrams(5, 5, 1) // 3: "abcde" and its swap "bacde" share "cd", "de" and "e "
 */
export function fewestSharedBigrams(left: number, right: number, edits: number): number {
  return Math.max(left, right) + 1 - 3 * edits;
}

// For each gram of one size, the forms holding it: a form once per place it holds the gram,
// ascending, those of the gram numbered `slot` at entries[starts[slot]] up to entries[starts[slot + 1]]
// (one flat array: a typed array per gram cost three times the memory).
interface GramPostings {
  slots: Map<string, number>;
  starts: Int32Array;
  entries: Int32Array;
}

// The forms in the vocabulary's order, and their bigram and trigram postings.
interface Postings {
  surfaces: string[];
  stems: string[];
  bigrams: GramPostings;
  trigrams: GramPostings;
  // Per form, the grams it shares with the word being looked up (zero between lookups).
  shared: Int32Array;
}

function gramPostings(surfaces: readonly string[], size: number): GramPostings {
  const slots = new Map<string, number>();
  const counts: number[] = [];
  for (const surface of surfaces) {
    for (const gram of paddedGrams(surface, size)) {
      const slot = slots.get(gram);
      if (slot === undefined) slots.set(gram, counts.push(1) - 1);
      else counts[slot] = counts[slot]! + 1;
    }
  }
  const starts = new Int32Array(counts.length + 1);
  for (let slot = 0; slot < counts.length; slot += 1)
    starts[slot + 1] = starts[slot]! + counts[slot]!;
  const entries = new Int32Array(starts[counts.length]!);
  const filled = starts.slice(0, counts.length);
  surfaces.forEach((surface, at) => {
    for (const gram of paddedGrams(surface, size)) {
      const slot = slots.get(gram)!;
      entries[filled[slot]!] = at;
      filled[slot] = filled[slot]! + 1;
    }
  });
  return { slots, starts, entries };
}

/** The near-spelling candidates of one vocabulary (a map of written form → stem that no longer changes). */
export class NearSpellingIndex implements SpellingCandidates {
  private postings: Postings | undefined;

  constructor(private readonly words: ReadonlyMap<string, string>) {}

  typoCandidates(word: string, allowance: number): readonly WrittenForm[] {
    const fits = (length: number) => Math.abs(length - word.length) <= allowance;
    // With a bound of 0 or less (a word of 3·allowance − 1 letters or fewer), a form sharing no
    // bigram could be near: never at today's allowance (one edit from 4 letters, two from 8); then
    // every form of a fitting length is a candidate.
    if (fewestSharedBigrams(word.length, 0, allowance) <= 0)
      return this.formsWhere((surface) => fits(surface.length));
    return this.formsSharing(
      new Set(paddedGrams(word, 2)),
      this.built().bigrams,
      (surface, shared) =>
        fits(surface.length) &&
        shared >= fewestSharedBigrams(word.length, surface.length, allowance),
    );
  }

  variantCandidates(own: ReadonlySet<string>, similarity: number): readonly WrittenForm[] {
    // A form of L letters has L trigram places, and its Dice 2·min(s, |own|) / (|own| + L) with s
    // shared places is above `similarity` only when 2s > similarity · (|own| + L); the same
    // comparison in floating point, with ≥, keeps every such form. Below 0 any form is above.
    if (similarity < 0) return this.formsWhere(() => true);
    return this.formsSharing(
      own,
      this.built().trigrams,
      (surface, shared) => 2 * shared >= similarity * (own.size + surface.length),
    );
  }

  private built(): Postings {
    if (this.postings === undefined) {
      const surfaces = [...this.words.keys()];
      const stems = [...this.words.values()];
      this.postings = {
        surfaces,
        stems,
        bigrams: gramPostings(surfaces, 2),
        trigrams: gramPostings(surfaces, 3),
        shared: new Int32Array(surfaces.length),
      };
    }
    return this.postings;
  }

  // The forms holding any of `grams` that `enough` keeps given how many places they share with
  // them, in the vocabulary's order.
  private formsSharing(
    grams: Iterable<string>,
    { slots, starts, entries }: GramPostings,
    enough: (surface: string, shared: number) => boolean,
  ): WrittenForm[] {
    const { surfaces, stems, shared } = this.built();
    const met: number[] = [];
    for (const gram of grams) {
      const slot = slots.get(gram);
      if (slot === undefined) continue;
      for (let entry = starts[slot]!; entry < starts[slot + 1]!; entry += 1) {
        const at = entries[entry]!;
        if (shared[at] === 0) met.push(at);
        shared[at] = shared[at]! + 1;
      }
    }
    const kept: number[] = [];
    for (const at of met) {
      if (enough(surfaces[at]!, shared[at]!)) kept.push(at);
      shared[at] = 0;
    }
    return kept
      .sort((left, right) => left - right)
      .map((at) => [surfaces[at]!, stems[at]!] as const);
  }

  private formsWhere(keep: (surface: string) => boolean): WrittenForm[] {
    const { surfaces, stems } = this.built();
    return surfaces.flatMap((surface, at) =>
      keep(surface) ? [[surface, stems[at]!] as const] : [],
    );
  }
}
