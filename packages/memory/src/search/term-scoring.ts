// BM25F term at a time: one query word's alternatives walk their postings, each fact keeping
// its best weighted match, into per-position accumulators reused by every query on one index.
// Neighbours: search/query-expansion.ts makes the groups; search/rank.ts sums and lifts them.

import { RANKING } from "./ranking-parameters";
import { FIELDS, fieldCount } from "./search-index";
import type { PostingList, SearchIndex } from "./search-index";
import type { Alternatives } from "./query-expansion";

/**
 * Each position's BM25F length norm per field, 1 − b + b·length/average, side by side like
 * `fieldLengths`, so a query reads one number per field a term is in, where working it out was a
 * third of the postings walk. A norm depends on the index's averages, which every write moves,
 * and on `RANKING.fieldB` (a tuner may set it between queries). When either moved, the norms are
 * not made again for every position (from session 29 to 35 they were: ~0.1 ms of the first
 * search after every write at 10,000 facts, ~0.35 ms at 50,000) but for each position the first
 * time a query walks a list holding it ({@link LengthNorms.ready}), and a list walked since is
 * ready as a whole, one lookup. An index without a version has them all made on every query.
 * Read once per query: {@link scoreGroup} takes them.
 */
export class LengthNorms {
  /** The norms, three per position; a position's are current once a list holding it is ready. */
  values: Float64Array;
  /** Per position, the generation its norms were worked out for. */
  #stamps: Uint32Array;
  /** Moves whenever the index's version or `RANKING.fieldB` does: every norm is then stale. */
  #generation = 1;
  /** The generation every position's norms were worked out for in one pass, if any. */
  #allReady = 0;
  /** Positions of the lists readied in this generation (a position in two counts twice). */
  #readied = 0;
  #version: number | undefined;
  #fieldB: string;
  /** The lists whose positions are all current, with the generation they were readied for. */
  #readyLists = new WeakMap<PostingList, number>();

  constructor(private readonly index: SearchIndex) {
    this.#version = index.version;
    this.#fieldB = RANKING.fieldB.join();
    const count = index.facts.length;
    this.#stamps = new Uint32Array(index.version === undefined ? 0 : roomFor(count));
    this.values = new Float64Array((index.version === undefined ? count : this.#stamps.length) * FIELDS.length);
    if (index.version === undefined) this.workOutAll();
  }

  /** Marks every norm stale when the index or `RANKING.fieldB` changed since the last query, making room for every position. */
  follow(): void {
    const fieldB = RANKING.fieldB.join();
    if (this.#version === this.index.version && this.#fieldB === fieldB) return;
    this.#version = this.index.version;
    this.#fieldB = fieldB;
    this.#generation += 1;
    this.#readied = 0;
    this.#readyLists = new WeakMap();
    const count = this.index.facts.length;
    if (count <= this.#stamps.length) return;
    // Every norm is stale anyway: new room, nothing copied.
    this.#stamps = new Uint32Array(roomFor(count));
    this.values = new Float64Array(this.#stamps.length * FIELDS.length);
  }

  /**
   * Makes the norms of every position `list` holds current. Once the lists readied since the
   * change hold an eighth as many positions as the index, every position's are worked out
   * instead, in one pass in order: out of order, a position cost ~10 times as much right after a
   * write (~65 ns against ~7 at 50,000 facts), so a broad question never pays much more than the
   * old remake of every norm.
   */
  ready(list: PostingList): void {
    const generation = this.#generation;
    if (this.#allReady === generation || this.#readyLists.get(list) === generation) return;
    this.#readied += list.positions.length;
    if (this.#readied * 8 >= this.index.facts.length) return this.workOutAll();
    this.workOut(list.positions);
    this.#readyLists.set(list, generation);
  }

  private workOutAll(): void {
    this.workOut(undefined);
    this.#allReady = this.#generation;
  }

  /**
   * Works out the norms of `positions` not yet current (undefined: of every position), each as
   * the same operations on the same values always give it.
   */
  private workOut(positions: ArrayLike<number> | undefined): void {
    const generation = this.#generation;
    const stamps = this.#stamps;
    const values = this.values;
    const lengths = this.index.fieldLengths;
    const { fieldB } = RANKING;
    const averages = this.index.averageLengths;
    const [titleB, tagsB, bodyB] = [fieldB[0] ?? 0.75, fieldB[1] ?? 0.75, fieldB[2] ?? 0.75];
    const [titleAverage, tagsAverage, bodyAverage] = [averages[0] ?? 1, averages[1] ?? 1, averages[2] ?? 1];
    const count = positions === undefined ? this.index.facts.length : positions.length;
    for (let at = 0; at < count; at++) {
      let position = at;
      if (positions !== undefined) {
        position = positions[at] as number;
        if (stamps[position] === generation) continue;
        stamps[position] = generation;
      }
      const first = position * FIELDS.length;
      values[first] = 1 - titleB + (titleB * (lengths[first] ?? 0)) / titleAverage;
      values[first + 1] = 1 - tagsB + (tagsB * (lengths[first + 1] ?? 0)) / tagsAverage;
      values[first + 2] = 1 - bodyB + (bodyB * (lengths[first + 2] ?? 0)) / bodyAverage;
    }
  }
}

/** Room for `count` positions and half as many more, so an index growing a fact at a time seldom needs new room. */
function roomFor(count: number): number {
  return Math.max(count + (count >> 1), 16);
}

const heldNorms = new WeakMap<SearchIndex, LengthNorms>();

/** The length norms of `index` ({@link LengthNorms}), following its version and `RANKING.fieldB`. */
export function lengthNorms(index: SearchIndex): LengthNorms {
  if (index.version === undefined) return new LengthNorms(index);
  let norms = heldNorms.get(index);
  if (norms === undefined) heldNorms.set(index, (norms = new LengthNorms(index)));
  else norms.follow();
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
export function scoreGroup(index: SearchIndex, norms: LengthNorms, alternatives: Alternatives, best: Float64Array): number[] {
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
    norms.ready(list);
    const values = norms.values;
    const { positions, packed } = list;
    const idf = Math.min(Math.log(1 + (factCount - positions.length + 0.5) / (positions.length + 0.5)), ceiling);
    if (own) ceiling = idf;
    for (let at = 0; at < positions.length; at++) {
      const position = positions[at] as number;
      const value = weight * bm25f(values, idf, packed[at] as number, position);
      const before = best[position] as number;
      if (value <= before) continue;
      if (before === 0) touched.push(position);
      best[position] = value;
    }
  }
  return touched;
}
