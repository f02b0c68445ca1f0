// Ranking: each query group scores a tool by its best alternative (BM25F term scores times the
// alternative's weight), groups add up, and tools that satisfy more of the request's concepts
// are favoured (a soft AND). Toolsets the request names and actions that fit it move tools up;
// contradicting actions move them down. A request's argument values and function-role words
// ("help me", "right now") count less where they match a tool's name. Scratch space is typed
// arrays indexed by tool number, kept per index and reused, so a query over 10,000 tools
// allocates no buffers and no map entry per posting.
// Neighbours: search/query.ts builds the groups, search/tool-search.ts pages the result.

import { INDEX_FIELDS, REPORTED_FIELD, type Bm25fIndex, type TermIndex } from "./bm25f-index";
import type { QueryGroup } from "./query";
import { byScoreThenDoc } from "./ranked-head";
import type { SearchField } from "../types";

/** One scored tool (by its position in the indexed list). */
export interface RankedDocument {
  doc: number;
  score: number;
  /** Fields that matched, as bits of INDEX_FIELDS (see fieldsOfMask). */
  mask: number;
}

/** What rankDocuments may use beyond the index: a filter, named toolsets, action fit. */
export interface RankOptions {
  allow?: (doc: number) => boolean;
  /** True for tools in a toolset the query mentions by name. */
  mentioned?: (doc: number) => boolean;
  /** Score factor from how a tool's action fits the request (see search/intent.ts); 1 = fits. */
  actionFit?: (doc: number) => number;
  /** Filled with each matching tool's parts of the score, for the second stage (search/rerank.ts). */
  components?: RankComponents;
}

/**
 * Per-tool parts of one ranking that the second stage reads (search/rerank.ts): shares of the
 * request matched, overall, by its words as written and per field, weighted by each concept's
 * IDF; plus the coverage, name coverage, action fit and toolset mention the first stage used.
 */
export class RankComponents {
  /** Sum of the concepts' IDFs (each concept's rarest word as written), their count and the highest. */
  idfTotal = 0;
  concepts = 0;
  idfMost = 0;
  /** Highest concept IDF each tool matched. */
  readonly idfMatchedMost: Float64Array;
  /** Name stems each tool's matches explain. */
  readonly nameMatches: Int32Array;
  readonly idf: Float64Array;
  readonly exactIdf: Float64Array;
  /** IDF matched per field: doc × INDEX_FIELDS.length. */
  readonly fieldIdf: Float64Array;
  readonly coverage: Float64Array;
  readonly nameCoverage: Float64Array;
  readonly actionFit: Float64Array;
  readonly mentioned: Uint8Array;

  constructor(size: number) {
    this.idf = new Float64Array(size);
    this.idfMatchedMost = new Float64Array(size);
    this.nameMatches = new Int32Array(size);
    this.exactIdf = new Float64Array(size);
    this.fieldIdf = new Float64Array(size * INDEX_FIELDS.length);
    this.coverage = new Float64Array(size);
    this.nameCoverage = new Float64Array(size);
    this.actionFit = new Float64Array(size);
    this.mentioned = new Uint8Array(size);
  }
}

// Share of the score that depends on covering every concept: 0 = plain sum, 1 = strict AND.
const COVERAGE_INFLUENCE = 0.5;
// Bonus for a tool whose whole name the request explains: "open an incident" fits
// create_incident better than add_activity_to_incident, though both hold "incident".
const NAME_COVERAGE_BONUS = 0.2;
/** Tools of toolsets the request names ("… in stripe", "on GitHub") score this much more. */
export const TOOLSET_MENTION_BOOST = 0.5;
const NAME_BIT = 1;
// A tool whose every match is in its name (or toolset), none in its own description, title or
// parameters, scores this much: a name word the tool's own text never says is mostly a brand or
// a common word ("Now" for "…right now", "locator" for "locate"), weak evidence on its own
// (issue 32, search-names17 round: MetaTool sample +0.2, no dev set lower; 0.5–0.7 lost recall).
const NAME_ONLY_FACTOR = 0.85;
// Fields that are a tool's own account of itself: every field but the name and the toolset.
const DESCRIBED_BITS = ~(NAME_BIT | (1 << INDEX_FIELDS.indexOf("toolset")));
/** Score factor of an argument word's match where it is in a tool's name (see search/arguments.ts). */
export const ARGUMENT_NAME_FACTOR = 0.4;

/** Per-tool scratch arrays plus the list of tools touched, reset between uses. */
class Scratch {
  readonly score: Float64Array;
  readonly mask: Int32Array;
  readonly count: Int32Array;
  readonly names: Int32Array;
  /** 1 when the best alternative is the words as written. */
  readonly exact: Uint8Array;
  /** 1 when some match is in the tool's own text, not only its name (see NAME_ONLY_FACTOR). */
  readonly described: Uint8Array;
  /** 1 when the best alternative is the word as written or its derivational relative. */
  readonly literal: Uint8Array;
  readonly touched: number[] = [];

  constructor(size: number) {
    this.score = new Float64Array(size);
    this.mask = new Int32Array(size);
    this.count = new Int32Array(size);
    this.names = new Int32Array(size);
    this.exact = new Uint8Array(size);
    this.described = new Uint8Array(size);
    this.literal = new Uint8Array(size);
  }

  reset(): void {
    for (const doc of this.touched) {
      this.score[doc] = 0;
      this.mask[doc] = 0;
      this.count[doc] = 0;
      this.names[doc] = 0;
      this.exact[doc] = 0;
      this.described[doc] = 0;
      this.literal[doc] = 0;
    }
    this.touched.length = 0;
  }
}

// Idle scratch sets per index, reused ranking after ranking: allocating three per ranking (six
// arrays of index size each, ~700 KB zeroed at 10,000 tools, again for each clause of a
// multi-step request) and collecting them cost about a fifth of a search's CPU (issue 32's
// latency round). A set is taken out while in use, so a ranking that somehow starts inside
// another gets fresh ones; reset() on taking it clears only the tools the last use touched.
type ScratchSet = [sums: Scratch, best: Scratch, totals: Scratch];
// Kept per built index: the tenants' overlays on it share its scratches.
const IDLE_SCRATCHES = new WeakMap<Bm25fIndex, ScratchSet[]>();

function takeScratches(index: TermIndex): ScratchSet {
  const set: ScratchSet = IDLE_SCRATCHES.get(index.built)?.pop() ?? [new Scratch(index.size), new Scratch(index.size), new Scratch(index.size)];
  for (const scratch of set) scratch.reset();
  return set;
}

function returnScratches(index: TermIndex, set: ScratchSet): void {
  const idle = IDLE_SCRATCHES.get(index.built);
  if (idle === undefined) IDLE_SCRATCHES.set(index.built, [set]);
  else idle.push(set);
}

/**
 * Up to this many concepts, a request's expansions (synonyms, related terms, prefixes, near
 * spellings) count in full; past it each counts FULLY_EXPANDED_CONCEPTS / concepts of its
 * weight. A long request already says what it wants in its own words, and expanding every one
 * of them mostly adds noise (the long requests of the external sets, issue 32).
 */
export const FULLY_EXPANDED_CONCEPTS = 4;

// Fills `best` with each tool's best alternative for one group (count = 1 marks a hit);
// `expansionScale` scales every alternative but the words as written.
function scoreGroup(group: QueryGroup, index: TermIndex, sums: Scratch, best: Scratch, expansionScale: number): void {
  // IDF-aware expansion: an expanded term never counts as rarer (more telling) than the words
  // the request actually used, so a rare synonym cannot outweigh the original word.
  const exact = group.alternatives.find((alternative) => alternative.source === "exact");
  const ceiling = exact === undefined ? Infinity : Math.max(...exact.stems.map((stem) => (index.has(stem) ? index.idf(stem) : 0)));
  for (const alternative of group.alternatives) {
    sums.reset();
    for (const stem of alternative.stems) {
      const postings = index.postings.get(stem);
      if (postings === undefined) continue;
      const idf = alternative.source === "exact" || ceiling <= 0 ? index.idf(stem) : Math.min(index.idf(stem), ceiling);
      const factor = idf * alternative.weight * (alternative.source === "exact" ? 1 : expansionScale);
      for (let position = 0; position < postings.docs.length; position += 1) {
        const doc = postings.docs[position]!;
        const mask = postings.masks[position]!;
        if (sums.count[doc] === 0) sums.touched.push(doc);
        sums.score[doc]! += factor * postings.weights[position]!;
        sums.mask[doc]! |= mask;
        sums.count[doc]! += 1;
        if ((mask & NAME_BIT) !== 0) sums.names[doc]! += 1;
      }
    }
    // A multi-word alternative means what all its words mean together ("money back" is not
    // "back"): a tool holding only some of them gets that share of their score.
    const parts = alternative.stems.length;
    for (const doc of sums.touched) {
      const score = parts > 1 ? (sums.score[doc]! * sums.count[doc]!) / parts : sums.score[doc]!;
      if (best.count[doc] === 0) best.touched.push(doc);
      else if (score <= best.score[doc]!) continue;
      best.count[doc] = 1;
      best.score[doc] = score;
      best.mask[doc] = sums.mask[doc]!;
      best.names[doc] = sums.names[doc]!;
      best.exact[doc] = alternative.source === "exact" ? 1 : 0;
      best.literal[doc] = alternative.source === "exact" || alternative.source === "derived" ? 1 : 0;
    }
  }
}

// A concept's IDF: its rarest word as written, else its rarest alternative's.
function groupIdf(group: QueryGroup, index: TermIndex): number {
  const exact = group.alternatives.find((alternative) => alternative.source === "exact");
  const stems = exact?.stems.filter((stem) => index.has(stem)) ?? [];
  const pool = stems.length > 0 ? stems : group.alternatives.flatMap((alternative) => alternative.stems.filter((stem) => index.has(stem)));
  return pool.reduce((most, stem) => Math.max(most, index.idf(stem)), 0);
}

// Adds one concept's IDF to every tool it matched: overall, as written, and per field.
function addComponents(group: QueryGroup, index: TermIndex, best: Scratch, components: RankComponents): void {
  const idf = groupIdf(group, index) * (group.weight ?? 1);
  components.idfTotal += idf;
  components.concepts += 1;
  components.idfMost = Math.max(components.idfMost, idf);
  const fields = INDEX_FIELDS.length;
  for (const doc of best.touched) {
    components.idf[doc]! += idf;
    components.idfMatchedMost[doc] = Math.max(components.idfMatchedMost[doc]!, idf);
    if (best.exact[doc] === 1) components.exactIdf[doc]! += idf;
    const mask = best.mask[doc]!;
    for (let field = 0; field < fields; field += 1) if ((mask & (1 << field)) !== 0) components.fieldIdf[doc * fields + field]! += idf;
  }
}

/** The reported fields (`matchedIn`) of a field mask. */
export function fieldsOfMask(mask: number): SearchField[] {
  const fields = new Set<SearchField>();
  INDEX_FIELDS.forEach((field, bit) => {
    const reported = REPORTED_FIELD[field];
    if ((mask & (1 << bit)) !== 0 && reported !== undefined) fields.add(reported);
  });
  return [...fields];
}

/**
 * Scores every tool that matches at least one group; `allow` restricts to some tools (a toolset).
 * Returns tools by falling score; ties keep index order, which the caller made deterministic.
 */
export function rankDocuments(groups: QueryGroup[], index: TermIndex, options: RankOptions = {}): RankedDocument[] {
  const usable = groups.filter((group) => group.alternatives.length > 0);
  const scratches = takeScratches(index);
  try {
    return rankWithScratches(usable, index, options, scratches);
  } finally {
    returnScratches(index, scratches);
  }
}

function rankWithScratches(usable: QueryGroup[], index: TermIndex, { allow, mentioned, actionFit, components }: RankOptions, [sums, best, totals]: ScratchSet): RankedDocument[] {
  const expansionScale = Math.min(1, FULLY_EXPANDED_CONCEPTS / Math.max(usable.length, 1));
  for (const group of usable) {
    best.reset();
    scoreGroup(group, index, sums, best, expansionScale);
    if (components !== undefined) addComponents(group, index, best, components);
    const argument = group.argument === true;
    const functionRole = group.functionRole === true;
    for (const doc of best.touched) {
      if (totals.count[doc] === 0) totals.touched.push(doc);
      const named = (best.mask[doc]! & NAME_BIT) !== 0;
      // A function word as written in a name ("right now" → `Now`) is a collision, not evidence.
      const collision = functionRole && named && best.literal[doc] === 1;
      totals.score[doc]! += best.score[doc]! * (group.weight ?? 1) * ((argument || collision) && named ? ARGUMENT_NAME_FACTOR : 1);
      totals.mask[doc]! |= best.mask[doc]!;
      totals.count[doc]! += 1;
      if ((best.mask[doc]! & DESCRIBED_BITS) !== 0) totals.described[doc] = 1;
      // A value the request names does not explain a tool's name.
      if (!argument && !collision) totals.names[doc]! += best.names[doc]!;
    }
  }
  const ranked: RankedDocument[] = [];
  for (const doc of totals.touched) {
    if (allow !== undefined && !allow(doc)) continue;
    const coverage = totals.count[doc]! / Math.max(usable.length, 1);
    const nameCoverage = Math.min(1, totals.names[doc]! / Math.max(index.nameStemCounts[doc]!, 1));
    const nameOnly = totals.described[doc] === 0 && (totals.mask[doc]! & NAME_BIT) !== 0;
    const area = (mentioned?.(doc) === true ? 1 + TOOLSET_MENTION_BOOST : 1) * (actionFit?.(doc) ?? 1);
    const score = totals.score[doc]! * (1 - COVERAGE_INFLUENCE + COVERAGE_INFLUENCE * coverage) * (1 + NAME_COVERAGE_BONUS * nameCoverage) * area * (nameOnly ? NAME_ONLY_FACTOR : 1);
    if (components !== undefined) {
      components.coverage[doc] = coverage;
      components.nameCoverage[doc] = nameCoverage;
      components.nameMatches[doc] = totals.names[doc]!;
      components.actionFit[doc] = actionFit?.(doc) ?? 1;
      components.mentioned[doc] = mentioned?.(doc) === true ? 1 : 0;
    }
    ranked.push({ doc, score, mask: totals.mask[doc]! });
  }
  ranked.sort(byScoreThenDoc);
  return ranked;
}
