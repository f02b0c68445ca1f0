// The per-fact features rank.ts reads for every fact still in the running (its title's subject,
// the question forms it answers, whether it names a product, opens with a person's name or
// records a choice or holds a sum of money, a number, a command or where a thing is kept, a doer, a settled matter or a proposal, its sentences holding a date or a name, the values it says were replaced), remembered by the fact's position
// in one index. A broad question over 10,000 facts asks for them thousands of times, and an
// array slot is read for a fraction of a WeakMap lookup's cost (the older features also keep a
// WeakMap per fact in their own modules, for their other readers). A slot belongs to the fact
// object that filled it: when a write moves another fact into the position, the slot starts
// over, so the memo never goes stale. A write fills its new fact's slot before it answers
// ({@link primeLiftFeatures}), so the search after it does not work them out (a tenth of a
// millisecond, the fact's regular expressions, of the first search after a write).

import type { Fact } from "../types";
import type { SearchIndex } from "./search-index";
import { opensWithPersonName, subjectIn, subjectStem } from "./fact-subject";
import { formBitsOf } from "./question-form";
import { namesProduct } from "./product-names";
import { recordsChoice } from "./choice";
import { statesPresent } from "./current-state";
import { answerSentences, type AnswerSentences } from "./answer-sentences";
import { replacedValues, tellsChangeTo, type ReplacedValue } from "./replaced-values";
import { namesMoney } from "./money-answers";
import { announcesPlan } from "./plans-and-events";
import { namesNumber } from "./measure-answers";
import { givesCommand, statesKeptPlace } from "./how-to-answers";
import { namesDoer } from "./named-doers";
import { settlesMatter, tellsProposal } from "./settled-matters";

/** The yes/no features, in flag order; each takes two bits of a slot: known, then its value. */
const FLAGS = [namesProduct, opensWithPersonName, recordsChoice, statesPresent, namesMoney, tellsChangeTo, announcesPlan, namesNumber, givesCommand, statesKeptPlace, namesDoer, settlesMatter, tellsProposal] as const;

/** Flag numbers for {@link LiftMemo.flag}. */
export const NAMES_PRODUCT = 0;
export const OPENS_WITH_PERSON_NAME = 1;
export const RECORDS_CHOICE = 2;
export const STATES_PRESENT = 3;
export const NAMES_MONEY = 4;
export const TELLS_CHANGE_TO = 5;
export const ANNOUNCES_PLAN = 6;
export const NAMES_NUMBER = 7;
export const GIVES_COMMAND = 8;
export const STATES_KEPT_PLACE = 9;
export const NAMES_DOER = 10;
export const SETTLES_MATTER = 11;
export const TELLS_PROPOSAL = 12;

/** One index's memo, by position. */
export class LiftMemo {
  readonly #owners: (Fact | undefined)[] = [];
  readonly #flags: number[] = [];
  readonly #forms: number[] = [];
  readonly #subjects: (string | undefined)[] = [];
  readonly #sentences: (AnswerSentences | undefined)[] = [];
  readonly #replaced: (readonly ReplacedValue[] | undefined)[] = [];

  /** The slot at `position`, emptied first when it was filled for another fact. */
  #claim(position: number, fact: Fact): void {
    if (this.#owners[position] === fact) return;
    this.#owners[position] = fact;
    this.#flags[position] = 0;
    this.#forms[position] = -1;
    this.#subjects[position] = undefined;
    this.#sentences[position] = undefined;
    this.#replaced[position] = undefined;
  }

  /** A yes/no feature (NAMES_PRODUCT, OPENS_WITH_PERSON_NAME, RECORDS_CHOICE) of the fact at `position`. */
  flag(position: number, fact: Fact, flag: number): boolean {
    this.#claim(position, fact);
    const known = 1 << (2 * flag);
    let flags = this.#flags[position] as number;
    if ((flags & known) === 0) {
      flags |= known | ((FLAGS[flag] as (fact: Fact) => boolean)(fact) ? known << 1 : 0);
      this.#flags[position] = flags;
    }
    return (flags & (known << 1)) !== 0;
  }

  /** The question forms the fact at `position` answers ({@link formBitsOf}). */
  formBits(position: number, fact: Fact): number {
    this.#claim(position, fact);
    let bits = this.#forms[position] as number;
    if (bits < 0) {
      bits = formBitsOf(fact);
      this.#forms[position] = bits;
    }
    return bits;
  }

  /** True when the title of the fact at `position` opens with one of `questionTerms` (search/fact-subject.ts). */
  opensWith(position: number, fact: Fact, questionTerms: ReadonlySet<string>): boolean {
    this.#claim(position, fact);
    let stem = this.#subjects[position];
    if (stem === undefined) {
      stem = subjectStem(fact);
      this.#subjects[position] = stem;
    }
    return subjectIn(stem, questionTerms);
  }

  /** The sentences of the fact at `position` holding a date or a name, and its dates (search/answer-sentences.ts). */
  sentences(position: number, fact: Fact): AnswerSentences {
    this.#claim(position, fact);
    let found = this.#sentences[position];
    if (found === undefined) {
      found = answerSentences(fact);
      this.#sentences[position] = found;
    }
    return found;
  }
  /** Works out every feature of the fact at `position` now, so no question has to. */
  prime(position: number, fact: Fact): void {
    for (let flag = 0; flag < FLAGS.length; flag++) this.flag(position, fact, flag);
    this.formBits(position, fact);
    this.opensWith(position, fact, NO_TERMS);
    this.sentences(position, fact);
    this.replacements(position, fact);
  }

  /** The values the fact at `position` says were replaced (search/replaced-values.ts). */
  replacements(position: number, fact: Fact): readonly ReplacedValue[] {
    this.#claim(position, fact);
    let found = this.#replaced[position];
    if (found === undefined) {
      found = replacedValues(fact);
      this.#replaced[position] = found;
    }
    return found;
  }
}

const NO_TERMS: ReadonlySet<string> = new Set();

const memos = new WeakMap<SearchIndex, LiftMemo>();

/** The memo of `index`, made on first need. */
export function liftMemo(index: SearchIndex): LiftMemo {
  let memo = memos.get(index);
  if (!memo) {
    memo = new LiftMemo();
    memos.set(index, memo);
  }
  return memo;
}

/**
 * Works out the lift features of `fact` at its position in `index` now (nothing when the index
 * does not hold it): a write calls it for the fact it added, so the search after the write finds
 * them done, as a warm one does.
 */
export function primeLiftFeatures(index: SearchIndex & { positionOf(fact: Fact): number | undefined }, fact: Fact): void {
  const position = index.positionOf(fact);
  if (position !== undefined) liftMemo(index).prime(position, fact);
}
