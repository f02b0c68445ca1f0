// The order every ranking keeps: best score first, ties by the tool's place in the indexed list,
// so a search is deterministic. The reorderers (enum fit, word pairs, time fit, stated arguments)
// rescore a ranking's head in place and put it back in that order. Neighbour: search/rank.ts.

/** Best score first, ties by document order. */
export const byScoreThenDoc = (left: { doc: number; score: number }, right: { doc: number; score: number }): number =>
  right.score - left.score || left.doc - right.doc;

/** Puts `head` (the first `head.length` hits of `ranked`, rescored in place) back into `ranked` in order. */
export function resortHead<H extends { doc: number; score: number }>(ranked: H[], head: H[]): void {
  head.sort(byScoreThenDoc);
  ranked.splice(0, head.length, ...head);
}
