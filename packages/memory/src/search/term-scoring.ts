// BM25F term at a time: one query word's alternatives walk their postings, each fact keeping
// its best weighted match, into per-position accumulators reused by every query on one index.
// Neighbours: search/query-expansion.ts makes the groups; search/rank.ts sums and lifts them.

import { RANKING } from "./ranking-parameters";
import { FIELDS, fieldCount } from "./search-index";
import type { SearchIndex } from "./search-index";
import type { Alternatives } from "./query-expansion";

/** BM25F of one fact for one term: its packed counts of the term, its field lengths and the term's idf. */
function bm25f(index: SearchIndex, lengths: readonly number[], idf: number, packed: number, position: number): number {
  let weighted = 0;
  for (let field = 0; field < FIELDS.length; field++) {
    const count = fieldCount(packed, field);
    if (count === 0) continue;
    const b = RANKING.fieldB[field] ?? 0.75;
    const norm = 1 - b + (b * (lengths[position * FIELDS.length + field] ?? 0)) / (index.averageLengths[field] ?? 1);
    weighted += ((RANKING.fieldWeights[field] ?? 1) * count) / norm;
  }
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
      const value = weight * bm25f(index, lengths, idf, packed[at] as number, position);
      const before = best[position] as number;
      if (value <= before) continue;
      if (before === 0) touched.push(position);
      best[position] = value;
    }
  }
  return touched;
}
