// What learning a host's own requests does (catalog.learn, issue 32's learning round): requests
// answered before are learned for their right tool, and other requests are scored — never the
// ones learned. Sets: the MetaTool sample with 1, 3 or 10 requests per tool learned from outside
// it (also with the labels an agent taking the first hit would give), BFCL in two halves, and the
// project's own sets (dev and holdouts 1–4 learned, holdouts 5–9 and holdout 10 scored), those
// also learned for one tenant and searched by it and by another (learning per tenant, decision 0056).
// Used by bench/search-quality.mjs; imports the BUILT package.
import { fillCatalog, loadCorpus } from "./corpus.mjs";
import { catalogNameOf, externalSets, fillExternalCatalog, metatoolOutsideSample } from "./external.mjs";
import { TOOL_QUERIES, rankedKeys, scoreSet } from "./quality.mjs";

const LEARNED_SETS = new Set(["dev", "holdout", "holdout2", "holdout3", "holdout4"]);
const SCORED_SETS = ["holdout5", "holdout6", "holdout7", "holdout8", "holdout9"];

// A catalog filled by `fill`, having learned `pairs` ({query, name}) for `tenants.learned` (none:
// every search); a ranker of result keys for searches by `tenants.searching`.
async function learnedRanker(ToolCatalog, fill, pairs, queries, tenants = {}) {
  const catalog = new ToolCatalog({ search: { learning: { refreshMs: 0 } } });
  const keyOf = fill(catalog);
  for (const { query, name } of pairs) catalog.learn(query, name, tenants.learned);
  return rankedKeys(catalog, keyOf, queries, tenants.searching);
}

// `perTool` requests of each tool, spread evenly over its requests in file order.
function spread(queries, perTool) {
  const byTool = new Map();
  for (const query of queries) byTool.set(query.expected[0], [...(byTool.get(query.expected[0]) ?? []), query]);
  return [...byTool.values()].flatMap((list) => Array.from({ length: Math.min(perTool, list.length) }, (_, position) => list[Math.floor((position * list.length) / Math.min(perTool, list.length))]));
}

/** Rows [set, what was learned, top-1/recall@5/MRR score] over the sets present on this machine. */
export async function learnedRows(ToolCatalog, MAX_LEARNED_REQUEST_LENGTH) {
  const rows = [];
  const external = new Map(externalSets().map(([set, label, corpus, queries]) => [set, { label, corpus, queries }]));
  const metatool = external.get("metatool");
  if (metatool !== undefined) {
    const fill = (catalog) => fillExternalCatalog(catalog, metatool.corpus);
    const sample = metatool.queries.map((entry) => ({ ...entry, set: "metatool" }));
    const { queries: outside } = metatoolOutsideSample();
    const score = async (pairs) => scoreSet(await learnedRanker(ToolCatalog, fill, pairs, sample), "metatool", sample);
    rows.push([metatool.label, "nothing (keywords only)", await score([])]);
    for (const perTool of [1, 3, 10]) {
      const pairs = spread(outside, perTool).map(({ query, expected }) => ({ query, name: catalogNameOf(expected[0]) }));
      rows.push([metatool.label, `${perTool} request${perTool === 1 ? "" : "s"} per tool from outside the sample (${pairs.length}), right tool`, await score(pairs)]);
    }
    // An agent that always takes the first hit teaches the ranking what it already says.
    const learnedFromOutside = spread(outside, 10);
    const firstHit = await learnedRanker(ToolCatalog, fill, [], learnedFromOutside);
    for (const [share, label] of [[1, "the first hit as the label (an agent that always takes it)"], [0.3, "30% first hit, 70% right tool"]]) {
      const pairs = learnedFromOutside.flatMap(({ query, expected }, position) => {
        const first = firstHit(query)[0]?.[0];
        const id = (position * 7919) % 100 < share * 100 && first !== undefined ? first : expected[0];
        return [{ query, name: catalogNameOf(id) }];
      });
      rows.push([metatool.label, `10 requests per tool from outside the sample (${pairs.length}), ${label}`, await score(pairs)]);
    }
    // What progressive's surface learns: a pair only when the right tool was on the search's page
    // (the default 10 results) for the agent to choose (taught all at once: a lower bound).
    const shown = learnedFromOutside.filter(({ query, expected }) => (firstHit(query) ?? []).slice(0, 10).some((result) => result.includes(expected[0])));
    const pairs = shown.map(({ query, expected }) => ({ query, name: catalogNameOf(expected[0]) }));
    rows.push([metatool.label, `10 requests per tool from outside the sample, learned only where the right tool was on the first page of 10 (${pairs.length} of ${learnedFromOutside.length})`, await score(pairs)]);
  }
  const bfcl = external.get("bfcl");
  if (bfcl !== undefined) {
    const fill = (catalog) => fillExternalCatalog(catalog, bfcl.corpus);
    const halves = bfcl.queries.map((entry, position) => ({ ...entry, set: position % 2 === 0 ? "even" : "odd" }));
    // Requests over the longest a catalog learns (BFCL's multi-turn ones) are scored, not learned.
    const pairsOf = (half) => halves.filter((entry) => entry.set === half && entry.query.trim().length <= MAX_LEARNED_REQUEST_LENGTH).map(({ query, expected }) => ({ query, name: catalogNameOf(expected[0]) }));
    const before = await learnedRanker(ToolCatalog, fill, [], halves);
    const odd = await learnedRanker(ToolCatalog, fill, pairsOf("even"), halves);
    const even = await learnedRanker(ToolCatalog, fill, pairsOf("odd"), halves);
    // Each half scored by the catalog that learned the other half.
    const crossed = (query) => (halves.find((entry) => entry.query === query)?.set === "even" ? even(query) : odd(query));
    const all = halves.map((entry) => ({ ...entry, set: "bfcl" }));
    rows.push([bfcl.label, "nothing (keywords only)", scoreSet(before, "bfcl", all)]);
    rows.push([bfcl.label, `the other half's requests (${[...new Set([pairsOf("even").length, pairsOf("odd").length])].join(" or ")} a half, none over ${MAX_LEARNED_REQUEST_LENGTH} characters), right function`, scoreSet(crossed, "bfcl", all)]);
  }
  const entries = loadCorpus();
  let nameOf = new Map();
  const fill = (catalog) => {
    const keys = fillCatalog(catalog, entries);
    nameOf = new Map([...keys].map(([name, key]) => [key, name]));
    return keys;
  };
  fill({ defineToolset() {}, register() {} });
  const learnedQueries = TOOL_QUERIES.filter((entry) => LEARNED_SETS.has(entry.set));
  const pooled = TOOL_QUERIES.filter((entry) => SCORED_SETS.includes(entry.set) || entry.set === "holdout10").map((entry) => ({ ...entry, set: entry.set === "holdout10" ? "holdout10" : "holdouts5-9" }));
  const before = await learnedRanker(ToolCatalog, fill, [], pooled);
  const learnedPairs = learnedQueries.map(({ query, expected }) => ({ query, name: nameOf.get(expected[0]) }));
  const learned = await learnedRanker(ToolCatalog, fill, learnedPairs, pooled);
  // The same requests learned for one tenant (the gateway's workspace), searched by it and by another.
  const byTenant = await learnedRanker(ToolCatalog, fill, learnedPairs, pooled, { learned: "workspace-a", searching: "workspace-a" });
  const byOther = await learnedRanker(ToolCatalog, fill, learnedPairs, pooled, { learned: "workspace-a", searching: "workspace-b" });
  const what = `the dev set and holdouts 1–4 (${learnedQueries.length}), right tool`;
  // As the surface learns: only the requests whose right tool was on their first page of 10.
  const untaught = await learnedRanker(ToolCatalog, fill, [], learnedQueries);
  const expectedOf = ({ expected }) => (Array.isArray(expected) ? expected : [expected]);
  // The right tool the agent picks from the page: the first one shown.
  const pickedOf = (entry) => (untaught(entry.query) ?? []).slice(0, 10).flat().find((key) => expectedOf(entry).includes(key));
  const shown = learnedQueries.filter((entry) => pickedOf(entry) !== undefined);
  const shownRanker = await learnedRanker(ToolCatalog, fill, shown.map((entry) => ({ query: entry.query, name: nameOf.get(pickedOf(entry)) })), pooled);
  for (const [set, label] of [["holdouts5-9", "the project's holdouts 5–9 (dev sets), 419 tools"], ["holdout10", "the project's holdout 10 (never tuned on), 419 tools"]]) {
    rows.push([label, "nothing (keywords only)", scoreSet(before, set, pooled)]);
    rows.push([label, what, scoreSet(learned, set, pooled)]);
    rows.push([label, `the same, learned only where a right tool was on the first page of 10 (${shown.length} of ${learnedQueries.length})`, scoreSet(shownRanker, set, pooled)]);
    rows.push([label, "the dev set and holdouts 1–4, learned for one tenant, searched by that tenant", scoreSet(byTenant, set, pooled)]);
    rows.push([label, "the dev set and holdouts 1–4, learned for one tenant, searched by another tenant", scoreSet(byOther, set, pooled)]);
  }
  return rows;
}
