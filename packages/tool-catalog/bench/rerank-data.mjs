// Training data for the learned second stage (src/search/rerank.ts): for each labelled request of
// the dev sets, the first stage's head (its best RERANK_DEPTH tools) with each tool's feature
// vector and whether it is a right answer. Read through the catalog's own `reranker.observe`
// option, so the features are exactly those the shipped ranker computes. Holdout 9 and the
// MetaTool fixed sample are never read here. Used by train-reranker.mjs.
import { RERANK_FEATURES, ToolCatalog } from "../dist/index.js";
import { fillCatalog, loadCorpus } from "./corpus.mjs";
import { externalSets, fillExternalCatalog, metatoolOutsideSample } from "./external.mjs";
import { TOOL_QUERIES } from "./quality.mjs";

/** The project's sets that may be tuned on, in two folds (older and newer), plus the external ones. */
export const PROJECT_FOLDS = {
  "project-early": ["dev", "holdout", "holdout2", "holdout3", "holdout4"],
  "project-late": ["holdout5", "holdout6", "holdout7", "holdout8", "dev-multistep"],
};
/** MetaTool requests outside the fixed sample used for training: this many per tool, spread evenly. */
const METATOOL_PER_TOOL = 10;

// Runs every request through a catalog with the first-stage order (score weight 1 only) and keeps
// the head observed for the request as a whole (a multi-step request's clauses are ranked after it).
async function observeAll(fill, requests) {
  let head;
  const catalog = new ToolCatalog({ search: { reranker: { weights: { score: 1 }, observe: (query, candidates) => (head ??= { candidates }) } } });
  const keyOf = fill(catalog);
  const rows = [];
  for (const { query, expected, fold, set } of requests) {
    head = undefined;
    await catalog.search({ query, limit: 1 });
    // The first head observed is the whole request's (the catalog trims it); clauses follow.
    const candidates = head?.candidates ?? [];
    const features = candidates.map((candidate) => Float64Array.from(RERANK_FEATURES, (feature) => candidate.features[feature]));
    const right = candidates.map((candidate) => expected.includes(keyOf.get(candidate.name)));
    rows.push({ query, fold, set, features, right });
  }
  return rows;
}

// Every n-th request of each tool, spread evenly in file order (deterministic).
function perTool(queries, count) {
  const byTool = new Map();
  for (const query of queries) byTool.set(query.expected[0], [...(byTool.get(query.expected[0]) ?? []), query]);
  return [...byTool.values()].flatMap((list) => Array.from({ length: Math.min(count, list.length) }, (_, position) => list[Math.floor((position * list.length) / Math.min(count, list.length))]));
}

/** Rows {query, fold, set, features[], right[]} of every training request. */
export async function trainingRows() {
  const entries = loadCorpus();
  const foldOf = new Map(Object.entries(PROJECT_FOLDS).flatMap(([fold, sets]) => sets.map((set) => [set, fold])));
  const project = TOOL_QUERIES.filter((entry) => foldOf.has(entry.set)).map((entry) => ({ ...entry, fold: foldOf.get(entry.set) }));
  const rows = await observeAll((catalog) => fillCatalog(catalog, entries), project);
  const external = externalSets().find(([set]) => set === "bfcl");
  if (external !== undefined) {
    const [, , corpus, queries] = external;
    rows.push(...(await observeAll((catalog) => fillExternalCatalog(catalog, corpus), queries.map((query) => ({ ...query, fold: "bfcl", set: "bfcl" })))));
    const metatool = metatoolOutsideSample();
    const chosen = perTool(metatool.queries, METATOOL_PER_TOOL).map((query) => ({ ...query, fold: "metatool", set: "metatool-train" }));
    rows.push(...(await observeAll((catalog) => fillExternalCatalog(catalog, metatool.corpus), chosen)));
  }
  return rows;
}
