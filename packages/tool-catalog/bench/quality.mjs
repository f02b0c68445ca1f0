// Tool-search quality and latency for bench/search-quality.mjs at the repo root: top-1, hit@5
// and MRR per labelled set, for a ToolCatalog module (this build or a recorded baseline build)
// and for plain BM25, plus median search latency at a given catalog size.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { fillCatalog, fillSynthetic, loadCorpus } from "./corpus.mjs";
import { PlainBm25 } from "./plain-bm25.mjs";

const readQueries = (file) => JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8")).queries;

/** Every labelled request; `set` is dev or dev-multistep (tuned on), holdout, holdout2, …, holdout10; holdouts 1–9 are dev sets (holdout 9 since issue 32's search-tools17 round), holdout 10 was never tuned on. */
export const TOOL_QUERIES = [
  ...readQueries("./tool-queries.json"),
  ...readQueries("./tool-queries-holdout2.json"),
  ...readQueries("./tool-queries-holdout3.json"),
  ...readQueries("./tool-queries-holdout4.json"),
  ...readQueries("./tool-queries-holdout5.json"),
  ...readQueries("./tool-queries-holdout6.json"),
  ...readQueries("./tool-queries-holdout7.json"),
  ...readQueries("./tool-queries-holdout8.json"),
  ...readQueries("./tool-queries-holdout9.json"),
  ...readQueries("./tool-queries-holdout10.json"),
  ...readQueries("./tool-queries-multistep-dev.json"),
];

/** Sets in report order, with how each was used. */
export const TOOL_SETS = [
  ["holdout10", "holdout 10 (written 2026-12-05 before the search-tools17 round of issue 32)"],
  ["holdout9", "holdout 9 (written 2026-12-05 before the learned-second-stage round of issue 32; dev since the search-tools17 round)"],
  ["holdout8", "holdout 8 (written 2026-12-04 before the search-tools8 round of issue 32; dev since the learned-second-stage round)"],
  ["holdout7", "holdout 7 (written 2026-12-04 before the search-tools round of issue 32; dev since the search-tools8 round)"],
  ["holdout6", "holdout 6 (written 2026-12-04 before the lexical round of issue 32; dev since the search-tools round)"],
  ["holdout5", "holdout 5 (written 2026-12-04 before the multi-step round)"],
  ["holdout4", "holdout 4 (written 2026-12-01 before round 4)"],
  ["holdout3", "holdout 3 (written 2026-12-01 before round 3)"],
  ["dev", "dev (tuned on)"],
  ["holdout", "holdout 1"],
  ["holdout2", "holdout 2"],
];

/**
 * top-1, hit@5 and MRR of a ranker (query → ranked results) on one set. A result is a key, or
 * an array of keys: a tool and the near-duplicates it names in `variants`, which the model reads
 * in that result. top-1 needs the first result's own tool; recall@5 and MRR count a variant at
 * its result's place.
 */
export function scoreSet(rankOf, set, queries = TOOL_QUERIES) {
  const chosen = queries.filter((entry) => entry.set === set);
  let top1 = 0, hit5 = 0, reciprocal = 0;
  const keysOf = (result) => (Array.isArray(result) ? result : [result]);
  for (const { query, expected } of chosen) {
    const results = rankOf(query);
    const position = results.findIndex((result) => keysOf(result).some((key) => expected.includes(key)));
    if (position === 0 && expected.includes(keysOf(results[0])[0])) top1 += 1;
    if (position >= 0 && position < 5) hit5 += 1;
    if (position >= 0) reciprocal += 1 / (position + 1);
  }
  const n = Math.max(chosen.length, 1);
  return { n: chosen.length, top1: top1 / n, recall5: hit5 / n, mrr: reciprocal / n };
}

/**
 * Multi-step coverage: of the requests that name several actions (`steps`), the share whose every
 * action has a right tool among the first `depth` results (variants count at their result's place).
 */
export function stepCoverage(rankOf, set, depth = 10, queries = TOOL_QUERIES) {
  const chosen = queries.filter((entry) => entry.set === set && Array.isArray(entry.steps));
  const keysOf = (result) => (Array.isArray(result) ? result : [result]);
  let covered = 0;
  for (const { query, steps } of chosen) {
    const shown = new Set(rankOf(query).slice(0, depth).flatMap(keysOf));
    if (steps.every((right) => right.some((key) => shown.has(key)))) covered += 1;
  }
  return { n: chosen.length, covered: covered / Math.max(chosen.length, 1) };
}

/**
 * A ranker over a filled catalog: each request's first 50 results (a request asked twice is
 * searched once), each result the key of its tool and of the near-duplicates it names in
 * `variants`, as scoreSet reads them; `keyOf` maps a catalog name to its key.
 */
export async function rankedKeys(catalog, keyOf, queries, tenant) {
  const ranked = new Map();
  for (const { query } of queries) {
    if (ranked.has(query)) continue;
    const page = await catalog.search({ query, limit: 50, ...(tenant === undefined ? {} : { tenant }) });
    ranked.set(query, page.results.map((result) => [result.name, ...(result.variants ?? [])].map((name) => keyOf.get(name))));
  }
  return (query) => ranked.get(query);
}

/** Ranked keys for every labelled request, from one ToolCatalog class. */
export async function catalogRanker(ToolCatalog, entries, options = {}) {
  const catalog = new ToolCatalog(options);
  return rankedKeys(catalog, fillCatalog(catalog, entries), TOOL_QUERIES);
}

/** The plain BM25 baseline over the same corpus. */
export function plainRanker(entries) {
  const plain = new PlainBm25(entries.map((entry) => ({ name: `${entry.server}/${entry.name}`, description: `${entry.server} ${entry.name} ${entry.description}` })));
  return (query) => plain.search(query).slice(0, 50).map((hit) => hit.name);
}

/** A catalog of `size` synthesised tools with its index built, ready for timing. */
export async function latencyCatalog(ToolCatalog, entries, size) {
  const catalog = new ToolCatalog();
  fillSynthetic(catalog, entries, size);
  await catalog.search({ query: "warm up the index" });
  return catalog;
}

/** Milliseconds of each search of one pass over the labelled requests (or over every `slices`-th one, from `slice`). */
export async function timeOnePass(catalog, slice = 0, slices = 1) {
  const times = [];
  for (let index = slice; index < TOOL_QUERIES.length; index += slices) {
    const { query } = TOOL_QUERIES[index];
    const begin = performance.now();
    await catalog.search({ query });
    times.push(performance.now() - begin);
  }
  return times;
}

export { loadCorpus };
