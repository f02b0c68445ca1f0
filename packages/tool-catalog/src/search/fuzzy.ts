// "Did you mean" for unknown tool names, and the character trigrams of letter-alike words.
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
