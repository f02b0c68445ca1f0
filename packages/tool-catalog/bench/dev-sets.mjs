// Development aid: top-1 / recall@5 / MRR of this build on the sets that may be tuned on (the
// project's dev set, holdouts 1–9, the multi-step coverage of holdouts 5–9 and the multi-step
// dev requests, BFCL and the MetaTool sample), never on holdout 10, which stays unseen until a
// round's end (bench/search-quality.mjs reports it). Usage: node bench/dev-sets.mjs [--outside]
// (after pnpm build); --outside also scores every third MetaTool request outside the fixed sample
// (6,517 requests: a tuning pool the sample's figure does not see; about 30 s more).
import { ToolCatalog } from "../dist/index.js";
import { fillCatalog } from "./corpus.mjs";
import { externalCatalogRanker, externalSets, metatoolOutsideSample } from "./external.mjs";
import { TOOL_QUERIES, loadCorpus, rankedKeys, scoreSet, stepCoverage } from "./quality.mjs";

const UNSEEN = "holdout10";
const DEV_SETS = ["dev", "holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7", "holdout8", "holdout9"];
const queries = TOOL_QUERIES.filter((entry) => entry.set !== UNSEEN);
// RERANK_WEIGHTS='{"score":1,…}' runs the learned second stage with those weights (train-reranker.mjs).
const options = process.env.RERANK_WEIGHTS === undefined ? {} : { search: { reranker: { weights: JSON.parse(process.env.RERANK_WEIGHTS) } } };
const catalog = new ToolCatalog(options);
const rankOf = await rankedKeys(catalog, fillCatalog(catalog, loadCorpus()), queries);
const figures = (score) => `${(score.top1 * 100).toFixed(1)}% / ${(score.recall5 * 100).toFixed(1)}% / ${score.mrr.toFixed(3)}`;
console.log("set: top-1 / recall@5 / MRR");
for (const set of DEV_SETS) console.log(`${set}: ${figures(scoreSet(rankOf, set, queries))}`);
for (const set of ["holdout5", "holdout6", "holdout7", "holdout8", "holdout9", "dev-multistep"]) console.log(`${set} multi-step coverage: ${(stepCoverage(rankOf, set, 10, queries).covered * 100).toFixed(1)}%`);
for (const [set, , corpus, external] of externalSets()) {
  const labelled = external.map((entry) => ({ ...entry, set }));
  console.log(`${set}: ${figures(scoreSet(await externalCatalogRanker(ToolCatalog, corpus, labelled, options), set, labelled))}`);
}
if (process.argv.includes("--outside")) {
  const { corpus, queries: outside } = metatoolOutsideSample();
  const labelled = outside.filter((_, position) => position % 3 === 0).map((entry) => ({ ...entry, set: "metatool-outside" }));
  console.log(`metatool outside the sample, every third (${labelled.length}): ${figures(scoreSet(await externalCatalogRanker(ToolCatalog, corpus, labelled, options), "metatool-outside", labelled))}`);
}
