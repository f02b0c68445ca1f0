// BM25F term at a time: one query word's alternatives walk their postings, each fact keeping
// its best weighted match, into per-position accumulators reused by every query on one index.
// Neighbours: search/query-expansion.ts makes the groups; search/rank.ts sums and lifts them.

import { fieldNorms } from "./field-norms";
import { RANKING } from "./ranking-parameters";
import { FIELDS, fieldCount } from "./search-index";
import type { SearchIndex } from "./search-index";
import type { Alternatives } from "./query-expansion";

/**
 * One field's constants for {@link bm25f}, read once per group instead of once per posting: its
 * weight, its length normalisation `b` and the index's average length of it.
 */
interface FieldConstants {
  readonly weight: number;
  readonly b: number;
  readonly average: number;
}

function fieldConstants(index: SearchIndex): FieldConstants[] {
  return FIELDS.map((_, field) => ({
    weight: RANKING.fieldWeights[field] ?? 1,
    b: RANKING.fieldB[field] ?? 0.75,
    average: index.averageLengths[field] ?? 1,
  }));
}

/**
 * A field's weighted count in BM25F: its count over its length normalisation, the norm read from
 * `norms` at `slot` or worked out and stored there (search/field-norms.ts).
 */
function weightedCount(constants: FieldConstants, count: number, norms: Float64Array, slot: number, length: number): number {
  let norm = norms[slot] as number;
  if (norm === 0) {
    norm = 1 - constants.b + (constants.b * length) / constants.average;
    norms[slot] = norm;
  }
  return (constants.weight * count) / norm;
}

/** BM25F of one fact for one term: its packed counts of the term, its field lengths (and norms) and the term's idf. */
function bm25f(fields: readonly FieldConstants[], lengths: readonly number[], norms: Float64Array, idf: number, packed: number, position: number): number {
  // The three fields unrolled (title, tags, body), each skipped when the term is not in it.
  let weighted = 0;
  const base = position * FIELDS.length;
  const title = fieldCount(packed, 0);
  if (title !== 0) weighted += weightedCount(fields[0] as FieldConstants, title, norms, base, lengths[base] ?? 0);
  const tags = fieldCount(packed, 1);
  if (tags !== 0) weighted += weightedCount(fields[1] as FieldConstants, tags, norms, base + 1, lengths[base + 1] ?? 0);
  const body = fieldCount(packed, 2);
  if (body !== 0) weighted += weightedCount(fields[2] as FieldConstants, body, norms, base + 2, lengths[base + 2] ?? 0);
  return (idf * weighted * (RANKING.k1 + 1)) / (RANKING.k1 + weighted);
}

/**
 * Per-position sums reused by every query on one index (ranking is synchronous): the score so
 * far, the groups matched, and the best alternative of the group being scored. Only the
 * positions a query touched are reset, so a query costs its postings, not the index's size.
 */
interface Accumulators {
  total: Float64Array;
  matched: Uint16Array;
  best: Float64Array;
}

const accumulatorsOf = new WeakMap<SearchIndex, Accumulators>();

export function accumulators(index: SearchIndex): Accumulators {
  const size = index.facts.length;
  let held = accumulatorsOf.get(index);
  if (!held || held.total.length < size) {
    const room = Math.max(size, Math.ceil((held?.total.length ?? 0) * 1.5), 64);
    held = { total: new Float64Array(room), matched: new Uint16Array(room), best: new Float64Array(room) };
    accumulatorsOf.set(index, held);
  }
  return held;
}

/**
 * Scores one query word's alternatives term by term, walking each term's postings with the
 * counts beside them: each fact keeps its best weighted match in `best`; returns the positions
 * it set.
 */
export function scoreGroup(index: SearchIndex, alternatives: Alternatives, best: Float64Array): number[] {
  const touched: number[] = [];
  const factCount = index.facts.length;
  const lengths = index.fieldLengths;
  const fields = fieldConstants(index);
  const norms = fieldNorms(index, fields.map((constants) => constants.b));
  // The word's own term comes first: when the index holds it, no alternative counts as rarer.
  let ceiling = Infinity;
  let first = true;
  for (const [term, weight] of alternatives) {
    const list = index.postings.get(term);
    const own = first;
    first = false;
    if (!list) continue;
    const { positions, packed } = list;
    const idf = Math.min(Math.log(1 + (factCount - positions.length + 0.5) / (positions.length + 0.5)), ceiling);
    if (own) ceiling = idf;
    for (let at = 0; at < positions.length; at++) {
      const position = positions[at] as number;
      const value = weight * bm25f(fields, lengths, norms, idf, packed[at] as number, position);
      const before = best[position] as number;
      if (value <= before) continue;
      if (before === 0) touched.push(position);
      best[position] = value;
    }
  }
  return touched;
}
