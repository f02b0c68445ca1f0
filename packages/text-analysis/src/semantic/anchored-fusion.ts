// Keyword-anchored fusion: how the hybrid ranking (hybrid-ranker.ts) merges the keyword order with
// the documents nearest the query in an embeddings space, so that turning the semantic option on
// never costs what keywords already found (docs/decisions/0031):
//  - the first keyword hit stays first: on every labelled set the keyword ranker's first answer
//    was right more often than any fusion that could move it (a model as small as USE-lite turns
//    as many right first answers wrong as wrong ones right);
//  - below it, scores, not ranks: each keyword hit keeps its score over the first hit's, and a
//    semantic neighbour adds weight × its cosine rescaled over the neighbours (1 for the nearest,
//    0 at the last); a close keyword race can turn, a clear lead cannot;
//  - the weight follows how weak the keyword evidence is: the share of the query's content words
//    missing from the first keyword hit's text (0 when it holds them all: the keyword order);
//  - with no keyword hit at all, the semantic order (the vocabulary gap, where embeddings help).
// Rank fusion had none of these: it let a model weaker than the keyword ranker reorder strong
// keyword matches, and turning the option on lost top-1 on 24 of 27 labelled sets.

import { splitWords } from "../words";
import { ENGLISH_STOP_WORDS } from "../stop-words";
import { stemWord } from "../stem";

/** A keyword hit: a document's position and its keyword score (higher is better, above 0). */
export interface LexicalHit {
  position: number;
  score: number;
}

/** A semantic neighbour: a document's position and its cosine with the query. */
export interface SemanticNeighbour {
  position: number;
  similarity: number;
}

/**
 * The share (0–1) of the query's content words (stop words left out, stemmed) that `text` holds;
 * 1 when the query has no content word (nothing is missing).
 */
export function keywordCoverage(query: string, text: string): number {
  const wanted = new Set(contentStems(query));
  if (wanted.size === 0) return 1;
  const held = new Set(contentStems(text));
  let found = 0;
  for (const stem of wanted) if (held.has(stem)) found += 1;
  return found / wanted.size;
}

function contentStems(text: string): string[] {
  return splitWords(text)
    .filter((word) => !ENGLISH_STOP_WORDS.has(word))
    .map(stemWord);
}

/**
 * The fused order of document positions: the first keyword hit, then the rest by fused score
 * (each keyword hit its score over the first hit's, each neighbour adds `weight` × its rescaled
 * cosine); ties keep the keyword order, then the semantic one. `weight` 0 returns the keyword
 * order; no keyword hit returns the semantic order.
 *
 * @example
 * fuseAnchored([{ position: 3, score: 9 }, { position: 5, score: 4 }, { position: 1, score: 3.9 }], [{ position: 1, similarity: 0.7 }, { position: 5, similarity: 0.2 }], 0.5);
 * // → [3, 1, 5]: the first hit stays; a near tie below it is turned by the nearer meaning
 */
export function fuseAnchored(lexical: readonly LexicalHit[], semantic: readonly SemanticNeighbour[], weight: number): number[] {
  const scores = new Map<number, number>();
  const lexicalRank = new Map<number, number>();
  const top = lexical[0]?.score ?? 0;
  for (const [rank, hit] of lexical.entries()) {
    scores.set(hit.position, top > 0 ? hit.score / top : 0);
    lexicalRank.set(hit.position, rank);
  }
  const semanticRank = new Map<number, number>();
  if (weight > 0 && semantic.length > 0) {
    const nearest = semantic[0]!.similarity;
    const last = semantic[semantic.length - 1]!.similarity;
    const spread = nearest - last;
    for (const [rank, neighbour] of semantic.entries()) {
      const closeness = spread > 0 ? (neighbour.similarity - last) / spread : 1;
      scores.set(neighbour.position, (scores.get(neighbour.position) ?? 0) + weight * closeness);
      semanticRank.set(neighbour.position, rank);
    }
  }
  const after = Number.MAX_SAFE_INTEGER;
  const first = lexical[0]?.position;
  if (first !== undefined) scores.set(first, Infinity);
  return [...scores.keys()].sort(
    (left, right) =>
      scores.get(right)! - scores.get(left)! ||
      (lexicalRank.get(left) ?? after) - (lexicalRank.get(right) ?? after) ||
      (semanticRank.get(left) ?? after) - (semanticRank.get(right) ?? after),
  );
}
