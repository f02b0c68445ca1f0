// Acronyms: recognising one as written ("PSP", "PRs", "SKU") and forming one from the phrase it
// abbreviates ("payment service provider" → psp), so a search can learn from its own text which
// acronym means which words instead of from a hand-written list.

import { splitWords } from "./words";

// Words left out of an acronym's letters ("point of sale" → pos).
const MINOR_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"]);
const MIN_LETTERS = 2;
const MAX_LETTERS = 6;

/** The lower-case acronym a token stands for when it is written as one ("PSP", "PRs" → psp, pr), else undefined. */
export function acronymToken(token: string): string | undefined {
  const match = /^([A-Z][A-Z0-9]{1,5})(s?)$/.exec(token);
  if (match === null || !/[A-Z].*[A-Z]/.test(match[1]!)) return undefined;
  return match[1]!.toLowerCase();
}

/**
 * The acronyms a phrase may be written as: the first letters of its content words, and of all
 * its words when minor words count too ("payment service provider" → psp; "point of sale" →
 * ps, pos). Only forms of two to six letters.
 */
export function acronymsOf(phrase: string): string[] {
  const words = splitWords(phrase).filter((word) => /^[a-z]/.test(word));
  const forms = new Set<string>();
  for (const chosen of [words.filter((word) => !MINOR_WORDS.has(word)), words]) {
    if (chosen.length >= MIN_LETTERS && chosen.length <= MAX_LETTERS) forms.add(chosen.map((word) => word[0]).join(""));
  }
  return [...forms];
}
