// BM25F term at a time: one query word's alternatives walk their postings, each fact keeping
// its best weighted match, into per-position accumulators reused by every query on one index.
// Neighbours: search/query-expansion.ts makes the groups; search/rank.ts sums and lifts them.

import { RANKING } from "./ranking-parameters";
import { FIELDS, fieldCount, keptForVersion } from "./search-index";
import type { KeptForVersion, SearchIndex } from "./search-index";
import type { Alternatives } from "./query-expansion";

/**
 * Each position's BM25F length norm per field, 1 − b + b·length/average, side by side like
 * `fieldLengths`. A norm depends on the index's averages, which change with every write, so the
 * norms are kept while the index keeps its version (search-index.ts) and its `RANKING.fieldB`
 * (a tuner may set them between queries), and made afresh for an index without a version; a
 * query then reads one number per field a term is in, where working it out was a third of the
 * postings walk. Read once per query: {@link scoreGroup} takes them.
 */
const heldNorms = new WeakMap<SearchIndex, KeptForVersion<Float64Array>>();

export function lengthNorms(index: SearchIndex): Float64Array {
  return keptForVersion(heldNorms, index, () => normsOf(index), RANKING.fieldB.join());
}

function normsOf(index: SearchIndex): Float64Array {
  const lengths = index.fieldLengths;
  const norms = new Float64Array(index.facts.length * FIELDS.length);
  for (let field = 0; field < FIELDS.length; field++) {
    const fieldB = RANKING.fieldB[field] ?? 0.75;
    const average = index.averageLengths[field] ?? 1;
    for (let at = field; at < norms.length; at += FIELDS.length) norms[at] = 1 - fieldB + (fieldB * (lengths[at] ?? 0)) / average;
  }
  return norms;
}

/**
 * BM25F of one fact for one term: its packed counts of the term, its fields' length norms and
 * the term's idf. Written out per field (title, tags, body: the order of FIELDS), since this is
 * the innermost loop of every query.
 */
function bm25f(norms: Float64Array, idf: number, packed: number, position: number): number {
  const at = position * FIELDS.length;
  const weights = RANKING.fieldWeights;
  let weighted = 0;
  const title = fieldCount(packed, 0);
  if (title !== 0) weighted += ((weights[0] ?? 1) * title) / (norms[at] as number);
  const tags = fieldCount(packed, 1);
  if (tags !== 0) weighted += ((weights[1] ?? 1) * tags) / (norms[at + 1] as number);
  const body = fieldCount(packed, 2);
  if (body !== 0) weighted += ((weights[2] ?? 1) * body) / (norms[at + 2] as number);
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
 * counts beside them and the index's {@link lengthNorms}: each fact keeps its best weighted
 * match in `best`; returns the positions it set.
 */
export function scoreGroup(index: SearchIndex, norms: Float64Array, alternatives: Alternatives, best: Float64Array): number[] {
  const touched: number[] = [];
  const factCount = index.facts.length;
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
      const value = weight * bm25f(norms, idf, packed[at] as number, position);
      const before = best[position] as number;
      if (value <= before) continue;
      if (before === 0) touched.push(position);
      best[position] = value;
    }
  }
  return touched;
}
