// Edit distance for typo tolerance in queries and "did you mean" for unknown tool names.
// Optimal string alignment: insert, delete, substitute, and swap of two neighbours each cost 1.

/**
 * Edit distance between `a` and `b`, or `limit + 1` as soon as it must exceed `limit`
 * (so scanning a vocabulary for near words stays cheap).
 */
export function editDistance(a: string, b: string, limit = Number.MAX_SAFE_INTEGER): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a === b) return 0;
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
  return previous[b.length]!;
}

/** How many edits a query word of this length may carry and still count as a typo. */
export function typoAllowance(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * The `count` candidates nearest to `name`: by edit distance, with a bonus for sharing words
 * (so "list_order" finds "eshop_list_orders" though the prefix differs).
 */
export function closestNames(name: string, candidates: Iterable<string>, count = 3): string[] {
  const target = name.toLowerCase();
  const targetWords = new Set(target.split(/[^a-z0-9]+/).filter((word) => word.length > 0));
  const scored: Array<{ candidate: string; score: number }> = [];
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const distance = editDistance(target, lower);
    const words = lower.split(/[^a-z0-9]+/);
    const shared = words.filter((word) => targetWords.has(word)).length;
    const contains = lower.includes(target) || target.includes(lower) ? 1 : 0;
    const score = distance / Math.max(target.length, lower.length) - 0.25 * shared - 0.5 * contains;
    scored.push({ candidate, score });
  }
  scored.sort((left, right) => left.score - right.score || left.candidate.localeCompare(right.candidate));
  return scored.slice(0, count).map((entry) => entry.candidate);
}

/** The character trigrams of a word padded with a space each side ("tag" → " ta", "tag", "ag "). */
export function trigrams(word: string): Set<string> {
  const padded = ` ${word} `;
  const grams = new Set<string>();
  for (let start = 0; start + 3 <= padded.length; start += 1) grams.add(padded.slice(start, start + 3));
  return grams;
}

/**
 * Dice similarity of a word's trigrams (`own`, from {@link trigrams}) and another word's, counted
 * over the other word's positions without building its set (a vocabulary scan stays cheap).
 */
export function trigramSimilarity(own: ReadonlySet<string>, other: string): number {
  const padded = ` ${other} `;
  const positions = padded.length - 2;
  let shared = 0;
  for (let start = 0; start < positions; start += 1) if (own.has(padded.slice(start, start + 3))) shared += 1;
  return (2 * Math.min(shared, own.size)) / (own.size + positions);
}
