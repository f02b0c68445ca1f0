// The ranker's tuned numbers in one place: BM25F's k1, field weights and length normalisation,
// the discount of each kind of alternative a query word may match, and the measure lift. Read by the query
// expansion (search/query-expansion.ts), the term scoring (search/term-scoring.ts) and the
// ranker (search/rank.ts); exported from the package so the benchmark can print what it measured.

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
  /** Score factor of a fact holding a number, for a question asking how often, long, many… (search/measure-answers.ts; 1 turns it off). */
  measureFactor: 1.5,
  // A choice question's later fact on a plan's thread (search/fact-context.ts): its share of the
  // plan's score (0 turns it off), how long after the plan, among how many head hits, and how
  // few facts may hold a word for it to tie two facts to one thread.
  threadOutcomeWeight: 0.2,
  threadSpanDays: 7,
  threadHead: 30,
  threadWordMaxFacts: 20,
  // A first-step question's earlier fact on a thread (search/thread-steps.ts): its share of the
  // best later fact's score (0 turns it off) and how long after it the later fact may be saved.
  threadStepWeight: 0.2,
  threadStepSpanDays: 120,
  // A how-to question's fact holding a command line in backticks, and a where-question's fact
  // saying where a thing goes or is kept (search/how-to-answers.ts; 1 turns either off).
  howToFactor: 2,
  keptPlaceFactor: 1.4,
  // A question asking what happened on a day (search/day-events.ts): the share of the day's best
  // score a fact of that day gains per unit of specificity (0 turns it off), and the share of the
  // facts a word may be held by at most to count as specific.
  dayEventWeight: 0.05,
  dayEventWordShare: 0.05,
  // A now-question (search/current-state.ts): a marker word the question asks for elsewhere stays
  // a query word ("which days … these days"); an older fact holding a figure drops below a newer
  // one under the same heading (search/restated-values.ts). false turns each off.
  markerWordsAskedKept: true,
  restatedValues: true,
  // "now that Bea has left": the clause's words leave the query (search/current-state.ts). false turns it off.
  nowThatClauses: true,
  // A question about the state before a change lowers the facts telling a change to a new value
  // (search/earlier-state.ts). false turns it off.
  lowerLaterChanges: true,
  // "before we made holds longer": a clause after "before" with a past verb names the later state
  // (search/earlier-state.ts). false turns it off.
  pastEventClauses: true,
  // A question asking what someone thinks or said (search/stated-views.ts): the factor of a fact
  // telling the view of a person it names (1 turns the rule off), and the weight at which a word
  // telling a view ("wants", "prefers") meets its frame word ("say", "think").
  viewFactor: 1.5,
  viewWordWeight: 0.8,
  // A choice question (search/settled-matters.ts): a fact settling the matter in other words than a
  // choice verb is lifted like a recorded choice and the outcome phrase's words leave the query
  // (false turns it off); a fact only telling a view or proposal scores × proposalFactor (1 turns
  // that off).
  settledSteps: true,
  proposalFactor: 0.8,
  // A "who" question: the factor of a fact naming a person as the doer of something ("Deepak leads
  // the migration", "his replacement will be Shona"; search/named-doers.ts; 1 turns it off).
  doerFactor: 1.5,
  // A question word answers seldom repeat ("happened", "want", "cost", "decide") counts at its
  // learned weight (search/term-necessity.ts, decision 0054). false turns it off.
  termNecessity: true,
} as const;
