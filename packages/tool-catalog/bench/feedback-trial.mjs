// Trial of two paraphrase aids left out of the ranker (issue 21), on the dev set only: pseudo-
// relevance feedback (the name or first-sentence words of the top k tools added to the request)
// and corpus-derived associations (each request word's strongest co-occurring words by PMI over
// tool names and descriptions). Each second pass is fused with the first by reciprocal rank.
// Neither raised dev top-1 or MRR (docs/benchmarks.md). Usage: node bench/feedback-trial.mjs
import { ENGLISH_STOP_WORDS } from "@foundry-mcp/text-analysis";
import { ToolCatalog } from "../dist/index.js";
import { fillCatalog } from "./corpus.mjs";
import { TOOL_QUERIES, loadCorpus, scoreSet } from "./quality.mjs";

const entries = loadCorpus();
const catalog = new ToolCatalog();
const keys = fillCatalog(catalog, entries);
const byName = new Map(entries.map((entry) => [`${entry.server}_${entry.name}`, entry]));
const dev = TOOL_QUERIES.filter((entry) => entry.set === "dev");
const stop = new Set(ENGLISH_STOP_WORDS);
const words = (text) => (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => word.length > 2 && !stop.has(word));
const toolText = (entry) => `${entry.name.replace(/[-_]/g, " ")} ${entry.description}`;

// Word associations: PMI of words that share at least three tools.
const docs = entries.map((entry) => new Set(words(toolText(entry))));
const df = new Map(), together = new Map(), associated = new Map();
for (const doc of docs) {
  for (const word of doc) df.set(word, (df.get(word) ?? 0) + 1);
  for (const left of doc) for (const right of doc) if (left < right) together.set(`${left} ${right}`, (together.get(`${left} ${right}`) ?? 0) + 1);
}
for (const [pair, count] of together) {
  if (count < 3) continue;
  const [left, right] = pair.split(" ");
  const pmi = Math.log((count * docs.length) / (df.get(left) * df.get(right)));
  for (const [word, other] of [[left, right], [right, left]]) associated.set(word, [...(associated.get(word) ?? []), [other, pmi]]);
}
for (const list of associated.values()) list.sort((left, right) => right[1] - left[1]);

const feedback = (k, field) => (query, first) =>
  first.slice(0, k).flatMap((result) => {
    const entry = byName.get(result.name);
    return words(field === "name" ? entry.name.replace(/[-_]/g, " ") : entry.description.split(/[.\n]/)[0]);
  });
const associations = (top, minimum) => (query) => words(query).flatMap((word) => (associated.get(word) ?? []).slice(0, top).filter(([, pmi]) => pmi >= minimum).map(([other]) => other));

async function trial(label, extraWords, fuse) {
  const ranked = new Map();
  for (const { query } of dev) {
    const first = (await catalog.search({ query, limit: 50 })).results;
    const own = new Set(words(query));
    const extra = [...new Set(extraWords?.(query, first) ?? [])].filter((word) => !own.has(word));
    const second = extra.length === 0 ? first : (await catalog.search({ query: `${query} ${extra.join(" ")}`, limit: 50 })).results;
    const fused = new Map();
    first.forEach((result, position) => fused.set(result.name, (fused.get(result.name) ?? 0) + (1 - fuse) / (position + 10)));
    second.forEach((result, position) => fused.set(result.name, (fused.get(result.name) ?? 0) + fuse / (position + 10)));
    ranked.set(query, [...fused].sort((left, right) => right[1] - left[1]).map(([name]) => [keys.get(name)]));
  }
  const { top1, recall5, mrr } = scoreSet((query) => ranked.get(query), "dev");
  console.log(`| ${label} | ${(top1 * 100).toFixed(1)}% | ${(recall5 * 100).toFixed(1)}% | ${mrr.toFixed(3)} |`);
}

console.log(`| dev set, ${dev.length} requests | top-1 | recall@5 | MRR |\n| --- | --- | --- | --- |`);
await trial("catalog as is", undefined, 0);
for (const [k, field, fuse] of [[1, "name", 0.5], [2, "name", 0.3], [2, "name", 0.5], [3, "name", 0.5], [2, "description", 0.5], [3, "description", 0.3]]) await trial(`feedback: ${field} words of top ${k}, fused ${fuse}`, feedback(k, field), fuse);
for (const [top, minimum, fuse] of [[1, 1, 0.3], [1, 1, 0.5], [2, 1.5, 0.3]]) await trial(`associations: top ${top} per word, PMI ≥ ${minimum}, fused ${fuse}`, associations(top, minimum), fuse);
