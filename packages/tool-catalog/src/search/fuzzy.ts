// "Did you mean" for unknown tool names, and the padded character n-grams of letter-alike words
// and near spellings (search/query.ts, search/near-spellings.ts).
// The edit distance itself is text-analysis's (one measure for tool and memory search).

import { editDistance } from "@foundry-mcp/text-analysis";

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
  scored.sort(
    (left, right) => left.score - right.score || left.candidate.localeCompare(right.candidate),
  );
  return scored.slice(0, count).map((entry) => entry.candidate);
}

/**
 * The character n-grams of a word padded with a space each side, one per position, repeats kept
 * (`paddedGrams("tag", 2)` → " t", "ta", "ag", "g "). Trigrams measure letter-alike words; the near
 * spelling index (search/near-spellings.ts) also counts bigrams.
 */
export function paddedGrams(word: string, size: number): string[] {
  const padded = ` ${word} `;
  const grams: string[] = [];
  for (let start = 0; start + size <= padded.length; start += 1)
    grams.push(padded.slice(start, start + size));
  return grams;
}

/** The character trigrams of a word padded with a space each side ("tag" → " ta", "tag", "ag "). */
export function trigrams(word: string): Set<string> {
  return new Set(paddedGrams(word, 3));
}

/**
 * Dice similarity of a word's trigrams (`own`, from {@link trigrams}) and another word's, counted
 * over the other word's positions (a trigram the other word repeats counts each time, up to the
 * size of `own`).
 */
export function trigramSimilarity(own: ReadonlySet<string>, other: string): number {
  const positions = paddedGrams(other, 3);
  let shared = 0;
  for (const gram of positions) if (own.has(gram)) shared += 1;
  return (2 * Math.min(shared, own.size)) / (own.size + positions.length);
}
