// What the model reads of a merge-safe id, and how what it writes back is read (git's
// abbreviated hashes). A merge-safe id (`fact-4821390751`) stays whole in its file name and in
// every `supersedes` stored, so it cannot collide across branches; every text the model reads
// shows the shortest prefix of its digits that no other stored id starts with, at least six
// digits (`fact-482139`, as many BPE tokens as `fact-0016`), one digit more only where two
// stored ids share it. Sequential ids (`fact-0016`) are shown as they are. Input takes a whole
// id or any prefix of at least six digits that starts exactly one stored id; an ambiguous or
// unknown one is refused with the candidates and what to send instead.
//
// `display` and `resolve` are the only two ways in and out: every renderer and every input path
// of the package goes through them.

import { MemoryError, MemoryErrorCode, invalidInput } from "../errors";
import { isMergeSafeIdNumber } from "./fact-ids";

/** The fewest digits a merge-safe id is shown with, and the shortest prefix accepted as input. */
export const MIN_SHOWN_DIGITS = 6;
/** Candidates an ambiguous-prefix error lists at most. */
const MAX_CANDIDATES_LISTED = 5;
const PREFIX = "fact-";

function commonPrefixLength(a: string, b: string): number {
  const end = Math.min(a.length, b.length);
  let length = 0;
  while (length < end && a.charCodeAt(length) === b.charCodeAt(length)) length += 1;
  return length;
}

/**
 * The stored ids of one store, sorted by their digits, updated one id at a time.
 *
 * @example
 * const ids = new ShortFactIds(["fact-4821390751", "fact-4821397702", "fact-0016"]);
 * ids.display("fact-4821390751"); // "fact-4821390" (the two share six digits)
 * ids.resolve("fact-4821397", "supersedes", () => undefined); // "fact-4821397702"
 */
export class ShortFactIds {
  /** The digits of every stored id, in string order: an id's longest shared prefix is with a neighbour. */
  private readonly digits: string[] = [];

  constructor(ids: Iterable<string> = []) {
    for (const id of ids) this.digits.push(id.slice(PREFIX.length));
    this.digits.sort();
  }

  /** The first position whose digits are not below `digits`. */
  private lowerBound(digits: string): number {
    let low = 0;
    let high = this.digits.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.digits[middle] as string) < digits) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  add(id: string): void {
    const digits = id.slice(PREFIX.length);
    const at = this.lowerBound(digits);
    if (this.digits[at] !== digits) this.digits.splice(at, 0, digits);
  }

  remove(id: string): void {
    const digits = id.slice(PREFIX.length);
    const at = this.lowerBound(digits);
    if (this.digits[at] === digits) this.digits.splice(at, 1);
  }

  /**
   * The form of `id` a model reads: a sequential id as it is; a merge-safe one cut to the
   * shortest prefix of at least {@link MIN_SHOWN_DIGITS} digits that no other stored id starts with.
   */
  display(id: string): string {
    const digits = id.slice(PREFIX.length);
    if (!isMergeSafeIdNumber(Number(digits))) return id;
    const at = this.lowerBound(digits);
    const self = this.digits[at] === digits ? 1 : 0;
    const before = this.digits[at - 1];
    const after = this.digits[at + self];
    const shared = Math.max(before ? commonPrefixLength(before, digits) : 0, after ? commonPrefixLength(after, digits) : 0);
    return PREFIX + digits.slice(0, Math.max(MIN_SHOWN_DIGITS, shared + 1));
  }

  /** Whether a stored id other than `id` starts with `id`'s short form at its fewest digits. */
  startsAnother(id: string): boolean {
    const digits = id.slice(PREFIX.length);
    const shortest = digits.slice(0, MIN_SHOWN_DIGITS);
    for (let index = this.lowerBound(shortest); index < this.digits.length; index++) {
      const other = this.digits[index] as string;
      if (!other.startsWith(shortest)) return false;
      if (other !== digits) return true;
    }
    return false;
  }

  /**
   * The stored id that `input` names: the id itself, or the one stored id whose digits start
   * with the input's (at least {@link MIN_SHOWN_DIGITS} of them). Throws MemoryError
   * AMBIGUOUS_ID naming the candidates (by `describe`, e.g. a title) when several start with
   * it, INVALID_INPUT when none does; both messages start with `field` and the input.
   */
  resolve(input: string, field: string, describe: (id: string) => string | undefined): string {
    const digits = input.slice(PREFIX.length);
    const at = this.lowerBound(digits);
    if (this.digits[at] === digits) return input;
    const starting: string[] = [];
    for (let index = at; index < this.digits.length && (this.digits[index] as string).startsWith(digits); index++)
      starting.push(PREFIX + (this.digits[index] as string));
    if (starting.length > 0 && digits.length < MIN_SHOWN_DIGITS)
      throw invalidInput(
        `${field} ${input} is too short to name a fact: send at least ${MIN_SHOWN_DIGITS} digits, as memory_search shows ids (e.g. ${this.display(starting[0] as string)}).`,
      );
    if (starting.length === 1) return starting[0] as string;
    if (starting.length === 0)
      throw invalidInput(`${field} ${input} is not a stored fact; name an active fact (memory_search shows ids) or leave ${field} out.`);
    const listed = starting.slice(0, MAX_CANDIDATES_LISTED).map((id) => {
      const about = describe(id);
      return `${this.display(id)}${about ? ` "${about}"` : ""}`;
    });
    if (starting.length > listed.length) listed.push(`and ${starting.length - listed.length} more`);
    throw new MemoryError(
      MemoryErrorCode.AMBIGUOUS_ID,
      `${field} ${input} is ambiguous: ${starting.length} stored facts start with it (${listed.join(", ")}); send the one you mean as shown here, or its whole id.`,
    );
  }
}
