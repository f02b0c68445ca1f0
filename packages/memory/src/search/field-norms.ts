// BM25F's length normalisation of every fact's fields (1 − b + b · length / average length),
// remembered per index by position, so a query walking a common term's postings divides by a
// stored norm instead of working it out again for each fact it meets. Each slot is filled the
// first time a query needs it (0 marks an empty one: a norm is at least 1 − b > 0), so a
// one-shot search (the prompt-recall hook) costs what it touches, and a write to the index
// (a new `version`: positions, lengths and averages move) starts the memo over, as do new
// average lengths of an index without a version.
// Neighbour: search/term-scoring.ts reads it.

import type { SearchIndex } from "./search-index";

interface HeldNorms {
  version: number | undefined;
  /** The index's average field lengths the norms were worked out with. */
  averages: readonly number[];
  /** The fields' `b` the norms were worked out with (a tuning script may change them between searches). */
  b: readonly number[];
  norms: Float64Array;
}

const sameValues = (held: readonly number[], now: readonly number[]): boolean => held.length === now.length && held.every((value, at) => value === now[at]);

const normsOf = new WeakMap<SearchIndex, HeldNorms>();

/**
 * The index's norm slots, `norms[position * 3 + field]`, each 0 until filled: reset when the
 * index's version or average lengths, or the fields' `b` (`b[field]`), changed since they were
 * last handed out.
 */
export function fieldNorms(index: SearchIndex, b: readonly number[]): Float64Array {
  const size = index.fieldLengths.length;
  let held = normsOf.get(index);
  if (!held || held.norms.length !== size) {
    held = { version: index.version, averages: [...index.averageLengths], b: [...b], norms: new Float64Array(size) };
    normsOf.set(index, held);
  } else if (held.version !== index.version || !sameValues(held.averages, index.averageLengths) || !sameValues(held.b, b)) {
    held.version = index.version;
    held.averages = [...index.averageLengths];
    held.b = [...b];
    held.norms.fill(0);
  }
  return held.norms;
}
