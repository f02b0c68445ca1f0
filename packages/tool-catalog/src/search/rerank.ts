// The learned second stage: the first stage (search/rank.ts, then the word-order bonus) orders
// every matching tool; the head of that order is rescored by a linear model over general
// features of each candidate (how much of the request it covers, in which fields, how its
// action fits, its first-stage score and rank, …). No feature is a word: each is a share, a
// count or a ratio, so the same weights serve any corpus. The weights are trained offline by
// bench/train-reranker.mjs on the dev sets (issue 32, learned-second-stage round).
// Neighbours: search/rank.ts computes the features, search/tool-search.ts applies the model.

import { INDEX_FIELDS, type TermIndex, type IndexField } from "./bm25f-index";
import type { RankComponents } from "./rank";
import { CatalogError, CatalogErrorCode } from "../errors";

/** The features of one candidate, in vector order. */
export const RERANK_FEATURES = [
  // ln(first-stage score ÷ the head's best score): 0 for the first candidate, negative below.
  "score",
  // 1 ÷ (first-stage position + 1).
  "reciprocalRank",
  // Share of the request's concepts the tool matches at all.
  "coverage",
  // Share of the request's IDF mass (each concept's rarest word as written) the tool matches.
  "idfCoverage",
  // Share of the IDF mass matched by the words as written (not a synonym, prefix, typo, …).
  "exactCoverage",
  // Share of the tool's name stems the request explains.
  "nameCoverage",
  // Share of the IDF mass matched in each field (a concept may match in several).
  "nameField",
  "titleField",
  "leadField",
  "descriptionField",
  "parameterField",
  "toolsetField",
  // ln of the action-fit factor (search/intent.ts): 0 when it fits or the request names no action.
  "actionFit",
  // 1 when the request names the tool's toolset.
  "toolsetMentioned",
  // The request's adjacent word pairs the tool holds side by side, at most 3, ÷ 3.
  "wordPairs",
  // ln(the tool's indexed words ÷ the average tool's).
  "length",
  // ln(1 + the other members of its near-duplicate group).
  "nearDuplicates",
  // The request's concepts the tool misses, as a count (coverage is their share).
  "missingConcepts",
  // The IDF mass the tool misses, in IDF units.
  "missingIdf",
  // The highest IDF the tool matches ÷ the request's highest (1: it holds the rarest concept).
  "rarestMatched",
  // The tool's name stems the request leaves unexplained, as a count.
  "unexplainedName",
] as const;

/** One feature's name. */
export type RerankFeature = (typeof RERANK_FEATURES)[number];

/** A linear model: weight per feature (a missing feature weighs 0). */
export type RerankWeights = Readonly<Partial<Record<RerankFeature, number>>>;

/** How many of the first stage's best tools the model rescores. */
export const RERANK_DEPTH = 40;

/** One candidate as a trainer sees it (SearchOptions.reranker.observe). */
export interface ObservedCandidate {
  doc: number;
  features: Readonly<Record<RerankFeature, number>>;
}

/** What the features of a head are computed from. */
export interface FeatureSources {
  components: RankComponents;
  /** Share of the request's word pairs each tool holds (search/word-pairs.ts). */
  wordPairs: ReadonlyMap<number, number>;
  index: TermIndex;
  /** Members of each tool's near-duplicate group besides itself. */
  nearDuplicates: (doc: number) => number;
}

const FIELD_COUNT = INDEX_FIELDS.length;
// The index fields behind each field feature (parameter help and names count as one).
const FEATURE_FIELDS = ([["name"], ["title"], ["lead"], ["description"], ["parameters", "parameterNames"], ["toolset"]] as const).map((fields: readonly IndexField[]) => fields.map((field) => INDEX_FIELDS.indexOf(field)));

/** The feature vector of each of the first RERANK_DEPTH hits. */
export function headFeatures(ranked: ReadonlyArray<{ doc: number; score: number }>, sources: FeatureSources): Float64Array[] {
  const { components, index } = sources;
  const depth = Math.min(RERANK_DEPTH, ranked.length);
  const top = ranked[0]?.score ?? 1;
  const total = Math.max(components.idfTotal, 1e-9);
  const vectors: Float64Array[] = [];
  for (let position = 0; position < depth; position += 1) {
    const { doc, score } = ranked[position]!;
    const fieldShares = FEATURE_FIELDS.map((fields) => Math.min(1, fields.reduce((most, field) => Math.max(most, components.fieldIdf[doc * FIELD_COUNT + field]!), 0) / total));
    vectors.push(
      Float64Array.of(
        Math.log(Math.max(score, 1e-9) / Math.max(top, 1e-9)),
        1 / (position + 1),
        components.coverage[doc]!,
        Math.min(1, components.idf[doc]! / total),
        Math.min(1, components.exactIdf[doc]! / total),
        components.nameCoverage[doc]!,
        ...fieldShares,
        Math.log(Math.max(components.actionFit[doc]!, 1e-9)),
        components.mentioned[doc]!,
        sources.wordPairs.get(doc) ?? 0,
        Math.log(Math.max(index.wordCounts[doc]!, 1) / index.averageWordCount),
        Math.log(1 + sources.nearDuplicates(doc)),
        components.concepts - components.coverage[doc]! * components.concepts,
        Math.max(0, components.idfTotal - components.idf[doc]!),
        components.idfMost > 0 ? components.idfMatchedMost[doc]! / components.idfMost : 0,
        Math.max(0, index.nameStemCounts[doc]! - components.nameMatches[doc]!),
      ),
    );
  }
  return vectors;
}

/** Largest weight magnitude a host may pass (the trained ones are below 1). */
export const MAX_RERANK_WEIGHT = 100;

/** The model as a vector in RERANK_FEATURES order; an unknown feature or a weight out of bounds is INVALID_SEARCH_OPTIONS. */
export function weightVector(weights: RerankWeights): Float64Array {
  for (const [feature, weight] of Object.entries(weights)) {
    const field = `search.reranker.weights.${feature}`;
    if (!(RERANK_FEATURES as readonly string[]).includes(feature)) {
      throw new CatalogError(CatalogErrorCode.INVALID_SEARCH_OPTIONS, `${field} is not a feature of the second stage; features: ${RERANK_FEATURES.join(", ")}.`);
    }
    if (typeof weight !== "number" || !Number.isFinite(weight) || Math.abs(weight) > MAX_RERANK_WEIGHT) {
      throw new CatalogError(CatalogErrorCode.INVALID_SEARCH_OPTIONS, `${field} must be a number from -${MAX_RERANK_WEIGHT} to ${MAX_RERANK_WEIGHT}; got ${String(weight)}.`);
    }
  }
  return Float64Array.from(RERANK_FEATURES, (feature) => weights[feature] ?? 0);
}

/** Names each value of a feature vector (for an observer). */
export function namedFeatures(vector: Float64Array): Record<RerankFeature, number> {
  return Object.fromEntries(RERANK_FEATURES.map((feature, position) => [feature, vector[position]!])) as Record<RerankFeature, number>;
}

/**
 * Reorders the head (the first `features.length` hits) in place by the model's score; ties keep
 * the first-stage order. The head keeps its scores in falling order, handed out in the new order,
 * so a page's scores still fall and the hits below the head stay below it.
 */
export function rerankHead<H extends { score: number }>(ranked: H[], features: readonly Float64Array[], weights: Float64Array): void {
  const depth = features.length;
  const modelScores = features.map((vector) => {
    let sum = 0;
    for (let position = 0; position < vector.length; position += 1) sum += vector[position]! * weights[position]!;
    return sum;
  });
  const order = Array.from({ length: depth }, (_, position) => position).sort((left, right) => modelScores[right]! - modelScores[left]! || left - right);
  const scores = ranked.slice(0, depth).map((hit) => hit.score);
  const head = order.map((position) => ranked[position]!);
  head.forEach((hit, position) => {
    hit.score = scores[position]!;
  });
  ranked.splice(0, depth, ...head);
}
