// The second stage's trained model (search/rerank.ts). Written by bench/train-reranker.mjs --write
// (forward selection by leave-one-fold-out, coordinate ascent, L2 penalty 0.01) from the dev
// sets as of commit 75b2302: the project's dev set, holdouts 1–8 and multi-step dev requests,
// BFCL, and MetaTool requests outside the fixed sample. Never holdout 9 or the MetaTool sample.
import type { RerankWeights } from "./rerank";

/** The trained model (used when SearchOptions.reranker is set without weights). */
export const RERANK_WEIGHTS: RerankWeights = {
  score: 1,
};
