// Open compounds: a request often writes as two words what a tool writes as one ("set up" /
// setup, "log in" / login, "on call" / oncall, "data source" / dataSource, "new text" / a
// `newText` parameter). When two adjacent request words joined make a word some tool holds, the
// pair forms one concept whose alternatives are its words as written and the joined word. General
// English word formation checked against the catalog's own vocabulary: no word list. Issue 32,
// tools-metatool22 round. Neighbour: search/query.ts builds the concept.

import type { TermIndex } from "./bm25f-index";
import { isStopWord } from "./text";

/** Weight of the joined word beside the words as written (1), per content word it stands for; 0.9 and 1 measured alike. */
export const JOINED_WEIGHT = 0.9;
// Shortest joined word considered: shorter joins are mostly chance ("we" + "re" → were, "js" + "on" → json).
const MIN_JOINED = 5;

/** The joined word of two adjacent request words when some tool holds it, else undefined. */
export function closedCompound(first: string, second: string, index: TermIndex): string | undefined {
  if (!/^[a-z]{2,}$/.test(first) || !/^[a-z]{2,}$/.test(second)) return undefined;
  // Two function words join by chance ("with" + "in", "in" + "to"): one part must carry meaning.
  if (isStopWord(first) && isStopWord(second)) return undefined;
  const joined = `${first}${second}`;
  if (joined.length < MIN_JOINED) return undefined;
  return index.surfaceWords.has(joined) ? joined : undefined;
}

/**
 * The joined word's weight: the words as written add up one IDF per content word ("data" +
 * "source"), the joined word has one ("datasource"), so it counts once per content word it
 * stands for (without this a tool holding only "source" outranked one holding "datasource").
 */
export function joinedWeight(contentWords: number): number {
  return JOINED_WEIGHT * Math.max(contentWords, 1);
}
