// Questions about the state before a change ("where did we have team lunch before the ramen
// bar", "what did Ines use before VS Code"): what follows "before" names the newer state, held by
// the fact telling the change, which would share the most words with the question; the answer is
// an older fact on the same subject that does not hold it. So those words leave the query (when
// others remain), and among the facts in the running, those created before the first fact naming
// that state, and not naming it, are lifted, as are the facts telling the change that name the
// value it replaced (search/replaced-values.ts).
// "before deploying", "before they accept" ask for a prerequisite, not for an earlier state.
// Neighbour: search/rank.ts applies the lift to the facts left after its first cut.

import type { Fact } from "../types";
import { isPastForm, type CalendarDate } from "@foundry-mcp/text-analysis";
import { RANKING } from "./ranking-parameters";
import { termsOf } from "./search-index";
import { tokenize } from "./tokenize";

// Words after "before" that start a clause (a prerequisite), not the name of a state.
const CLAUSE_STARTS = new Set(["i", "you", "he", "she", "it", "we", "they", "this", "that", "someone", "anyone", "anybody", "somebody", "doing", "a"]);

// "before we made holds longer", "before he became an accountant", "before the extra gateway went
// up": a clause whose verb is in the past names an event that came before the question, as a
// noun does ("before the ramen bar"); its words but the verb are the later state's. A present
// verb ("before they pay", "before deploying") asks for a prerequisite instead.
const PAST_VERB_WITHIN = 4;
// Past forms the analyser's list lacks (it keeps those that change a stem), said of a change.
const PAST_CHANGES = new Set(["became", "came", "left"]);
const isPastVerb = (word: string): boolean => isPastForm(word) || PAST_CHANGES.has(word);

/**
 * The terms of the state a question says came after ("before the ramen bar" → ramen, bar;
 * "before we made holds longer" → hold, longer), or undefined when it asks nothing of the kind
 * (no "before", a clause in the present or a verb in -ing after it, a date: `askedDates`, the
 * dates the question names, as rank.ts has read them).
 */
export function laterStateTerms(words: readonly string[], askedDates: readonly CalendarDate[]): string[] | undefined {
  const at = words.indexOf("before");
  if (at < 0) return undefined;
  let rest = words.slice(at + 1);
  const next = rest[0] === "the" ? rest[1] : rest[0];
  if (askedDates.length > 0) return undefined;
  const verbAt = RANKING.pastEventClauses ? rest.slice(0, PAST_VERB_WITHIN).findIndex(isPastVerb) : -1;
  if (verbAt >= 0) rest = [...rest.slice(0, verbAt), ...rest.slice(verbAt + 1)].filter((word) => !CLAUSE_STARTS.has(word));
  else if (next === undefined || CLAUSE_STARTS.has(next) || next.endsWith("ing") || /\d/.test(next)) return undefined;
  const terms = tokenize(rest.join(" "));
  return terms.length > 0 ? terms : undefined;
}

/**
 * Lifts ×RANKING.earlierStateFactor the facts created before the first one holding every term of
 * `later`, that do not hold them, and the facts holding them that tell a value replaced
 * (`tellsReplaced(at)`: "no longer a Telecaster; a Gretsch these days" names the earlier state
 * beside the later one). Holdout 10 +1 with the second kind, no dev question lost.
 */
export function liftEarlier(facts: readonly Fact[], scores: number[], later: readonly string[], tellsReplaced: (at: number) => boolean): void {
  const holds = facts.map((fact) => later.every((term) => termsOf(fact).counts.has(term)));
  let first = Infinity;
  facts.forEach((fact, at) => {
    if (holds[at]) first = Math.min(first, Date.parse(fact.created));
  });
  if (!Number.isFinite(first)) return;
  for (let at = 0; at < scores.length; at++) {
    const earlier = !holds[at] && Date.parse((facts[at] as Fact).created) < first;
    if (earlier || (holds[at] && tellsReplaced(at))) scores[at] = (scores[at] as number) * RANKING.earlierStateFactor;
  }
}

/**
 * Lowers ÷RANKING.earlierStateFactor the facts telling a change to a new value without naming the one
 * replaced (`tellsChangeTo(at)` and not `tellsReplaced(at)`: "minimum changed to 8 people",
 * "lowered the budget alert to $50"): for a question about the state before a change they tell
 * the state after it, and share the question's words with the older facts holding the answer.
 */
export function lowerLaterChanges(scores: number[], tellsChangeTo: (at: number) => boolean, tellsReplaced: (at: number) => boolean): void {
  for (let at = 0; at < scores.length; at++) if (tellsChangeTo(at) && !tellsReplaced(at)) scores[at] = (scores[at] as number) / RANKING.earlierStateFactor;
}
