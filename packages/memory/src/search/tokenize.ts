// Text → search terms, through the shared analyser (@foundry-mcp/text-analysis): split on
// punctuation, camelCase and snake_case, fold case and accents, drop English stop words, stem
// (irregular forms to their base word, then Porter). The same analyser serves tool search.

import { ENGLISH_STOP_WORDS, splitWords as analyserSplitWords, stemWord as analyserStemWord } from "@foundry-mcp/text-analysis";

/** The stem of one lower-case word, memoised. Digit runs stay as they are. */
export function stemWord(word: string): string {
  return analyserStemWord(word);
}

/**
 * Splits text into lower-case words: `parseHTTPResponse_v2` → parse, http, response, v2.
 * With `compounds`, a camelCase word is also kept whole (`ActiveMQ` → active, mq, activemq),
 * so a query typed in one piece still finds it; facts are indexed that way, queries are not.
 * Stop words are kept here; {@link tokenize} drops them.
 */
export function splitWords(text: string, compounds = false): string[] {
  return analyserSplitWords(text, { compounds });
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
    if (ENGLISH_STOP_WORDS.has(word)) continue;
    const stem = stemWord(word);
    terms.push(stem);
    onWord?.(word, stem);
  }
  return terms;
}
