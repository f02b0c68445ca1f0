// Text → search terms: split on punctuation, camelCase and snake_case, fold case and
// accents, drop English stop words, stem with Porter. Stems are memoised: a project's
// vocabulary is small and the same words recur in every fact.

import { stemmer } from "stemmer";

const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it its " +
    "may me must my no nor not of on or our shall should so such than that the their them then there these they " +
    "this those to use used uses using via was we were what when where which while who why will with would you your"
  ).split(" "),
);

const stemCache = new Map<string, string>();

/** The Porter stem of one lower-case word, memoised. Digit runs stay as they are. */
export function stemWord(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    stem = /^\d+$/.test(word) ? word : stemmer(word);
    if (stemCache.size < 200_000) stemCache.set(word, stem);
  }
  return stem;
}

/**
 * Splits text into lower-case words: `parseHTTPResponse_v2` → parse, http, response, v2.
 * With `compounds`, a camelCase word is also kept whole (`ActiveMQ` → activ, mq, activemq),
 * so a query typed in one piece still finds it; facts are indexed that way, queries are not.
 * Stop words are kept here; {@link tokenize} drops them.
 */
export function splitWords(text: string, compounds = false): string[] {
  const words: string[] = [];
  const folded = /[^ -~\s]/.test(text) ? text.normalize("NFKD").replace(/\p{M}/gu, "") : text;
  for (const run of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!/[^a-z0-9]/.test(run[0])) {
      words.push(run[0]); // the common case: nothing to split or fold
      continue;
    }
    const parts = run[0]
      .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
      .split(" ");
    for (const part of parts) words.push(part.toLowerCase());
    if (compounds && parts.length > 1) words.push(run[0].toLowerCase());
  }
  return words;
}

/**
 * Search terms of a text: words minus stop words, stemmed (camelCase compounds kept with
 * `compounds`). `onWord` sees each kept word beside its stem (the index keeps the written
 * forms for typo matching, since stemming is not typo-stable: flyway → flywai, flywya → flywya).
 */
export function tokenize(
  text: string,
  compounds = false,
  onWord?: (word: string, stem: string) => void,
): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text, compounds)) {
    if (STOP_WORDS.has(word)) continue;
    const stem = stemWord(word);
    terms.push(stem);
    onWord?.(word, stem);
  }
  return terms;
}
