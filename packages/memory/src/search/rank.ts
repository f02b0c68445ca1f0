// Ranks the active facts for a keyword query: BM25F over title, tags and body with field
// weights, where every query word may also match its synonyms, vocabulary terms it is a
// prefix of, words of its derivational family (longer ~ long, rental ~ rent), and (when the exact
// stem is unknown) terms one or two typos away, by stem or by
// the word as written, an adjacent swap counting as one typo — each at a discount, taking
// the best match per query word so one word cannot count several times; an alternative's idf
// is capped at the word's own when the index holds it (a rarer relative does not outscore it).
// A coverage factor prefers facts that match more of the query; a fact answering the question's
// form (search/question-form.ts) wins a near tie, and one holding the date or name a "when" or
// "who" question asks for beside its words (search/answer-sentences.ts) a little more. A day or
// month the question names is one query concept in place of its written words, met by the facts'
// date terms (search/date-terms.ts). A fact whose title opens with a name the question holds is about it
// (search/fact-subject.ts) and is lifted over facts naming it further on, and for a "who" question
// one opening with a full name (who acted) over facts mentioning people further on; a question asking which
// option was picked lifts the facts recording a choice over those suggesting options
// (search/choice.ts); a question about the state before a change ("before the ramen bar") drops
// the later state's words and lifts the older facts not naming it (search/earlier-state.ts); a
// newer fact saying a value was replaced drops the older ones still holding it (search/replaced-values.ts);
// a role the question names ("the director") also looks for the person the facts give it (search/role-names.ts).
// Ties: confidence, then newer.

import type { Fact, FactType } from "../types";
import { factIdNumber } from "../facts/fact-text";
import { CONFIDENCE_RANK, compareNewestFirstBy } from "../facts/order";
import { PRODUCT_ROLE_FACTOR, asksForProduct } from "./product-names";
import { datesIn, derivationalRoot, editDistance, typoAllowance } from "@foundry-mcp/text-analysis";
import { ANSWER_KIND_FACTOR, ANSWER_SENTENCE_FACTOR, DATE_MATCH_FACTOR, answersInSentence, holdsAnswerKind, namesDate } from "./answer-sentences";
import { QUESTION_FORM_FACTOR, formBit, questionForm } from "./question-form";
import { dateTermsOfQuestion, dateWordsOfQuestion } from "./date-terms";
import { ACTOR_FACTOR, SUBJECT_FACTOR } from "./fact-subject";
import { CURRENT_STATE_FACTOR, STATES_PRESENT_FACTOR, currentStateMarkers, liftRecent } from "./current-state";
import { CHOICE_FACTOR, asksForChoice } from "./choice";
import { NAMES_PRODUCT, OPENS_WITH_PERSON_NAME, RECORDS_CHOICE, STATES_PRESENT, liftMemo } from "./lift-memo";
import { EARLIER_STATE_FACTOR, laterStateTerms, liftEarlier } from "./earlier-state";
import { asksEarlierState, dropReplaced } from "./replaced-values";
import { FIELDS, fieldCount, lowerBound } from "./search-index";
import type { SearchIndex } from "./search-index";
import { resolveRoles } from "./role-names";
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
  derivationWeight: 0.9,
  roleNameWeight: 0.8,
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
    addDerivationalRelatives(index, alternatives, word);
    // A number one digit away is another number (2025 is not a typo of 2026), not a typo.
    if (!index.postings.has(stem) && !/\d/.test(stem)) addTypoMatches(index, alternatives, stem, word);
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

function accumulators(index: SearchIndex): Accumulators {
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
function scoreGroup(index: SearchIndex, alternatives: Alternatives, best: Float64Array): number[] {
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

/** Ranks `index` for `query`; only facts of `type` when given; at most `limit` results. */
export function rankFacts(
  index: SearchIndex,
  query: string,
  options: { type?: FactType; limit: number },
): RankedFact[] {
  let groups = expandQuery(index, query);
  // "the director", "our lawyer": also the person the memory's facts give that role (search/role-names.ts).
  const roles = resolveRoles(index, query);
  for (const { roleStem, nameStem } of roles) {
    const group = groups.find((alternatives) => alternatives.keys().next().value === roleStem);
    if (group !== undefined) addAlternative(group, nameStem, RANKING.roleNameWeight);
  }
  // A day or month the question names is one concept, found through the facts' date terms, and
  // not its written words as well (each group's first term is its word's stem).
  const askedDates = datesIn(query);
  const dateTerms = dateTermsOfQuestion(askedDates);
  if (dateTerms.length > 0) {
    const dateWords = dateWordsOfQuestion(askedDates);
    groups = groups.filter((alternatives) => !dateWords.has(alternatives.keys().next().value ?? ""));
    groups.push(new Map(dateTerms.map((term) => [term, 1])));
  }
  const queryWords = splitWords(query);
  // "before the ramen bar": the state that came after is a reference point, not what is asked
  // (search/earlier-state.ts); its words leave the query when others remain.
  const laterState = laterStateTerms(queryWords, askedDates);
  if (laterState) groups = withoutConcepts(groups, new Set(laterState));
  // "now", "these days": when the question is asked, not what; a fact may say "now", "these
  // days", "no longer" or nothing, so the marker's own words leave the query when others remain
  // (search/current-state.ts lifts the newer facts instead).
  const nowMarkers = currentStateMarkers(queryWords);
  if (nowMarkers.length > 0) groups = withoutConcepts(groups, new Set(tokenize(nowMarkers.join(" "))));
  if (groups.length === 0) return [];
  const productQuestion = asksForProduct(queryWords);
  const form = questionForm(queryWords);
  // Term at a time: each group's postings add its best match to the facts holding one, in
  // group order, so every sum is the one a fact-at-a-time pass would make.
  const { total, matched, best } = accumulators(index);
  const candidates: number[] = [];
  for (const alternatives of groups) {
    for (const position of scoreGroup(index, alternatives, best)) {
      if (matched[position] === 0) candidates.push(position);
      total[position] = (total[position] as number) + (best[position] as number);
      matched[position] = (matched[position] as number) + 1;
      best[position] = 0;
    }
  }
  const positions: number[] = [];
  const scores: number[] = [];
  for (const position of candidates) {
    const score = total[position] as number;
    const groupsMatched = matched[position] as number;
    total[position] = 0;
    matched[position] = 0;
    if (options.type && index.facts[position]?.type !== options.type) continue;
    positions.push(position);
    scores.push(score * Math.sqrt(groupsMatched / groups.length));
  }
  // A lift only raises a score, by at most maxLift: a fact that would stay below the limit-th
  // best unlifted score even when lifted cannot be among the results, so only the others have
  // their titles read and are sorted (a broad question has thousands of candidates; a few
  // dozen remain, and with no lift possible only the limit and its ties).
  const asksTimeOrPerson = form === "time" || form === "person";
  // Every question may name the person (or thing) a fact's title opens with (search/fact-subject.ts);
  // that lift reorders the facts the other lifts keep in the running and is left out of maxLift,
  // since every question could have it and counting it would let far more facts through the cut.
  const questionTerms = new Set([...tokenize(query), ...roles.map(({ nameStem }) => nameStem)]);
  // "now", "these days": the newer facts in the running are lifted (search/current-state.ts).
  const currentState = nowMarkers.length > 0;
  // "which venue did we pick": the fact recording the choice, over those suggesting options (search/choice.ts).
  const choiceQuestion = asksForChoice(queryWords);
  const maxLift = (laterState ? EARLIER_STATE_FACTOR : 1) * (form === "person" ? ACTOR_FACTOR : 1) * (choiceQuestion ? CHOICE_FACTOR : 1) * (currentState ? CURRENT_STATE_FACTOR * STATES_PRESENT_FACTOR : 1) * (askedDates.length > 0 ? DATE_MATCH_FACTOR : 1) * (productQuestion ? PRODUCT_ROLE_FACTOR : 1) * (form !== undefined ? QUESTION_FORM_FACTOR : 1) * (asksTimeOrPerson ? ANSWER_SENTENCE_FACTOR * ANSWER_KIND_FACTOR : 1);
  const floor = options.limit >= 1 && scores.length > options.limit ? kthLargest(scores, options.limit) - 1e-6 : -Infinity;
  // The lifted scores first, in plain arrays: only those at or above the limit-th lifted score
  // (and its ties) become survivors with their tie-breaks worked out and are sorted (a "when"
  // question's larger lift lets hundreds through the first floor).
  // The per-fact features read below, by position (search/lift-memo.ts).
  const memo = liftMemo(index);
  const askedForm = form === undefined ? 0 : formBit(form);
  const liftedFacts: Fact[] = [];
  const liftedPositions: number[] = [];
  const liftedScores: number[] = [];
  for (let at = 0; at < positions.length; at++) {
    const score = scores[at] as number;
    if (score * maxLift < floor) continue;
    const position = positions[at] as number;
    const fact = index.facts[position] as Fact;
    const sentences = askedDates.length > 0 || asksTimeOrPerson ? memo.sentences(position, fact) : undefined;
    const lift =
      (askedDates.length > 0 && namesDate(fact, askedDates, sentences) ? DATE_MATCH_FACTOR : 1) *
      (productQuestion && memo.flag(position, fact, NAMES_PRODUCT) ? PRODUCT_ROLE_FACTOR : 1) *
      (form !== undefined && (memo.formBits(position, fact) & askedForm) !== 0 ? QUESTION_FORM_FACTOR : 1) *
      (asksTimeOrPerson && answersInSentence(fact, form, questionTerms, sentences) ? ANSWER_SENTENCE_FACTOR : 1) *
      (asksTimeOrPerson && holdsAnswerKind(fact, form, sentences) ? ANSWER_KIND_FACTOR : 1) *
      (memo.opensWith(position, fact, questionTerms) ? SUBJECT_FACTOR : 1) *
      (form === "person" && memo.flag(position, fact, OPENS_WITH_PERSON_NAME) ? ACTOR_FACTOR : 1) *
      (choiceQuestion && memo.flag(position, fact, RECORDS_CHOICE) ? CHOICE_FACTOR : 1) *
      // A fact telling a value as it stands: a marker of the present, or a value it replaced.
      (currentState && (memo.flag(position, fact, STATES_PRESENT) || memo.replacements(position, fact).length > 0) ? STATES_PRESENT_FACTOR : 1);
    liftedFacts.push(fact);
    liftedPositions.push(position);
    liftedScores.push(score * lift);
  }
  if (currentState) liftRecent(liftedFacts, liftedScores);
  if (laterState) liftEarlier(liftedFacts, liftedScores, laterState, (at) => memo.replacements(liftedPositions[at] as number, liftedFacts[at] as Fact).length > 0);
  // A newer fact saying a value was replaced drops the older ones holding it (search/replaced-values.ts).
  if (!laterState && !asksEarlierState(queryWords))
    dropReplaced(liftedFacts, liftedScores, (at) => memo.replacements(liftedPositions[at] as number, liftedFacts[at] as Fact), questionTerms);
  const liftedFloor = options.limit >= 1 && liftedScores.length > options.limit ? kthLargest(liftedScores, options.limit) - 1e-6 : -Infinity;
  const ranked: Survivor[] = [];
  for (let at = 0; at < liftedFacts.length; at++) {
    const score = liftedScores[at] as number;
    if (score < liftedFloor) continue;
    const fact = liftedFacts[at] as Fact;
    ranked.push({ fact, score, confidence: CONFIDENCE_RANK[fact.confidence], idNumber: factIdNumber(fact.id) });
  }
  ranked.sort(
    (a, b) =>
      (Math.abs(a.score - b.score) > 1e-9 ? b.score - a.score : 0) ||
      b.confidence - a.confidence ||
      compareNewestFirstBy(a.fact.created, a.idNumber, b.fact.created, b.idNumber),
  );
  return ranked.slice(0, options.limit).map(({ fact, score }) => ({ fact, score }));
}

/** A fact still in the running, with its tie-breaks worked out once (a broad query has many ties). */
interface Survivor extends RankedFact {
  readonly confidence: number;
  readonly idNumber: number;
}

/** The `k`-th largest of `values` (1-based; `k` at most their number), keeping only the `k` largest seen. */
/** `groups` without the concepts whose word (each group's first term, its stem) is in `leaving`, unless none would remain. */
function withoutConcepts(groups: Alternatives[], leaving: ReadonlySet<string>): Alternatives[] {
  const others = groups.filter((alternatives) => !leaving.has(alternatives.keys().next().value ?? ""));
  return others.length > 0 ? others : groups;
}

function kthLargest(values: readonly number[], k: number): number {
  const top = new Float64Array(k).fill(-Infinity); // descending
  for (const value of values) {
    if (value <= (top[k - 1] as number)) continue;
    let at = k - 1;
    while (at > 0 && (top[at - 1] as number) < value) {
      top[at] = top[at - 1] as number;
      at--;
    }
    top[at] = value;
  }
  return top[k - 1] as number;
}
