// Ranks the active facts for a keyword query: BM25F over title, tags and body with field
// weights (search/term-scoring.ts), where every query word may also match its synonyms, prefixes,
// derivational family and typos at a discount (search/query-expansion.ts).
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
// a role the question names ("the director") also looks for the person the facts give it (search/role-names.ts),
// and a description ("the dog walking app") for the name the facts describe so (search/described-names.ts).
// For a question about what happened ("when did…"), a fact only announcing it falls a little
// below the one telling the outcome, and for one about a thing to come ("when are we moving in")
// the newer plans are lifted (search/plans-and-events.ts). A question asking how often, long or
// many lifts the facts holding a number (search/measure-answers.ts). A question asking for the first
// step of a matter lifts the earlier facts of its thread (search/thread-steps.ts). A question asking
// how to do something lifts the facts holding a command, and one asking where the facts saying
// where a thing goes or is kept (search/how-to-answers.ts). A question naming a day and nothing the
// day's facts share lifts those naming particulars in rare words over the routine notes of the day
// (search/day-events.ts). A question asking what someone thinks or said lifts the facts telling that
// person's view (search/stated-views.ts); a choice question also lifts a fact settling the matter in
// other words and lowers one only proposing (search/settled-matters.ts). A "who" question asking who
// does something lifts the facts naming a person as the doer (search/named-doers.ts). A question set
// in a month ("in March") lifts the facts of that month in its name's place (search/month-scope.ts).
// Ties: confidence, then newer.

import type { Fact, FactType } from "../types";
import { factIdNumber } from "../facts/fact-text";
import { CONFIDENCE_RANK, compareNewestFirstBy } from "../facts/order";
import { asksForProduct } from "./product-names";
import { datesIn } from "@foundry-mcp/text-analysis";
import { answersInSentence, holdsAnswerKind, namesDate } from "./answer-sentences";
import { formBit, questionForm } from "./question-form";
import { dateTermsOfQuestion, dateWordsOfQuestion, isDayTerm } from "./date-terms";
import { type DayMatch, liftDayEvents } from "./day-events";
import { currentStateMarkers, liftRecent, markerTermsToDrop, nowThatTerms } from "./current-state";
import { dropRestated, mayAskFigure, statesAskedFigure } from "./restated-values";
import { asksForChoice } from "./choice";
import { NAMES_MONEY, NAMES_PRODUCT, OPENS_WITH_PERSON_NAME, RECORDS_CHOICE, STATES_PRESENT, TELLS_CHANGE_TO, ANNOUNCES_PLAN, NAMES_NUMBER, GIVES_COMMAND, STATES_KEPT_PLACE, NAMES_DOER, SETTLES_MATTER, TELLS_PROPOSAL, type LiftMemo, liftMemo } from "./lift-memo";
import { asksAboutComing, asksAboutPast } from "./plans-and-events";
import { asksForMoney } from "./money-answers";
import { laterStateTerms, liftEarlier, lowerLaterChanges } from "./earlier-state";
import { asksEarlierState, dropReplaced } from "./replaced-values";
import type { SearchIndex } from "./search-index";
import { resolveRoles } from "./role-names";
import { RANKING } from "./ranking-parameters";
import { liftThreadOutcomes } from "./fact-context";
import { asksHowTo, asksWhere } from "./how-to-answers";
import { asksForFirstStep, liftEarlierSteps } from "./thread-steps";
import { asksForDoer } from "./named-doers";
import { liftMonthFacts, monthsInScope } from "./month-scope";
import { askFrameWords, tellsViewOf, viewFrameWords, viewTerms } from "./stated-views";
import { onlyProposes, outcomePhraseWords } from "./settled-matters";
import { addAlternative, expandQuery, type Alternatives } from "./query-expansion";
import { accumulators, lengthNorms, scoreGroup } from "./term-scoring";
import { splitWords, stemWord, tokenize } from "./tokenize";

export { RANKING } from "./ranking-parameters";

/** A ranked fact. */
export interface RankedFact {
  readonly fact: Fact;
  readonly score: number;
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
  // "the dog walking app": also the name a fact describes so (search/described-names.ts), at a lower weight.
  for (const { roleStem, nameStem, described } of roles) {
    const group = groups.find((alternatives) => alternatives.keys().next().value === roleStem);
    if (group !== undefined) addAlternative(group, nameStem, described ? RANKING.describedNameWeight : RANKING.roleNameWeight);
  }
  // A day or month the question names is one concept, found through the facts' date terms (the
  // days they name and the day each was saved), and not its written words as well (each group's
  // first term is its word's stem).
  const askedDates = datesIn(query);
  const indexed = (term: string) => index.postings.has(term);
  const dateTerms = dateTermsOfQuestion(askedDates, indexed);
  let dateGroup: Alternatives | undefined;
  if (dateTerms.length > 0) {
    const dateWords = dateWordsOfQuestion(askedDates, indexed);
    groups = groups.filter((alternatives) => !dateWords.has(alternatives.keys().next().value ?? ""));
    dateGroup = new Map(dateTerms.map((term) => [term, 1]));
    groups.push(dateGroup);
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
  if (nowMarkers.length > 0) groups = withoutConcepts(groups, markerTermsToDrop(queryWords, nowMarkers));
  // "now that Bea has left": the event the question reckons from, not what it asks (search/current-state.ts).
  const sinceEvent = RANKING.nowThatClauses ? nowThatTerms(queryWords) : [];
  if (sinceEvent.length > 0) groups = withoutConcepts(groups, new Set(sinceEvent));
  // "what did Sol say about the map": the saying frames the question; any word telling a view
  // meets it, and a view of the person asked about is lifted (search/stated-views.ts).
  const frameWords = RANKING.viewFactor > 1 ? viewFrameWords(queryWords) : [];
  const viewQuestion = frameWords.length > 0;
  if (viewQuestion) {
    const frame = new Set(tokenize(frameWords.join(" ")));
    for (const group of groups) if (frame.has(group.keys().next().value ?? "")) for (const term of viewTerms()) addAlternative(group, term, RANKING.viewWordWeight);
    groups = withoutConcepts(groups, new Set(tokenize(askFrameWords(queryWords).join(" "))));
  }
  // "did we end up moving to Tailwind": the phrase asks for the outcome, its words are no topic (search/settled-matters.ts).
  const outcomeWords = RANKING.settledSteps ? outcomePhraseWords(queryWords) : [];
  if (outcomeWords.length > 0) groups = withoutConcepts(groups, new Set(tokenize(outcomeWords.join(" "))));
  // "what got nicked from the van in March": the facts of that month (search/month-scope.ts).
  const monthScope = RANKING.monthScopeFactor > 1 ? monthsInScope(queryWords, askedDates) : undefined;
  if (monthScope !== undefined && monthScope.months.length > 0) groups = withoutConcepts(groups, new Set(monthScope.words.map(stemWord)));
  if (groups.length === 0) return [];
  const productQuestion = asksForProduct(queryWords);
  const form = viewQuestion ? undefined : questionForm(queryWords);
  // Term at a time: each group's postings add its best match to the facts holding one, in
  // group order, so every sum is the one a fact-at-a-time pass would make.
  const { total, matched, best } = accumulators(index);
  const norms = lengthNorms(index);
  const candidates: number[] = [];
  // "what happened on 17 July": the facts holding the asked day, and whether they hold another concept (search/day-events.ts).
  const askedDays = dateTerms.filter(isDayTerm);
  const onAskedDay = new Set<number>();
  for (const alternatives of groups) {
    for (const position of scoreGroup(index, norms, alternatives, best)) {
      if (alternatives === dateGroup && askedDays.length > 0) onAskedDay.add(position);
      if (matched[position] === 0) candidates.push(position);
      total[position] = (total[position] as number) + (best[position] as number);
      matched[position] = (matched[position] as number) + 1;
      best[position] = 0;
    }
  }
  const positions: number[] = [];
  const scores: number[] = [];
  const dayMatches: DayMatch[] = [];
  // The coverage factor √(groups matched ÷ groups), worked out once per count rather than per candidate.
  const coverage: number[] = [];
  for (let groupsMatched = 0; groupsMatched <= groups.length; groupsMatched++) coverage.push(Math.sqrt(groupsMatched / groups.length));
  for (const position of candidates) {
    const score = total[position] as number;
    const groupsMatched = matched[position] as number;
    total[position] = 0;
    matched[position] = 0;
    if (options.type && index.facts[position]?.type !== options.type) continue;
    if (onAskedDay.size > 0 && onAskedDay.has(position)) dayMatches.push({ at: positions.length, holdsOtherConcept: groupsMatched > 1 });
    positions.push(position);
    scores.push(score * (coverage[groupsMatched] as number));
  }
  // A lift only raises a score, by at most maxLift: a fact that would stay below the limit-th
  // best unlifted score even when lifted cannot be among the results, so only the others have
  // their titles read and are sorted (a broad question has thousands of candidates; a few
  // dozen remain, and with no lift possible only the limit and its ties).
  const asksTimeOrPerson = form === "time" || form === "person";
  // Every question may name the person (or thing) a fact's title opens with (search/fact-subject.ts);
  // that lift reorders the facts the other lifts keep in the running and is left out of maxLift,
  // since every question could have it and counting it would let far more facts through the cut.
  // A described name is left out: facts opening with "Pawtrail" are not all about the dog walking app's question.
  const questionTerms = new Set([...tokenize(query), ...roles.filter(({ described }) => !described).map(({ nameStem }) => nameStem)]);
  // "now", "these days": the newer facts in the running are lifted (search/current-state.ts).
  const currentState = nowMarkers.length > 0;
  // "which venue did we pick": the fact recording the choice, over those suggesting options (search/choice.ts).
  const choiceQuestion = asksForChoice(queryWords);
  // "how much did the builder want": the fact holding the sum, over the one opening the topic (search/money-answers.ts).
  const moneyQuestion = asksForMoney(queryWords);
  // "how often does stock sync": the fact holding a number, over the one naming the thing (search/measure-answers.ts).
  const measureQuestion = form === "amount" && !moneyQuestion;
  // "when did the staff meeting choose": the fact telling the outcome, over the one announcing it (search/plans-and-events.ts).
  const pastQuestion = asksAboutPast(queryWords);
  // "when are we moving in": the newest plan in the running, as for a now-question (search/plans-and-events.ts).
  const comingQuestion = asksAboutComing(queryWords, form);
  // "how do I stop the scraper": the command, over the fact about the topic; "where do decisions go": the place (search/how-to-answers.ts).
  const howToQuestion = asksHowTo(queryWords);
  const whereQuestion = asksWhere(queryWords);
  // "who is keying results": the fact naming someone as the doer, over those naming people further on (search/named-doers.ts).
  const doerQuestion = form === "person" && RANKING.doerFactor > 1 && asksForDoer(queryWords);
  const maxLift = (laterState ? RANKING.earlierStateFactor : 1) * (form === "person" ? RANKING.actorFactor : 1) * (doerQuestion ? RANKING.doerFactor : 1) * (choiceQuestion ? RANKING.choiceFactor : 1) * (moneyQuestion ? RANKING.moneyFactor : 1) * (measureQuestion ? RANKING.measureFactor : 1) * (howToQuestion ? RANKING.howToFactor : 1) * (whereQuestion ? RANKING.keptPlaceFactor : 1) * (currentState ? RANKING.currentStateFactor * RANKING.statesPresentFactor : 1) * (comingQuestion && !currentState ? RANKING.currentStateFactor : 1) * (askedDates.length > 0 ? RANKING.dateMatchFactor : 1) * (productQuestion ? RANKING.productRoleFactor : 1) * (form !== undefined ? RANKING.questionFormFactor : 1) * (asksTimeOrPerson ? RANKING.answerSentenceFactor * RANKING.answerKindFactor : 1) * (viewQuestion ? RANKING.viewFactor : 1);
  // The per-fact features read below, by position (search/lift-memo.ts).
  const memo = liftMemo(index);
  // "which software did the staff meeting choose": the decision saved after the plan to decide, on its thread (search/fact-context.ts).
  // "when did we first plan to move in": the earlier fact on a thread, over the later ones restating it (search/thread-steps.ts).
  const firstStep = asksForFirstStep(queryWords);
  if (choiceQuestion || firstStep) {
    const conceptTerms = new Set(groups.flatMap((alternatives) => [...alternatives.keys()]));
    if (choiceQuestion) liftThreadOutcomes(index, memo, positions, scores, conceptTerms);
    if (firstStep) liftEarlierSteps(index, memo, positions, scores, conceptTerms);
  }
  liftDayEvents(index, positions, scores, dayMatches, askedDays, questionTerms);
  // "what got nicked from the van in March": the facts of that month, read off the index (search/month-scope.ts).
  if (monthScope !== undefined && monthScope.months.length > 0) liftMonthFacts(index, positions, scores, monthScope.months);
  const floor = options.limit >= 1 && scores.length > options.limit ? kthLargest(scores, options.limit) - 1e-6 : -Infinity;
  // The lifted scores first, in plain arrays: only those at or above the limit-th lifted score
  // (and its ties) become survivors with their tie-breaks worked out and are sorted (a "when"
  // question's larger lift lets hundreds through the first floor).
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
      (askedDates.length > 0 && namesDate(fact, askedDates, sentences) ? RANKING.dateMatchFactor : 1) *
      (productQuestion && memo.flag(position, fact, NAMES_PRODUCT) ? RANKING.productRoleFactor : 1) *
      (form !== undefined && (memo.formBits(position, fact) & askedForm) !== 0 ? RANKING.questionFormFactor : 1) *
      (asksTimeOrPerson && answersInSentence(fact, form, questionTerms, sentences) ? RANKING.answerSentenceFactor : 1) *
      (asksTimeOrPerson && holdsAnswerKind(fact, form, sentences) ? RANKING.answerKindFactor : 1) *
      (memo.opensWith(position, fact, questionTerms) ? RANKING.subjectFactor : 1) *
      (form === "person" && memo.flag(position, fact, OPENS_WITH_PERSON_NAME) ? RANKING.actorFactor : 1) *
      (doerQuestion && memo.flag(position, fact, NAMES_DOER) ? RANKING.doerFactor : 1) *
      (choiceQuestion ? choiceStepFactor(memo, position, fact) : 1) *
      (moneyQuestion && memo.flag(position, fact, NAMES_MONEY) ? RANKING.moneyFactor : 1) *
      (measureQuestion && memo.flag(position, fact, NAMES_NUMBER) ? RANKING.measureFactor : 1) *
      (howToQuestion && memo.flag(position, fact, GIVES_COMMAND) ? RANKING.howToFactor : 1) *
      (whereQuestion && memo.flag(position, fact, STATES_KEPT_PLACE) ? RANKING.keptPlaceFactor : 1) *
      (viewQuestion && tellsViewOf(fact, questionTerms) ? RANKING.viewFactor : 1) *
      // A decision is an outcome too, though it plans ("we'll repaint in sage green": which colour did we pick).
      (pastQuestion && memo.flag(position, fact, ANNOUNCES_PLAN) && !memo.flag(position, fact, RECORDS_CHOICE) ? RANKING.planFactor : 1) *
      // A fact telling a value as it stands: a marker of the present, a value it replaced, or a change to a new one.
      (currentState && (memo.flag(position, fact, STATES_PRESENT) || memo.replacements(position, fact).length > 0 || memo.flag(position, fact, TELLS_CHANGE_TO)) ? RANKING.statesPresentFactor : 1);
    liftedFacts.push(fact);
    liftedPositions.push(position);
    liftedScores.push(score * lift);
  }
  if (currentState || comingQuestion) liftRecent(liftedFacts, liftedScores);
  // "search p95 now": a newer fact under the same heading holding a figure restates an older one (search/restated-values.ts).
  if (currentState && RANKING.restatedValues && mayAskFigure(queryWords, form === "amount")) {
    const asked = new Set(groups.map((alternatives) => alternatives.keys().next().value ?? ""));
    dropRestated(liftedFacts, liftedScores, (at) => statesAskedFigure(liftedFacts[at] as Fact, asked));
  }
  if (laterState) {
    const tellsReplaced = (at: number) => memo.replacements(liftedPositions[at] as number, liftedFacts[at] as Fact).length > 0;
    liftEarlier(liftedFacts, liftedScores, laterState, tellsReplaced);
    if (RANKING.lowerLaterChanges) lowerLaterChanges(liftedScores, (at) => memo.flag(liftedPositions[at] as number, liftedFacts[at] as Fact, TELLS_CHANGE_TO), tellsReplaced);
  }
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

/** A choice question's factor for the fact at `position`: it records the choice or settles the matter (×RANKING.choiceFactor), or only proposes (search/settled-matters.ts). */
function choiceStepFactor(memo: LiftMemo, position: number, fact: Fact): number {
  if (memo.flag(position, fact, RECORDS_CHOICE)) return RANKING.choiceFactor;
  if (!RANKING.settledSteps) return 1;
  if (memo.flag(position, fact, SETTLES_MATTER)) return RANKING.choiceFactor;
  return onlyProposes(fact, false, false, memo.flag(position, fact, TELLS_PROPOSAL)) ? RANKING.proposalFactor : 1;
}

/** A fact still in the running, with its tie-breaks worked out once (a broad query has many ties). */
interface Survivor extends RankedFact {
  readonly confidence: number;
  readonly idNumber: number;
}

/** `groups` without the concepts whose word (each group's first term, its stem) is in `leaving`, unless none would remain. */
function withoutConcepts(groups: Alternatives[], leaving: ReadonlySet<string>): Alternatives[] {
  const others = groups.filter((alternatives) => !leaving.has(alternatives.keys().next().value ?? ""));
  return others.length > 0 ? others : groups;
}

/** The `k`-th largest of `values` (1-based; `k` at most their number), keeping only the `k` largest seen. */
function kthLargest(values: readonly number[], k: number): number {
  const top = new Float64Array(k).fill(-Infinity); // descending
  for (let next = 0; next < values.length; next++) {
    const value = values[next] as number;
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
