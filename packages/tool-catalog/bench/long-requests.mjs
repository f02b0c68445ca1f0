// What reading a long request costs (issue 32, long-requests round): CPU time of one search at
// 10,000 tools for MetaTool requests of 64 words or more, whole and cut to their first 32 words
// (the bound before that round), taking turns request by request over five passes; medians.
// Usage: node packages/tool-catalog/bench/long-requests.mjs (after pnpm build).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ToolCatalog } from "../dist/index.js";
import { externalDir } from "./external.mjs";
import { latencyCatalog, loadCorpus } from "./quality.mjs";

const REQUESTS = 60;
const PASSES = 5;
const wordsOf = (text) => text.split(/\s+/).filter((word) => word !== "");
const requests = readFileSync(resolve(externalDir, "metatool/metatool.queries.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line).query)
  .filter((query) => wordsOf(query).length >= 64)
  .slice(0, REQUESTS);
const cut = requests.map((query) => wordsOf(query).slice(0, 32).join(" "));
const catalog = await latencyCatalog(ToolCatalog, loadCorpus(), 10_000);
async function cpuMilliseconds(query) {
  const start = process.cpuUsage();
  await catalog.search({ query });
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000;
}
const whole = [];
const first32 = [];
for (let pass = 0; pass < PASSES; pass += 1) {
  for (let position = 0; position < requests.length; position += 1) {
    whole.push(await cpuMilliseconds(requests[position]));
    first32.push(await cpuMilliseconds(cut[position]));
  }
}
const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
console.log(`${requests.length} MetaTool requests of 64 words or more, 10,000 tools, CPU ms per search (median of ${PASSES} passes): whole ${median(whole).toFixed(1)}, first 32 words ${median(first32).toFixed(1)}, ratio ${(median(whole) / median(first32)).toFixed(2)}`);
