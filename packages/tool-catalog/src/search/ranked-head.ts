// The order every ranking keeps: best score first, ties by the tool's place in the indexed list,
// so a search is deterministic. The reorderers (enum fit, word pairs, time fit, stated arguments)
// rescore a ranking's head in place and put it back in that order; those that scale each hit by a
// factor of its own (time fit, stated arguments, stated counts) do it through scaleHead.
// Neighbour: search/rank.ts.

/** Best score first, ties by document order. */
export const byScoreThenDoc = (left: { doc: number; score: number }, right: { doc: number; score: number }): number =>
  right.score - left.score || left.doc - right.doc;

/** Puts `head` (the first `head.length` hits of `ranked`, rescored in place) back into `ranked` in order. */
export function resortHead<H extends { doc: number; score: number }>(ranked: H[], head: H[]): void {
  head.sort(byScoreThenDoc);
  ranked.splice(0, head.length, ...head);
}

/**
 * Multiplies the score of each of the first `depth` hits of `ranked` by `factorOf(hit)` (1 leaves
 * it as it is) and, when any changed, puts them back in order.
 */
export function scaleHead<H extends { doc: number; score: number }>(ranked: H[], depth: number, factorOf: (hit: H) => number): void {
  const head = ranked.slice(0, depth);
  let moved = false;
  for (const hit of head) {
    const factor = factorOf(hit);
    if (factor === 1) continue;
    hit.score *= factor;
    moved = true;
  }
  if (moved) resortHead(ranked, head);
}
