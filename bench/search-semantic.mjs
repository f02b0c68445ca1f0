// The semantic option (issue 32), measured: every labelled set of bench/search-quality.mjs ranked
// by keywords alone (default settings) and by the hybrid ranking (keywords fused with a real
// embeddings model), in the same run, rows labelled with the model. The model is Universal
// Sentence Encoder lite from npm, served on 127.0.0.1 by tooling/embeddings-server.mjs (a child
// process), the one real model the registries carry here. Sets: bench/_semantic-sets.mjs.
//
// SEMANTIC_VARIANTS='[{"label":"…","semanticWeight":0.5,…}]' measures several settings of the
// hybrid ranking in one run (default: the default settings); SEMANTIC_SETS=tuning leaves out the
// held-out sets and adds MetaTool requests outside the fixed sample (for tuning only), =all
// ranks both; SEMANTIC_VECTORS_DIR keeps the embedded vectors between runs (else a temporary
// folder). Every text is embedded once per run: the variants share one cache of vectors by text.
// Prints one markdown section; imports the BUILT packages.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadCorpus } from "../packages/tool-catalog/bench/quality.mjs";
import { memorySearch } from "../packages/memory/bench/quality.mjs";
import { EMBEDDINGS_MODEL, spawnEmbeddingsServer } from "../tooling/embeddings-server.mjs";
import { startEmbeddingsMemo } from "./_embeddings-memo.mjs";
import { HELD_OUT, catalogRanker, externalCatalogRanker, semanticSets } from "./_semantic-sets.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tools = await import(pathToFileURL(path.join(root, "packages/tool-catalog/dist/index.js")).href);
const memoryModule = await import(pathToFileURL(path.join(root, "packages/memory/dist/index.js")).href);
const choice = process.env.SEMANTIC_SETS ?? "report";
const tuning = choice !== "report";
const variants = process.env.SEMANTIC_VARIANTS === undefined ? [{ label: "keyword-anchored fusion, semantic weight 0.5" }] : JSON.parse(process.env.SEMANTIC_VARIANTS);
const percent = (value) => `${(value * 100).toFixed(1)}%`;
const lines = [];
const print = (line = "") => lines.push(line);
const row = (set, label, value) => print(`| ${set} | ${label} | ${percent(value.top1)} | ${percent(value.recall5)} | ${value.mrr.toFixed(3)} |`);

const server = await spawnEmbeddingsServer();
const kept = process.env.SEMANTIC_VECTORS_DIR;
const folder = kept ?? mkdtempSync(path.join(os.tmpdir(), "foundry-semantic-bench-"));
const memo = await startEmbeddingsMemo(server.url, kept === undefined ? undefined : path.join(kept, "vectors.json"));
try {
  // Generous timeouts: the bench measures ranking, not the endpoint's speed.
  const endpoint = { model: "use-lite", batchSize: 128, timeoutMs: 60_000, retryAfterMs: 0 };
  const settingsOf = (variant) => {
    const { label: _label, ...settings } = variant;
    return settings;
  };
  const started = Date.now();
  const entries = loadCorpus();
  // One ranker per (variant, corpus): the catalog ranks every labelled request once.
  const rankers = (variant) => {
    const semantic = variant === undefined ? undefined : { provider: tools.openAiEmbeddings({ url: memo.url, model: endpoint.model, batchSize: endpoint.batchSize }), cache: new tools.VectorCache(100_000), timeoutMs: endpoint.timeoutMs, retryAfterMs: 0, ...settingsOf(variant) };
    const options = semantic === undefined ? {} : { search: { semantic } };
    let toolRanks;
    const externalRanks = new Map();
    return {
      toolRanker: () => (toolRanks ??= catalogRanker(tools.ToolCatalog, entries, options)),
      externalRanker: async (corpus, queries) => {
        if (!externalRanks.has(queries)) externalRanks.set(queries, await externalCatalogRanker(tools.ToolCatalog, corpus, queries, options));
        return externalRanks.get(queries);
      },
      // The option is read from .foundry/config.json, as a user sets it; each memory keeps its
      // vectors in its own folder (.foundry/cache/memory-vectors.json), shared by the variants.
      memoryScore: (key, facts) => {
        if (variant === undefined) return memorySearch(memoryModule, facts);
        const memoryRoot = path.join(folder, "memory", key);
        mkdirSync(path.join(memoryRoot, ".foundry"), { recursive: true });
        writeFileSync(path.join(memoryRoot, ".foundry", "config.json"), JSON.stringify({ memorySearch: { semantic: { url: memo.url, ...endpoint, ...settingsOf(variant) } } }));
        const memory = new memoryModule.FoundryMemory({ root: memoryRoot, driver: new memoryModule.InMemoryFactStore(facts) });
        return async (query) => (await memory.search({ query, limit: 10 })).hits.map((hit) => hit.fact.id);
      },
    };
  };
  const sets = semanticSets(choice);
  const columns = [["keywords only (default)", rankers(undefined)], ...variants.map((variant) => [`hybrid, ${EMBEDDINGS_MODEL}, ${variant.label}`, rankers(variant)])];
  const results = [];
  for (const set of sets) {
    const figures = [];
    for (const [name, ranker] of columns) figures.push([name, await set.score(ranker)]);
    results.push([set, figures]);
    if (tuning) console.error(`${set.id}: ${figures.map(([, value]) => percent(value.top1)).join(" / ")}`);
  }
  memo.save();
  // A kept-alive socket the server has just closed fails one fetch: ask again once.
  const stats = await server.stats().catch(() => server.stats());

  print("## Semantic option: keywords only vs hybrid (issue 32)");
  print("");
  print(`Every labelled set of the search-quality section, ranked by the default keyword ranker and by the hybrid option (the keyword order fused with the tools or facts nearest the request by cosine of embeddings; docs/decisions/0031). Model: **${EMBEDDINGS_MODEL}**, Universal Sentence Encoder lite, 512 dimensions, served on 127.0.0.1 by \`tooling/embeddings-server.mjs\` over the OpenAI-compatible \`/v1/embeddings\` route (TensorFlow.js, wasm backend). ${stats.texts} texts embedded in ${stats.requests} requests${kept ? " (vectors kept from earlier runs are not embedded again)" : ""}; the run took ${((Date.now() - started) / 1000).toFixed(0)} s. Top-1, recall@5 and MRR as in the search-quality section. Held out (marked **held out**: never used to tune the fusion's settings, SEMANTIC_SETS=tuning leaves them out): ${[...HELD_OUT].join(", ")}; the keyword ranker itself was since tuned on all of them but tools holdout 10 and memory holdouts 15 and 16 (16 the memory headline since session 28; memory holdouts 13 and 14 since sessions 26 and 27).`);
  print("");
  print("| set | ranker | top-1 | recall@5 | MRR |");
  print("| --- | --- | --- | --- | --- |");
  for (const [set, figures] of results) for (const [name, value] of figures) row(`${HELD_OUT.has(set.id) ? "**held out** " : ""}${set.label}${set.kind === "tools" ? `, ${value.n} requests` : ""}`, name, value);
} finally {
  await memo.close();
  await server.stop();
  if (kept === undefined) rmSync(folder, { recursive: true, force: true });
}
console.log(lines.join("\n"));
