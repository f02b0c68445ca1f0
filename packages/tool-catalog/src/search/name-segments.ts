// Compound names split by the catalog's own vocabulary: "diceroller", "seoanalysis",
// "keywordexplorer" are one word to the analyser, so a request that writes the words apart ("roll
// the dice", "SEO analysis") never meets them. A long name word that no tool's other text holds is
// split into words that the catalog's titles, descriptions and parameters do hold, and those parts
// are indexed beside the whole. No word list: the vocabulary is the catalog's. Neighbour:
// search/bm25f-index.ts calls it while building the name field, search/query.ts for a request word.

import { isStopWord } from "./text";

/** Shortest name word worth splitting (shorter ones are mostly real words or acronyms). */
export const MIN_COMPOUND_LENGTH = 7;
/** Shortest part a compound splits into (two letters meet too many words by chance). */
export const MIN_PART_LENGTH = 3;

// Best split of word[0..end): fewest parts, then the longest parts (sum of squared lengths).
interface Split {
  parts: number;
  spread: number;
  start: number;
}

/**
 * The parts of `word` when it splits wholly into at least two known words of MIN_PART_LENGTH
 * letters or more, none a stop word (fewest parts wins, then longer parts), or undefined when it
 * does not.
 */
export function splitCompound(word: string, known: (part: string) => boolean): string[] | undefined {
  if (word.length < MIN_COMPOUND_LENGTH || !/^[a-z]+$/.test(word)) return undefined;
  const best: (Split | undefined)[] = [{ parts: 0, spread: 0, start: 0 }];
  for (let end = MIN_PART_LENGTH; end <= word.length; end += 1) {
    for (let start = 0; start <= end - MIN_PART_LENGTH; start += 1) {
      const before = best[start];
      if (before === undefined) continue;
      // The whole word is no split of itself.
      if (start === 0 && end === word.length) continue;
      const part = word.slice(start, end);
      if (isStopWord(part) || !known(part)) continue;
      const candidate = { parts: before.parts + 1, spread: before.spread + (end - start) ** 2, start };
      const current = best[end];
      if (current === undefined || candidate.parts < current.parts || (candidate.parts === current.parts && candidate.spread > current.spread)) best[end] = candidate;
    }
  }
  if (best[word.length] === undefined) return undefined;
  const parts: string[] = [];
  for (let end = word.length; end > 0; end = best[end]!.start) parts.unshift(word.slice(best[end]!.start, end));
  return parts;
}
