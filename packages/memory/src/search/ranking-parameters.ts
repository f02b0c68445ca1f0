// The ranker's tuned numbers in one place: BM25F's k1, field weights and length normalisation,
// the discount of each kind of alternative a query word may match, and the factor of each lift.
// Read by the query expansion (search/query-expansion.ts), the term scoring
// (search/term-scoring.ts), the ranker (search/rank.ts) and the lifts' own files; exported from
// the package so the benchmark can print what it measured and bench/tune-factors.mjs can set it.

/**
 * The ranker's parameters (BM25F and the lifts); exported so the benchmarks can print and set them.
 * What each is (kept out of the object itself: the bundlers keep comments inside an object
 * literal, and foundry-server carries four copies of this one):
 * - `k1`, `fieldWeights`, `fieldB`, `synonymWeight`, `prefixWeight`, `typoWeights`,
 *   `derivationWeight`, `roleNameWeight`, `describedNameWeight`, `minimumPrefixLength`: BM25F's k1,
 *   per-field weights (title, tags, body) and length normalisation; the discount of a synonym, a
 *   prefix, a typo (one, two edits), a derivational relative, a role's name and a described name
 *   (search/described-names.ts: 0.5 +12 −1 of 3,280 dev questions, 0.65 and 0.8 +12 −2 and +14 −2,
 *   0.3 +10 −0); the shortest prefix expanded. The body's length normalisation 0.75 → 0.5 in
 *   session 38, when hand-written memories (holdouts 12–17) had become most of the dev questions:
 *   a note answering in full lost to routine one-liners sharing a word (3,707 dev questions: 0.5
 *   +23 −9, 0.45 +25 −12, 0.4 +27 −18, 0.6 +9 −4, 0.9 −11; the gains on holdouts 11, 13, 15 and 16,
 *   the losses one each on the oldest generated sets).
 * - `questionFormFactor`, `answerSentenceFactor`, `answerKindFactor`, `dateMatchFactor`: The lifts
 *   of the question kinds (search/rank.ts applies them; 1 turns one off). A fact whose title answers
 *   the question's form (search/question-form.ts); for a "when" ("who") question one holding the
 *   asked-for date or name beside the question's words, and one holding a date (a name) anywhere
 *   (search/answer-sentences.ts); one naming a date the question names, written either way
 *   ("2026-06-02", "2 June").
 * - `monthScopeFactor`: A fact of the month a question sets itself in ("in March", "early May":
 *   saved in it, naming a day of it or the month), its name no longer a word of the query
 *   (search/month-scope.ts; session 38: 2, 2.5, 3 and 4 +14 to +17 −4 of 3,707 dev questions as
 *   first built, 3 in the middle of the plateau; +18 −6 read off the index as landed; 1 turns it off).
 * - `choiceFactor`: A fact recording a choice (or settling the matter), for a question asking
 *   which option was chosen (search/choice.ts): the facts suggesting options hold more of the
 *   question's words, so the lift must outweigh them (choices dev set: ×1.5 12 of 18 first, ×2 13,
 *   ×2.5 14, ×3 and ×4 16).
 * - `moneyFactor`: A fact holding a sum of money, for a question asking one
 *   (search/money-answers.ts).
 * - `subjectFactor`, `actorFactor`: A fact whose title opens with one of the question's words
 *   (search/fact-subject.ts), and for a "who" question one opening with a person's full name: who
 *   acted (×1.2 and ×1.3 each won three "who" questions and lost none; ×1.5 lost one of holdout 8).
 * - `currentStateFactor`, `statesPresentFactor`: A now-question (search/current-state.ts): the
 *   newest fact in the running is lifted by up to currentStateFactor (older ones less, the oldest
 *   not at all), and a fact telling a value as it stands by statesPresentFactor (×1 lost holdout 9
 *   eight questions, ×1.5 one; ×1.75 to ×3 none).
 * - `earlierStateFactor`: An older fact not naming the state a question says came after
 *   (search/earlier-state.ts); a fact telling a change to a new value is lowered by the same factor.
 * - `planFactor`: A fact announcing a plan, for a question about what happened
 *   (search/plans-and-events.ts; ×0.7 and ×0.85 gained three and two questions, ×0.5 lost four).
 * - `productRoleFactor`: A fact naming a product, for a question asking for one by its role
 *   (search/product-names.ts).
 * - `measureFactor`: Score factor of a fact holding a number, for a question asking how often,
 *   long, many… (search/measure-answers.ts; 1 turns it off).
 * - `threadOutcomeWeight`, `threadSpanDays`, `threadHead`, `threadWordMaxFacts`: A choice
 *   question's later fact on a plan's thread (search/fact-context.ts): its share of the plan's score
 *   (0 turns it off), how long after the plan, among how many head hits, and how few facts may hold
 *   a word for it to tie two facts to one thread.
 * - `threadStepWeight`, `threadStepSpanDays`: A first-step question's earlier fact on a thread
 *   (search/thread-steps.ts): its share of the best later fact's score (0 turns it off) and how long
 *   after it the later fact may be saved.
 * - `howToFactor`, `keptPlaceFactor`: A how-to question's fact holding a command line in
 *   backticks, and a where-question's fact saying where a thing goes or is kept
 *   (search/how-to-answers.ts; 1 turns either off).
 * - `dayEventWeight`, `dayEventWordShare`: A question asking what happened on a day
 *   (search/day-events.ts): the share of the day's best score a fact of that day gains per unit of
 *   specificity (0 turns it off), and the share of the facts a word may be held by at most to count
 *   as specific.
 * - `markerWordsAskedKept`, `restatedValues`: A now-question (search/current-state.ts): a marker
 *   word the question asks for elsewhere stays a query word ("which days … these days"); an older
 *   fact holding a figure drops below a newer one under the same heading
 *   (search/restated-values.ts). false turns each off.
 * - `nowThatClauses`: "now that Bea has left": the clause's words leave the query
 *   (search/current-state.ts). false turns it off.
 * - `lowerLaterChanges`: A question about the state before a change lowers the facts telling a
 *   change to a new value (search/earlier-state.ts). false turns it off.
 * - `pastEventClauses`: "before we made holds longer": a clause after "before" with a past verb
 *   names the later state (search/earlier-state.ts). false turns it off.
 * - `viewFactor`, `viewWordWeight`: A question asking what someone thinks or said
 *   (search/stated-views.ts): the factor of a fact telling the view of a person it names (1 turns
 *   the rule off), and the weight at which a word telling a view ("wants", "prefers") meets its
 *   frame word ("say", "think").
 * - `settledSteps`, `proposalFactor`: A choice question (search/settled-matters.ts): a fact
 *   settling the matter in other words than a choice verb is lifted like a recorded choice and the
 *   outcome phrase's words leave the query (false turns it off); a fact only telling a view or
 *   proposal scores × proposalFactor (1 turns that off).
 * - `doerFactor`: A "who" question: the factor of a fact naming a person as the doer of something
 *   ("Deepak leads the migration", "his replacement will be Shona"; search/named-doers.ts; 1 turns
 *   it off).
 * - `termNecessity`: A question word answers seldom repeat ("happened", "want", "cost", "decide")
 *   counts at its learned weight (search/term-necessity.ts, decision 0054). false turns it off.
 */
export const RANKING = {
  k1: 1.2,
  fieldWeights: [3, 2, 1],
  fieldB: [0.5, 0.3, 0.5],
  synonymWeight: 0.8,
  prefixWeight: 0.6,
  typoWeights: [0.5, 0.35],
  derivationWeight: 0.9,
  roleNameWeight: 0.8,
  describedNameWeight: 0.5,
  minimumPrefixLength: 3,
  questionFormFactor: 1.1,
  answerSentenceFactor: 1.3,
  answerKindFactor: 1.5,
  dateMatchFactor: 2,
  monthScopeFactor: 3,
  choiceFactor: 3,
  moneyFactor: 3,
  subjectFactor: 1.5,
  actorFactor: 1.2,
  currentStateFactor: 1.5,
  statesPresentFactor: 2,
  earlierStateFactor: 1.5,
  planFactor: 0.7,
  productRoleFactor: 1.15,
  measureFactor: 1.5,
  threadOutcomeWeight: 0.2,
  threadSpanDays: 7,
  threadHead: 30,
  threadWordMaxFacts: 20,
  threadStepWeight: 0.2,
  threadStepSpanDays: 120,
  howToFactor: 2,
  keptPlaceFactor: 1.4,
  dayEventWeight: 0.05,
  dayEventWordShare: 0.05,
  markerWordsAskedKept: true,
  restatedValues: true,
  nowThatClauses: true,
  lowerLaterChanges: true,
  pastEventClauses: true,
  viewFactor: 1.5,
  viewWordWeight: 0.8,
  settledSteps: true,
  proposalFactor: 0.8,
  doerFactor: 1.5,
  termNecessity: true,
} as const;
