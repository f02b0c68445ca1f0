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

function notStored(field: string, input: string): MemoryError {
  return invalidInput(`${field} ${input} is not a stored fact; name an active fact (memory_search shows ids) or leave ${field} out.`);
}

function commonPrefixLength(a: string, b: string): number {
  const end = Math.min(a.length, b.length);
  let length = 0;
  while (length < end && a.charCodeAt(length) === b.charCodeAt(length)) length += 1;
  return length;
}

/**
 * The stored ids of one store, grouped by their first six digits, updated one id at a time.
 *
 * @example
 * const ids = new ShortFactIds(["fact-4821390751", "fact-4821397702", "fact-0016"]);
 * ids.display("fact-4821390751"); // "fact-4821390" (the two share six digits)
 * ids.resolve("fact-4821397", "supersedes", () => undefined); // "fact-4821397702"
 */
export class ShortFactIds {
  /**
   * Digits of every stored id of six digits or more, by their first six: an id's short form
   * depends only on its own group (nearly always itself alone), so adding or removing an id
   * touches one group, where a sorted list moved half of it (about 1 ms a write at 50,000 ids).
   * Built on first use; about 10 ms at 10,000 ids on this 2-core host (noisy).
   */
  private readonly groups = new Map<string, string[]>();
  /** Digits of the stored ids shorter than six digits (sequential ids up to fact-99999). */
  private readonly shorter = new Set<string>();

  constructor(ids: Iterable<string> = []) {
    for (const id of ids) this.add(id);
  }

  add(id: string): void {
    const digits = id.slice(PREFIX.length);
    if (digits.length < MIN_SHOWN_DIGITS) {
      this.shorter.add(digits);
      return;
    }
    const key = digits.slice(0, MIN_SHOWN_DIGITS);
    const group = this.groups.get(key);
    if (!group) this.groups.set(key, [digits]);
    else if (!group.includes(digits)) group.push(digits);
  }

  remove(id: string): void {
    const digits = id.slice(PREFIX.length);
    if (digits.length < MIN_SHOWN_DIGITS) {
      this.shorter.delete(digits);
      return;
    }
    const key = digits.slice(0, MIN_SHOWN_DIGITS);
    const group = this.groups.get(key);
    const at = group?.indexOf(digits) ?? -1;
    if (!group || at < 0) return;
    group.splice(at, 1);
    if (group.length === 0) this.groups.delete(key);
  }

  /** The stored ids (digits) that start with `digits`, sorted; `digits` has six or more. */
  private startingWith(digits: string): string[] {
    const group = this.groups.get(digits.slice(0, MIN_SHOWN_DIGITS)) ?? [];
    return group.filter((other) => other.startsWith(digits)).sort();
  }

  /**
   * The form of `id` a model reads: a sequential id as it is; a merge-safe one cut to the
   * shortest prefix of at least {@link MIN_SHOWN_DIGITS} digits that no other stored id starts with.
   */
  display(id: string): string {
    const digits = id.slice(PREFIX.length);
    if (!isMergeSafeIdNumber(Number(digits))) return id;
    let shared = 0;
    for (const other of this.groups.get(digits.slice(0, MIN_SHOWN_DIGITS)) ?? [])
      if (other !== digits) shared = Math.max(shared, commonPrefixLength(other, digits));
    return PREFIX + digits.slice(0, Math.max(MIN_SHOWN_DIGITS, shared + 1));
  }

  /** Whether a stored id other than `id` starts with `id`'s short form at its fewest digits. */
  startsAnother(id: string): boolean {
    const digits = id.slice(PREFIX.length);
    return (this.groups.get(digits.slice(0, MIN_SHOWN_DIGITS)) ?? []).some((other) => other !== digits);
  }

  /**
   * The stored id that `input` names: the id itself, or the one stored id whose digits start
   * with the input's (at least {@link MIN_SHOWN_DIGITS} of them). Throws MemoryError
   * AMBIGUOUS_ID naming the candidates (by `describe`, e.g. a title) when several start with
   * it, INVALID_INPUT when none does; both messages start with `field` and the input.
   */
  resolve(input: string, field: string, describe: (id: string) => string | undefined): string {
    const digits = input.slice(PREFIX.length);
    if (digits.length < MIN_SHOWN_DIGITS) {
      if (this.shorter.has(digits)) return input;
      // Only on the way to an error: a short input that starts a longer stored id.
      const longer = [...this.groups.keys()].find((key) => key.startsWith(digits));
      if (longer === undefined)
        throw notStored(field, input);
      const example = this.display(PREFIX + (this.startingWith(longer)[0] as string));
      throw invalidInput(
        `${field} ${input} is too short to name a fact: send at least ${MIN_SHOWN_DIGITS} digits, as memory_search shows ids (e.g. ${example}).`,
      );
    }
    const starting = this.startingWith(digits).map((other) => PREFIX + other);
    if (starting.includes(input)) return input;
    if (starting.length === 1) return starting[0] as string;
    if (starting.length === 0)
      throw notStored(field, input);
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
