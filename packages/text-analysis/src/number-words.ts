// The English words for the numbers one to twelve, which the readers of counts and amounts spell
// numbers with (relative-dates.ts's "two weeks ago", tool search's stated counts, memory search's
// measures and amounts), kept once so they cannot drift apart.

/**
 * English number words in lower case, one to twelve: `NUMBER_WORDS[n - 1]` spells n. Frozen: the
 * readers build their patterns from it.
 * @example NUMBER_WORDS[1]; // "two"
 */
export const NUMBER_WORDS: readonly string[] = Object.freeze(["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]);
