// What reading a long request costs (issue 32, long-requests round): CPU time of one search at
// 10,000 tools for MetaTool requests of 64 words or more, whole and cut to their first 32 words
// (the bound before that round), each searched once, by two catalogs of their own (a catalog
// remembers the spellings of words it has seen: neither may warm the other), taking turns; medians.
// With --baseline path/to/tool-catalog/dist/index.js, also the whole requests on that build (a
// third catalog, in the same turns).
// Usage: node packages/tool-catalog/bench/long-requests.mjs [--baseline …] (after pnpm build).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ToolCatalog } from "../dist/index.js";
import { externalDir } from "./external.mjs";
import { latencyCatalog, loadCorpus } from "./quality.mjs";

const REQUESTS = 100;
const wordsOf = (text) => text.split(/\s+/).filter((word) => word !== "");
const requests = readFileSync(resolve(externalDir, "metatool/metatool.queries.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line).query)
  .filter((query) => wordsOf(query).length >= 64)
  .slice(0, REQUESTS);
const cut = requests.map((query) => wordsOf(query).slice(0, 32).join(" "));
const at = process.argv.indexOf("--baseline");
const Baseline = at < 0 ? undefined : (await import(pathToFileURL(resolve(process.argv[at + 1])).href)).ToolCatalog;
const corpus = loadCorpus();
const wholeCatalog = await latencyCatalog(ToolCatalog, corpus, 10_000);
const cutCatalog = await latencyCatalog(ToolCatalog, corpus, 10_000);
const baselineCatalog = Baseline === undefined ? undefined : await latencyCatalog(Baseline, corpus, 10_000);
async function cpuMilliseconds(catalog, query) {
  const start = process.cpuUsage();
  await catalog.search({ query });
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000;
}
const whole = [];
const first32 = [];
const baseline = [];
for (let position = 0; position < requests.length; position += 1) {
  whole.push(await cpuMilliseconds(wholeCatalog, requests[position]));
  first32.push(await cpuMilliseconds(cutCatalog, cut[position]));
  if (baselineCatalog !== undefined) baseline.push(await cpuMilliseconds(baselineCatalog, requests[position]));
}
const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
console.log(`${requests.length} MetaTool requests of 64 words or more, 10,000 tools, CPU ms per search (medians): whole ${median(whole).toFixed(1)}, first 32 words ${median(first32).toFixed(1)}, ratio ${(median(whole) / median(first32)).toFixed(2)}${baselineCatalog === undefined ? "" : `; whole on the baseline build ${median(baseline).toFixed(1)}`}`);
