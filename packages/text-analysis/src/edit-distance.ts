// Edit distance for typo tolerance, shared by tool search and memory search (one measure, one
// allowance, so a typo meets its word the same way in both): optimal string alignment, where an
// insertion, a deletion, a substitution and a swap of two neighbours each cost 1.

// The rows of the last call, grown as needed (ranking is synchronous, so calls never overlap).
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Edit distance between `a` and `b`, or `limit + 1` as soon as it must exceed `limit`
 * (callers ask "within k?", so scanning a vocabulary for near words stays cheap).
 */
export function editDistance(a: string, b: string, limit = Number.MAX_SAFE_INTEGER): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a === b) return 0;
  // Three rows reused in turn: two rows back (for a swap), the previous one and the current one.
  // They are kept between calls, since a vocabulary scan asks thousands of times per query.
  const width = b.length + 1;
  if (rows[0].length < width) rows = [new Int32Array(width * 2), new Int32Array(width * 2), new Int32Array(width * 2)];
  let [before, previous, current] = rows;
  for (let j = 0; j < width; j += 1) {
    before[j] = 0;
    previous[j] = j;
  }
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j += 1) {
      const cost = code === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && code === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/** How many edits a word of this length may carry and still count as a typo: none under 4 letters, 1 from 4, 2 from 8. */
export function typoAllowance(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}
