// A query's words, each with the index terms it may match at a discount (and the word's learned
// necessity, search/term-necessity.ts): its synonyms, terms it
// is a prefix of, words of its derivational family (longer ~ long, rental ~ rent), (when the exact
// stem is unknown) terms one or two typos away, by stem or by the word as written, an adjacent
// swap counting as one typo, and acronyms the memory's glossary defines. Each word is one group:
// search/term-scoring.ts takes the best match per group, so one word cannot count several times.
// Neighbours: search/rank.ts builds on the groups; search/ranking-parameters.ts holds the weights.

import { derivationalRoot, editDistance, typoAllowance } from "@foundry-mcp/text-analysis";
import { RANKING } from "./ranking-parameters";
import { lowerBound } from "./search-index";
import type { SearchIndex, WrittenForm } from "./search-index";
import { synonymsOf } from "./synonyms";
import { termNecessity } from "./term-necessity";
import { splitWords, tokenize } from "./tokenize";

/** One query word's index terms, each with its weight (the word's own stem first, at 1). */
export type Alternatives = Map<string, number>;

export function addAlternative(alternatives: Alternatives, term: string, weight: number): void {
  if ((alternatives.get(term) ?? 0) < weight) alternatives.set(term, weight);
}

/**
 * Calls `visit` for the sorted vocabulary's terms that start with `prefix`, in order, at most
 * `limit` of them: one binary search, then the run (prefix, family and typo matching all read one).
 */
function eachTermStartingWith(vocabulary: readonly string[], prefix: string, visit: (term: string) => void, limit = vocabulary.length): void {
  const start = lowerBound(vocabulary, prefix);
  const end = Math.min(vocabulary.length, start + limit);
  for (let position = start; position < end; position++) {
    const term = vocabulary[position] ?? "";
    if (!term.startsWith(prefix)) return;
    visit(term);
  }
}

function addPrefixMatches(index: SearchIndex, alternatives: Alternatives, prefix: string): void {
  if (prefix.length < RANKING.minimumPrefixLength) return;
  eachTermStartingWith(index.vocabulary, prefix, (term) => {
    if (term !== prefix) addAlternative(alternatives, term, RANKING.prefixWeight);
  });
}

/** At most this many indexed terms are read for one word's derivational family (a short root starts many). */
const MAX_FAMILY_SCAN = 64;

/**
 * Indexed terms of the word's derivational family (text-analysis: registering ~ registration,
 * comparison ~ compare, rental ~ rent). Every word of a family starts with its root, so the
 * sorted vocabulary names the candidates; a family map built once would go stale as facts come
 * and go. A stem's own root is read as the word's (Porter only rewrites endings).
 */
function addDerivationalRelatives(index: SearchIndex, alternatives: Alternatives, word: string): void {
  const root = derivationalRoot(word);
  if (root === undefined) return;
  eachTermStartingWith(
    index.vocabulary,
    root,
    (term) => {
      if (derivationalRoot(term) === root) addAlternative(alternatives, term, RANKING.derivationWeight);
    },
    MAX_FAMILY_SCAN,
  );
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
    const limit = typoAllowance(typed.length);
    if (limit === 0 || !sameStart(typed, candidate, limit)) return;
    const distance = editDistance(typed, candidate, limit);
    if (distance >= 1 && distance <= limit)
      addAlternative(alternatives, term, RANKING.typoWeights[distance - 1] ?? 0);
  };
  // The vocabulary is sorted, so the terms sameStart lets through are two runs of it: those
  // starting with the stem's first letter and those starting with its first two swapped.
  const runs = typoAllowance(stem.length) === 0 ? [] : stem[0] === stem[1] ? [stem.slice(0, 1)] : [stem.slice(0, 1), `${stem[1]}${stem[0]}`];
  for (const start of runs) eachTermStartingWith(index.vocabulary, start, (term) => addWithin(stem, term, term));
  if (typoAllowance(word.length) === 0) return;
  eachSurfaceStartingLike(index, word, (surface, surfaceStem) => addWithin(word, surface, surfaceStem));
}

/** An index's written forms ({@link SearchIndex.surfaces}) by first letter, each with its place in the index's order. */
type SurfacesByFirstLetter = Map<string, WrittenForm[]>;

/** {@link SearchIndex.surfacesByFirstLetter} made afresh, for an index that does not keep it. */
function surfacesByFirstLetter(index: SearchIndex): SurfacesByFirstLetter {
  const byFirstLetter: SurfacesByFirstLetter = new Map();
  let at = 0;
  for (const [surface, stem] of index.surfaces) {
    const letter = surface[0] ?? "";
    const run = byFirstLetter.get(letter);
    if (run === undefined) byFirstLetter.set(letter, [{ at, surface, stem }]);
    else run.push({ at, surface, stem });
    at++;
  }
  return byFirstLetter;
}

/**
 * Calls `visit` for the written forms {@link sameStart} may let through for `typed`: those
 * starting with its first letter or with its second (the first two swapped), in the index's
 * order, as a scan of every written form would meet them (so the alternatives come out in the
 * same order). An index that changes keeps the forms grouped by first letter as it changes (a
 * typo query word scanned all of them, and then the first one after each write grouped them again).
 */
function eachSurfaceStartingLike(index: SearchIndex, typed: string, visit: (surface: string, stem: string) => void): void {
  const byFirstLetter = index.surfacesByFirstLetter?.() ?? surfacesByFirstLetter(index);
  const first = byFirstLetter.get(typed[0] ?? "") ?? [];
  const second = typed[1] === undefined || typed[1] === typed[0] ? [] : (byFirstLetter.get(typed[1]) ?? []);
  let one = 0;
  let other = 0;
  while (one < first.length || other < second.length) {
    const next = other >= second.length || (one < first.length && (first[one]?.at ?? 0) < (second[other]?.at ?? 0)) ? first[one++] : second[other++];
    if (next !== undefined) visit(next.surface, next.stem);
  }
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
    addDerivationalRelatives(index, alternatives, word);
    // A number one digit away is another number (2025 is not a typo of 2026), not a typo.
    if (!index.postings.has(stem) && !/\d/.test(stem)) addTypoMatches(index, alternatives, stem, word);
    // A word answers seldom repeat counts less, through every form it may match in (search/term-necessity.ts).
    const necessity = RANKING.termNecessity ? termNecessity(stem) : 1;
    if (necessity < 1) for (const [term, weight] of alternatives) alternatives.set(term, weight * necessity);
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
  for (const { acronym, phrase } of index.learnedTerms()) {
    const asAcronym = groups.get(acronym);
    if (asAcronym !== undefined) {
      for (const term of phrase) addAlternative(asAcronym, term, RANKING.synonymWeight);
    } else if (phrase.every((term) => groups.has(term))) {
      for (const term of phrase) addAlternative(groups.get(term)!, acronym, RANKING.synonymWeight);
    }
  }
}
