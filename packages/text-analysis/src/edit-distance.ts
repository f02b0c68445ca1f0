// Edit distance for typo tolerance, shared by tool search and memory search (one measure, one
// allowance, so a typo meets its word the same way in both): optimal string alignment, where an
// insertion, a deletion, a substitution and a swap of two neighbours each cost 1.

/**
 * Edit distance between `a` and `b`, or `limit + 1` as soon as it must exceed `limit`
 * (callers ask "within k?", so scanning a vocabulary for near words stays cheap).
 */
export function editDistance(a: string, b: string, limit = Number.MAX_SAFE_INTEGER): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a === b) return 0;
  // Three rows reused in turn: two rows back (for a swap), the previous one and the current one.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
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
