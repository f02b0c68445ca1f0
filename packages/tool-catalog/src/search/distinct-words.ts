// Close siblings at the head of a ranking: two tools over one subject whose texts share many words
// (list_servers / get_service_providers, browser_mouse_down / browser_scroll, client.mandates /
// user.mandates) often score within a few percent of each other, the order between them set by
// length normalisation and name coverage rather than by the request. When one of them holds
// request words the other lacks, those words are the only evidence that tells them apart, so the
// one holding more of them (by IDF) goes first. Action words are left to the action fit
// (search/intent.ts), values and function-role words say nothing about a tool. Issue 32,
// tools-tune21 round. Neighbour: search/tool-search.ts applies it to each ranking's head.

import type { RankedDocument } from "./rank";
import { isActionStem } from "./intent";

/** Share of words (Jaccard over stems of name, title and description) that makes two tools siblings. */
export const SIBLING_OVERLAP = 0.3;
/** A sibling scoring at least this share of the leader's score is close enough to be reordered. */
export const CLOSE_SCORE = 0.93;
/** How many hits below the leader are compared with it. */
export const SIBLINGS_COMPARED = 3;

function overlap(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  let shared = 0;
  for (const stem of left) if (right.has(stem)) shared += 1;
  const union = left.size + right.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** What the tie-break reads of the index: a tool's word stems and a stem's IDF. */
export interface DistinctWordSources {
  wordsOf: (doc: number) => ReadonlySet<string>;
  idf: (stem: string) => number;
}

/**
 * Moves a close sibling of the leader to first place when the request words only it holds (not
 * the leader) outweigh those only the leader holds; of several such siblings, the one with the
 * largest margin. `request` holds the stems of the request's content words as written.
 */
export function preferDistinctWords(ranked: RankedDocument[], request: ReadonlySet<string>, sources: DistinctWordSources): void {
  if (ranked.length < 2 || request.size === 0) return;
  const leader = ranked[0]!;
  const leaderWords = sources.wordsOf(leader.doc);
  const onlyIn = (own: ReadonlySet<string>, other: ReadonlySet<string>): number => {
    let weight = 0;
    for (const stem of request) if (own.has(stem) && !other.has(stem) && !isActionStem(stem)) weight += sources.idf(stem);
    return weight;
  };
  let chosen = -1;
  let margin = 0;
  for (let position = 1; position <= Math.min(SIBLINGS_COMPARED, ranked.length - 1); position += 1) {
    const hit = ranked[position]!;
    if (hit.score < CLOSE_SCORE * leader.score) break;
    const words = sources.wordsOf(hit.doc);
    if (overlap(words, leaderWords) < SIBLING_OVERLAP) continue;
    const gain = onlyIn(words, leaderWords) - onlyIn(leaderWords, words);
    if (gain > margin) {
      chosen = position;
      margin = gain;
    }
  }
  if (chosen < 0) return;
  const [moved] = ranked.splice(chosen, 1);
  ranked.unshift(moved!);
}
