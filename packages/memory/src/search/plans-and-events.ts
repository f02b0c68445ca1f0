// Events over plans: people save the plan first and the outcome later ("Staff meeting set for
// Wednesday 11 March to decide on the software", a week later "Staff meeting voted: we're moving
// to Provet Cloud"; "Fire officer's inspection is on the 17th of March", then "Fire officer came
// this morning. Passed, but …"). Both hold the question's words, and the plan, written first and
// often naming the event in full, tends to hold more of them. A question about what happened
// ("when did…", "what did…", "what happened…") wants the outcome, so a fact that only announces
// is dropped a little below its score for such a question.
// A fact announces when it names a day after the day it was saved (a date written, or said as
// "tomorrow", "next week", "next Friday"), or says a thing will happen ("will", "going to",
// "planning to", "scheduled", "set for", "booked for"), and tells nothing of its own day
// ("today", "this morning", "tonight", "yesterday", "last night": an outcome noted as it
// happened, whatever else it plans).
// A "when" question about a thing still to come ("when are we moving in", "when is Toby
// leaving") wants the plan as it stands: dates move, and each move is saved as a new
// announcement ("move in by Easter", then "end of April, not Easter", then "we move in on
// Saturday 2 May") that seldom links the one it replaces, so the newer facts in the running are
// lifted as for a question about the present (search/current-state.ts's liftRecent).
// Neighbours: search/answer-sentences.ts gives a fact's dates (written and relative);
// search/lift-memo.ts keeps the answer per fact; search/rank.ts applies the factor.

import type { QuestionForm } from "./question-form";
import { datesIn, isPastForm, relativeDatesIn, splitWords, type CalendarDate } from "@foundry-mcp/text-analysis";
import type { Fact } from "../types";
import { bodySentences } from "./answer-sentences";

// Words saying a thing is yet to happen.
const PLAN_WORDS = /\b(?:will|won't|going to|gonna|plan(?:s|ning|ned)? to|intend(?:s|ing)? to|hoping to|scheduled|set for|booked for|due (?:on|in|by)|deadline)\b/i;
// Words telling what happened on the day the fact was saved (or the night or day before).
const DAY_OF_SAVING = /\b(?:today|tonight|this (?:morning|afternoon|evening)|yesterday|last night)\b/i;

/** True when `date` (its year, when not written, the saving year) falls after the saving day `created`. */
function after(date: CalendarDate, created: Date): boolean {
  const year = date.year ?? created.getUTCFullYear();
  const month = created.getUTCMonth() + 1;
  if (year !== created.getUTCFullYear()) return year > created.getUTCFullYear();
  if (date.month !== month) return date.month > month;
  return date.day !== undefined && date.day > created.getUTCDate();
}

/**
 * True when the fact announces a plan and tells nothing of its own day (see the header). A
 * sentence naming a later day announces it only when none of its verbs is in the past: "On 11
 * April card payments failed" tells an outcome whatever day it was saved on.
 */
export function announcesPlan(fact: Fact): boolean {
  const text = `${fact.title}\n${fact.body}`;
  if (DAY_OF_SAVING.test(text)) return false;
  if (PLAN_WORDS.test(text)) return true;
  const created = new Date(fact.created);
  if (Number.isNaN(created.getTime())) return false;
  return bodySentences(fact.body).some((sentence) => {
    const dates = [...datesIn(sentence), ...relativeDatesIn(sentence, fact.created)];
    return dates.some((date) => after(date, created)) && !splitWords(sentence).some(isPastForm);
  });
}

// A question about what happened: "when did…", "what did…", "what happened…".
// Measured and left out: "was", "were" (a question about a date to come: "when was that"), any
// past form ("who got", "who set up": +1 −1; "sent", "built" are as often adjectives).
const PAST_QUESTION_WORDS = new Set(["did", "happened"]);

/** True when the question (its lower-case words) asks about what happened. */
export function asksAboutPast(words: readonly string[]): boolean {
  return words.some((word) => PAST_QUESTION_WORDS.has(word));
}

// "when is", "when are", "when will", "when's": the tense of a thing to come ("when do…" asks for a habit or a rule: left out).
const COMING_AFTER_WHEN = new Set(["is", "are", "will", "s", "re"]);
// Words of a question about the past ("when was the boiler fixed", "when had…").
const PAST_WORDS = new Set(["did", "was", "were", "had", "happened"]);

/**
 * True when a "when" question (its lower-case words, its form) asks about a thing still to come
 * or standing, not about the past: "when" then is/are/will…, and no past word or form after it.
 * Measured and left out: a terse date question with no verb ("move-in date?"): no dev question moved.
 */
export function asksAboutComing(words: readonly string[], form: QuestionForm | undefined): boolean {
  if (form !== "time") return false;
  const at = words.indexOf("when");
  if (at < 0 || !COMING_AFTER_WHEN.has(words[at + 1] ?? "")) return false;
  return !words.some((word) => PAST_WORDS.has(word) || isPastForm(word));
}
