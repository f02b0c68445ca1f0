// The external tool-retrieval sets (/work/shared/data/external, written by nobody on this
// project; see its README): BFCL v4 live_multiple (457 pooled functions, 1,053 requests) and
// MetaTool (199 tools; a fixed sample of five requests per tool, 995; its 497 two-tool requests
// scored apart, never tuned on). Loads each corpus into a
// ToolCatalog (one toolset, names as published) and scores it like the project's own sets, beside
// plain BM25 over title + text. Used by bench/search-quality.mjs.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PlainBm25 } from "./plain-bm25.mjs";
import { rankedKeys } from "./quality.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const externalDir = resolve(here, "../../../../shared/data/external");
const readLines = (file) => readFileSync(resolve(externalDir, file), "utf8").split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
const SAMPLE_PER_TOOL = 5;

/** Five requests per tool, spread evenly over that tool's requests in file order (deterministic). */
export function samplePerTool(queries, perTool) {
  const byTool = new Map();
  for (const query of queries) {
    const list = byTool.get(query.gold[0]) ?? [];
    list.push(query);
    byTool.set(query.gold[0], list);
  }
  return [...byTool.values()].flatMap((list) => Array.from({ length: Math.min(perTool, list.length) }, (_, position) => list[Math.floor((position * list.length) / Math.min(perTool, list.length))]));
}

/** The catalog name an external corpus id is registered under (A-Z a-z 0-9 _ - . only: "PDF&URLTool" → PDF_URLTool). */
export const catalogNameOf = (id) => id.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 128);

/** Every MetaTool single-tool request outside the fixed sample (a tuning pool: the sample is the evaluation). */
export function metatoolOutsideSample() {
  const all = readLines("metatool/metatool.queries.jsonl");
  const sampled = new Set(samplePerTool(all, SAMPLE_PER_TOOL).map((query) => query.query));
  return { corpus: readLines("metatool/metatool.corpus.jsonl"), queries: all.filter((query) => !sampled.has(query.query)).map(({ query, gold }) => ({ query, expected: gold })) };
}

/**
 * MetaTool's 497 two-tool requests over the same 199 tools (each needs both: "the latest news
 * about Tesla and how it has impacted the stock market" → FinanceTool and NewsTool), undefined
 * when the data is absent. Scored, never tuned on: dev-sets.mjs leaves it out.
 */
export function metatoolTwoTool() {
  if (!existsSync(resolve(externalDir, "metatool/metatool-multi.queries.jsonl"))) return undefined;
  return { corpus: readLines("metatool/metatool.corpus.jsonl"), queries: readLines("metatool/metatool-multi.queries.jsonl").map(({ query, gold }) => ({ query, expected: gold })) };
}

/**
 * The share of `queries` whose every expected id is among the first `depth` results of `rankOf`
 * (the source's all-gold@k; a result's variants count at its place).
 */
export function allExpectedWithin(rankOf, queries, depth) {
  const held = queries.filter(({ query, expected }) => {
    const shown = new Set(rankOf(query).slice(0, depth).flatMap((result) => (Array.isArray(result) ? result : [result])));
    return expected.every((id) => shown.has(id));
  });
  return { n: queries.length, share: held.length / Math.max(queries.length, 1) };
}

/** The external sets present on this machine: [set, label, corpus, queries]. */
export function externalSets() {
  if (!existsSync(externalDir)) return [];
  const toQueries = (lines) => lines.map(({ query, gold }) => ({ query, expected: gold }));
  return [
    ["bfcl", "BFCL v4 live_multiple, 457 pooled functions", readLines("bfcl-live-multiple/bfcl-live-multiple.corpus.jsonl"), toQueries(readLines("bfcl-live-multiple/bfcl-live-multiple.queries.jsonl"))],
    ["metatool", "MetaTool, 199 tools, 5 requests per tool (fixed sample)", readLines("metatool/metatool.corpus.jsonl"), toQueries(samplePerTool(readLines("metatool/metatool.queries.jsonl"), SAMPLE_PER_TOOL))],
  ];
}

// A published schema as an MCP input schema (BFCL writes `type: "dict"`).
function inputSchemaOf(parameters) {
  if (parameters === undefined || typeof parameters !== "object") return { type: "object" };
  return { ...parameters, type: "object" };
}

// The description without the ` params: …` tail the normalised text appends (the schema is indexed itself).
const descriptionOf = (entry) => (entry.parameters === undefined ? entry.text : entry.text.replace(/ params: [^]*$/, ""));

/** Loads an external corpus into a catalog (one toolset, published names, kind read); returns catalog name → corpus id. */
export function fillExternalCatalog(catalog, corpus) {
  catalog.defineToolset({ name: "functions", prefix: "", title: "functions", description: "functions" });
  const idOf = new Map();
  for (const entry of corpus) {
    const name = catalogNameOf(entry.id);
    idOf.set(name, entry.id);
    catalog.register({ name, toolset: "functions", kind: "read", description: descriptionOf(entry), inputSchema: inputSchemaOf(entry.parameters), handler: () => ({ ok: true }) });
  }
  return idOf;
}

/** Ranked corpus ids for each request, from one ToolCatalog class over one external corpus. */
export async function externalCatalogRanker(ToolCatalog, corpus, queries, options = {}) {
  const catalog = new ToolCatalog(options);
  return rankedKeys(catalog, fillExternalCatalog(catalog, corpus), queries);
}

/** Plain BM25 over title + text (the external README's baseline). */
export function externalPlainRanker(corpus) {
  const plain = new PlainBm25(corpus.map((entry) => ({ name: entry.id, description: `${entry.title} ${entry.text}` })));
  return (query) => plain.search(query).slice(0, 50).map((hit) => hit.name);
}
