// Word order: a request's adjacent content words ("weather forecast", "pull request", "stock
// status") that a tool's name, title or description also holds side by side say more than the
// two words apart. The index keeps each tool's adjacent stem pairs; the first page of a ranking
// is reordered by how many of the request's pairs a tool holds. Neighbours: search/bm25f-index.ts
// builds the pairs, search/tool-search.ts applies the bonus after search/rank.ts.

import { isStopWord, splitWords, stemWord } from "./text";
import { resortHead } from "./ranked-head";

/** Score factor per matched pair, up to MAX_COUNTED_PAIRS pairs (1 + WORD_PAIR_BONUS at most). */
export const WORD_PAIR_BONUS = 0.2;
/** Pairs counted at most: a long request's many pairs do not outweigh its words. */
const MAX_COUNTED_PAIRS = 3;
/** Tools at the head of a ranking that the bonus may reorder (bounds the work per query). */
export const WORD_PAIR_DEPTH = 50;

/** The adjacent content-word stem pairs of a text, as "stem stem" keys, in order. */
export function wordPairs(text: string): string[] {
  const stems = splitWords(text)
    .filter((word) => !isStopWord(word))
    .map(stemWord);
  const pairs: string[] = [];
  for (let position = 1; position < stems.length; position += 1) {
    if (stems[position - 1] !== stems[position]) pairs.push(`${stems[position - 1]!} ${stems[position]!}`);
  }
  return pairs;
}

/** Adjacent stem pairs → the tools (by index number, ascending) whose texts hold them. */
export class WordPairIndex {
  private readonly docsOf = new Map<string, number[]>();

  /** Records one tool's texts; tools are added in index order. */
  add(doc: number, texts: readonly string[]): void {
    for (const text of texts) {
      for (const pair of wordPairs(text)) {
        const docs = this.docsOf.get(pair);
        if (docs === undefined) this.docsOf.set(pair, [doc]);
        else if (docs[docs.length - 1] !== doc) docs.push(doc);
      }
    }
  }

  /**
   * Reorders the first WORD_PAIR_DEPTH hits in place: each scores 1 + WORD_PAIR_BONUS × (its
   * matched request pairs, at most MAX_COUNTED_PAIRS) / MAX_COUNTED_PAIRS times more. Returns
   * each reordered tool's share of MAX_COUNTED_PAIRS matched (for the second stage).
   */
  reorder<H extends { doc: number; score: number }>(query: string, ranked: H[]): Map<number, number> {
    const shares = new Map<number, number>();
    const pairs = new Set(wordPairs(query));
    if (pairs.size === 0 || ranked.length < 2) return shares;
    const head = ranked.slice(0, WORD_PAIR_DEPTH);
    const position = new Map(head.map((hit, at) => [hit.doc, at]));
    const matched = new Int32Array(head.length);
    for (const pair of pairs) for (const doc of this.docsOf.get(pair) ?? []) {
      const at = position.get(doc);
      if (at !== undefined) matched[at]! += 1;
    }
    head.forEach((hit, at) => {
      const share = Math.min(matched[at]!, MAX_COUNTED_PAIRS) / MAX_COUNTED_PAIRS;
      if (share > 0) shares.set(hit.doc, share);
      hit.score *= 1 + WORD_PAIR_BONUS * share;
    });
    resortHead(ranked, head);
    return shares;
  }
}
