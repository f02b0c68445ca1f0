// The question form as a tie-break between facts on one topic: "when may tracking scripts
// load" is answered by "Tracking fires only after cookie consent", not by "Third-party scripts
// doubled the storefront bundle", though both share the topic's words. A question's first words
// name what kind of answer it wants (a time, an amount, a reason, a rule, a definition, a
// practice, a person); a fact whose title (or, for a reason or a practice, whose record of one)
// gives that kind of answer is lifted a little, enough to win a near tie and no more.
// Neighbour: search/rank.ts applies the factor.

import { NUMBER_WORDS } from "@foundry-mcp/text-analysis";
import type { Fact } from "../types";

/** What a question asks for, read from its first words. */
export type QuestionForm = "time" | "amount" | "reason" | "rule" | "definition" | "practice" | "person";

// "how many", "how long", "how often": an amount, not a practice.
const AMOUNT_AFTER_HOW = new Set("many much long often fast quickly soon big large small far frequently old tall heavy wide high deep".split(" "));
/** Words a question opens with before its question word ("so", "and", "ok"). */
export const QUESTION_OPENERS: ReadonlySet<string> = new Set(["so", "and", "but", "ok", "okay", "then", "hey"]);

/** The form a question asks in, or undefined when it is not a question (a keyword search). */
export function questionForm(words: readonly string[]): QuestionForm | undefined {
  const form = formOfFirstWords(words);
  return form === undefined && asksForDate(words) ? "time" : form;
}

function formOfFirstWords(words: readonly string[]): QuestionForm | undefined {
  let start = 0;
  while (start < words.length && QUESTION_OPENERS.has(words[start]!)) start += 1;
  const [first, second, third] = words.slice(start);
  switch (first) {
    case "when":
      return "time";
    case "why":
      return "reason";
    // "whose car is that" asks for a person, and so does "whose the practice manager", who's as people type it.
    case "whose":
    case "who":
    case "whom":
      return "person";
    case "how":
      return second !== undefined && AMOUNT_AFTER_HOW.has(second) ? "amount" : "practice";
    case "can":
    case "may":
    case "should":
    case "must":
    case "is":
    case "are":
    case "do":
    case "does":
      // "is a SKU a product", "does WMS mean" ask for a definition; the rest ask for a rule.
      return third === "mean" || second === "mean" ? "definition" : "rule";
    case "what":
    case "whats":
      if (second === "is" || second === "are" || second === "s" || second === "does" || second === "do") {
        return words.includes("mean") || words.includes("stand") || third === "a" || third === "an" ? "definition" : undefined;
      }
      return undefined;
    default:
      return undefined;
  }
}

// "Dash op date?", "what day did the frame turn up", "in which day the fire officer came": a
// question naming the date or day it wants asks for a time as "when" does.
const DATE_NOUNS = new Set(["date", "dates"]);
const WHICH = new Set(["what", "which"]);

/** True when a question with no form of its own asks for a date: it holds "date(s)", or "what/which day". */
function asksForDate(words: readonly string[]): boolean {
  return words.some((word, at) => DATE_NOUNS.has(word) || (word === "day" && at > 0 && WHICH.has(words[at - 1]!)));
}

const TIME = /\b(before|after|until|within|every|daily|weekly|monthly|yearly|nightly|hourly|once|morning|night|day|days|week|weeks|month|months|year|years|minutes?|hours?|seconds?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d+:\d+)\b/i;
const AMOUNT = new RegExp(`(\\d|\\b(${[...NUMBER_WORDS, "percent", "most", "least", "under", "over", "max", "maximum", "minimum", "budget", "target", "floor", "limit", "limits"].join("|")})\\b)`, "i");
const RULE = /\b(never|only|not|no|cannot|can|must|need|needs|requires?|allowed|forbidden|at most|at least)\b|n't\b/i;
const DEFINITION = /\b(means|is an?|are)\b|;/i;
const PERSON = /\b(owner|owners|owns|team|teams|lead|leads|reviewer|review|approves?|approving|approval|support|on-call|engineers?|merchandising|legal|customer|customers)\b/i;

const FORMS: readonly QuestionForm[] = ["time", "amount", "reason", "rule", "definition", "practice", "person"];
// Every form a fact answers, as bits of FORMS, worked out once per fact: a question over
// 10,000 facts checks thousands of candidates, and a bit test costs no regex.
const answered = new WeakMap<Fact, number>();

/** The forms a fact answers, one bit each in FORMS order (saved by the recall index: recall/). */
export function formBitsOf(fact: Fact): number {
  let bits = answered.get(fact);
  if (bits === undefined) {
    bits = FORMS.reduce((all, each, bit) => (formAnswered(fact, each) ? all | (1 << bit) : all), 0);
    answered.set(fact, bits);
  }
  return bits;
}

/** Restores {@link formBitsOf} worked out by an earlier process, so the fact's text is not read. */
export function rememberFormBits(fact: Fact, bits: number): void {
  answered.set(fact, bits);
}

/** The bit of `form` in {@link formBitsOf}. */
export function formBit(form: QuestionForm): number {
  return 1 << FORMS.indexOf(form);
}

/** True when a fact gives the kind of answer the form asks for. */
export function answersForm(fact: Fact, form: QuestionForm): boolean {
  return (formBitsOf(fact) & formBit(form)) !== 0;
}

function formAnswered(fact: Fact, form: QuestionForm): boolean {
  switch (form) {
    case "time":
      return TIME.test(fact.title);
    case "amount":
      return AMOUNT.test(fact.title);
    case "rule":
      return fact.type === "constraint" || RULE.test(fact.title);
    case "definition":
      return fact.type === "glossary" || DEFINITION.test(fact.title);
    case "person":
      return PERSON.test(fact.title);
    // A reason is recorded as the body's "Why:"; a practice as a convention or a "How to apply:".
    case "reason":
      return /(^|\n)why:/i.test(fact.body);
    case "practice":
      return fact.type === "convention" || /(^|\n)how to apply:/i.test(fact.body);
  }
}
