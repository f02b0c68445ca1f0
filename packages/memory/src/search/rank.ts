// Ranks the active facts for a keyword query: BM25F over title, tags and body with field
// weights, where every query word may also match its synonyms, vocabulary terms it is a
// prefix of, and (when the exact stem is unknown) terms one or two typos away, by stem or by
// the word as written, an adjacent swap counting as one typo — each at a discount, taking
// the best match per query word so one word cannot count several times.
// A coverage factor prefers facts that match more of the query; a fact answering the question's
// form (search/question-form.ts) wins a near tie. Ties: confidence, then newer.

import type { Fact, FactType } from "../types";
import { CONFIDENCE_RANK, compareNewestFirst } from "../facts/order";
import { boundedEditDistance } from "./edit-distance";
import { learnedAbbreviations } from "./glossary";
import { PRODUCT_ROLE_FACTOR, asksForProduct, namesProduct } from "./product-names";
import { QUESTION_FORM_FACTOR, answersForm, questionForm } from "./question-form";
import { FIELDS, fieldCount, lowerBound, savedCountAt } from "./search-index";
import type { SavedCounts, SearchIndex } from "./search-index";
import { synonymsOf } from "./synonyms";
import { splitWords, tokenize } from "./tokenize";

/** BM25F parameters; exported so the benchmark can print what it measured. */
export const RANKING = {
  k1: 1.2,
  fieldWeights: [3, 2, 1],
  fieldB: [0.5, 0.3, 0.75],
  synonymWeight: 0.8,
  prefixWeight: 0.6,
  typoWeights: [0.5, 0.35],
  minimumPrefixLength: 3,
} as const;

/** A ranked fact. */
export interface RankedFact {
  readonly fact: Fact;
  readonly score: number;
}

type Alternatives = Map<string, number>;

function addAlternative(alternatives: Alternatives, term: string, weight: number): void {
  if ((alternatives.get(term) ?? 0) < weight) alternatives.set(term, weight);
}

function addPrefixMatches(index: SearchIndex, alternatives: Alternatives, prefix: string): void {
  if (prefix.length < RANKING.minimumPrefixLength) return;
  for (
    let position = lowerBound(index.vocabulary, prefix);
    position < index.vocabulary.length;
    position++
  ) {
    const term = index.vocabulary[position] ?? "";
    if (!term.startsWith(prefix)) break;
    if (term !== prefix) addAlternative(alternatives, term, RANKING.prefixWeight);
  }
}

/** Edits a typo may have: none under 4 letters, 1 from 4, 2 from 8 (counting the typed form). */
function typoLimit(typed: string): number {
  return typed.length >= 8 ? 2 : typed.length >= 4 ? 1 : 0;
}

/**
 * Whether `candidate` is worth an edit-distance check against `typed`: a length within the
 * limit and the same first letter, or the first two letters swapped (`lfyway`), since a typo
 * in the first letter is rare and checking every term would cost a scan per query word.
 */
function sameStart(typed: string, candidate: string, limit: number): boolean {
  if (Math.abs(candidate.length - typed.length) > limit) return false;
  return (
    candidate[0] === typed[0] || (candidate[0] === typed[1] && candidate[1] === typed[0])
  );
}

/**
 * Terms a few edits (an adjacent swap counts as one) from the query word. The stem is
 * compared with the vocabulary, and the word as typed with the written forms of indexed
 * words, because stemming can move a typo away from its word (`flywya` stays `flywya`
 * while `flyway` becomes `flywai`). A written form matches through its stem.
 */
function addTypoMatches(
  index: SearchIndex,
  alternatives: Alternatives,
  stem: string,
  word: string,
): void {
  const addWithin = (typed: string, candidate: string, term: string): void => {
    const limit = typoLimit(typed);
    if (limit === 0 || !sameStart(typed, candidate, limit)) return;
    const distance = boundedEditDistance(typed, candidate, limit);
    if (distance >= 1 && distance <= limit)
      addAlternative(alternatives, term, RANKING.typoWeights[distance - 1] ?? 0);
  };
  for (const term of index.vocabulary) addWithin(stem, term, term);
  if (typoLimit(word) === 0) return;
  for (const [surface, surfaceStem] of index.surfaces) addWithin(word, surface, surfaceStem);
}

/** The query's words, each with the index terms it may match and their weights. */
export function expandQuery(index: SearchIndex, query: string): Alternatives[] {
  const groups = new Map<string, Alternatives>();
  for (const word of splitWords(query)) {
    const stems = tokenize(word);
    const stem = stems[0];
    if (stem === undefined || groups.has(stem)) continue;
    const alternatives: Alternatives = new Map([[stem, 1]]);
    for (const synonym of synonymsOf(word))
      for (const term of tokenize(synonym))
        addAlternative(alternatives, term, RANKING.synonymWeight);
    addPrefixMatches(index, alternatives, stem);
    if (word !== stem) addPrefixMatches(index, alternatives, word);
    if (!index.postings.has(stem)) addTypoMatches(index, alternatives, stem, word);
    groups.set(stem, alternatives);
  }
  addLearnedAbbreviations(index, groups);
  return [...groups.values()];
}

/**
 * Acronyms the memory's glossary defines (search/glossary.ts): a query word that is one also
 * looks for the words it stands for, and a query holding all those words also looks for it.
 */
function addLearnedAbbreviations(index: SearchIndex, groups: Map<string, Alternatives>): void {
  for (const { acronym, words } of learnedAbbreviations(index.facts)) {
    const acronymTerm = tokenize(acronym)[0];
    const phraseTerms = words.flatMap((word) => tokenize(word));
    if (acronymTerm === undefined || phraseTerms.length === 0) continue;
    const asAcronym = groups.get(acronymTerm);
    if (asAcronym !== undefined) {
      for (const term of phraseTerms) addAlternative(asAcronym, term, RANKING.synonymWeight);
    } else if (phraseTerms.every((term) => groups.has(term))) {
      for (const term of phraseTerms)
        addAlternative(groups.get(term)!, acronymTerm, RANKING.synonymWeight);
    }
  }
}

/** What scoring one term needs, worked out once per query. */
interface TermScoring {
  readonly term: string;
  readonly idf: number;
  /** The term's counts as saved, when the postings hold them (a restored index). */
  readonly saved: SavedCounts | undefined;
}

function termScoring(index: SearchIndex, term: string): TermScoring {
  const list = index.postings.get(term);
  const documentFrequency = list?.length ?? 0;
  const idf = Math.log(1 + (index.facts.length - documentFrequency + 0.5) / (documentFrequency + 0.5));
  return { term, idf, saved: list ? index.postings.savedCounts?.(term) : undefined };
}

function bm25f(index: SearchIndex, scoring: TermScoring, position: number): number {
  // A restored index's counts come from the postings: no candidate's every term decoded.
  const packed = scoring.saved ? savedCountAt(scoring.saved, position) : index.terms[position]?.counts.get(scoring.term);
  if (!packed) return 0;
  const lengths = index.terms[position]?.lengths ?? [];
  let weighted = 0;
  for (let field = 0; field < FIELDS.length; field++) {
    const count = fieldCount(packed, field);
    if (count === 0) continue;
    const b = RANKING.fieldB[field] ?? 0.75;
    const norm = 1 - b + (b * (lengths[field] ?? 0)) / (index.averageLengths[field] ?? 1);
    weighted += ((RANKING.fieldWeights[field] ?? 1) * count) / norm;
  }
  return (scoring.idf * weighted * (RANKING.k1 + 1)) / (RANKING.k1 + weighted);
}

/** Ranks `index` for `query`; only facts of `type` when given; at most `limit` results. */
export function rankFacts(
  index: SearchIndex,
  query: string,
  options: { type?: FactType; limit: number },
): RankedFact[] {
  const groups = expandQuery(index, query);
  if (groups.length === 0) return [];
  const candidates = new Set<number>();
  for (const alternatives of groups)
    for (const term of alternatives.keys())
      for (const position of index.postings.get(term) ?? []) candidates.add(position);
  const scored = groups.map((alternatives) => [...alternatives].map(([term, weight]) => [termScoring(index, term), weight] as const));
  const queryWords = splitWords(query);
  const productQuestion = asksForProduct(queryWords);
  const form = questionForm(queryWords);
  const positions: number[] = [];
  const scores: number[] = [];
  for (const position of candidates) {
    const fact = index.facts[position];
    if (!fact || (options.type && fact.type !== options.type)) continue;
    let score = 0;
    let matched = 0;
    for (const alternatives of scored) {
      let best = 0;
      for (const [scoring, weight] of alternatives)
        best = Math.max(best, weight * bm25f(index, scoring, position));
      if (best > 0) matched++;
      score += best;
    }
    if (score === 0) continue;
    positions.push(position);
    scores.push(score * Math.sqrt(matched / groups.length));
  }
  // A lift only raises a score, by at most maxLift: a fact that would stay below the limit-th
  // best unlifted score even when lifted cannot be among the results, so only the others have
  // their titles read (a broad first question has thousands of candidates; a few dozen remain).
  const maxLift = (productQuestion ? PRODUCT_ROLE_FACTOR : 1) * (form !== undefined ? QUESTION_FORM_FACTOR : 1);
  const floor = options.limit >= 1 && scores.length > options.limit && maxLift > 1 ? kthLargest(scores, options.limit) - 1e-6 : -Infinity;
  const ranked: RankedFact[] = [];
  for (let at = 0; at < positions.length; at++) {
    const score = scores[at] as number;
    if (score * maxLift < floor) continue;
    const fact = index.facts[positions[at] as number] as Fact;
    const lift =
      (productQuestion && namesProduct(fact) ? PRODUCT_ROLE_FACTOR : 1) *
      (form !== undefined && answersForm(fact, form) ? QUESTION_FORM_FACTOR : 1);
    ranked.push({ fact, score: score * lift });
  }
  ranked.sort(
    (a, b) =>
      (Math.abs(a.score - b.score) > 1e-9 ? b.score - a.score : 0) ||
      CONFIDENCE_RANK[b.fact.confidence] - CONFIDENCE_RANK[a.fact.confidence] ||
      compareNewestFirst(a.fact, b.fact),
  );
  return ranked.slice(0, options.limit);
}

/** The `k`-th largest of `values` (1-based; `k` at most their number). */
function kthLargest(values: readonly number[], k: number): number {
  return Float64Array.from(values).sort()[values.length - k] as number;
}
