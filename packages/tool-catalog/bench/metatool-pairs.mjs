// Issue 32's long-requests round's dev set: 800 two-topic requests made of two MetaTool requests
// from outside the fixed sample (different tools), joined as two sentences or by "and also", at
// most 40 words (deterministic). Prints the share with both tools among the first 5 and the first
// 10 results, with multi-step interleaving on and off. MetaTool's real two-tool set is not read.
// Usage: node packages/tool-catalog/bench/metatool-pairs.mjs [--build path/to/tool-catalog/dist/index.js] (after pnpm build).
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { allExpectedWithin, externalCatalogRanker, metatoolOutsideSample } from "./external.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const at = process.argv.indexOf("--build");
const build = at < 0 ? path.join(here, "../dist/index.js") : path.resolve(process.argv[at + 1]);
const { ToolCatalog } = await import(pathToFileURL(build).href);

const PAIRS = 800;
const MAX_WORDS = 40;
const wordCount = (text) => text.split(/[^\p{L}\p{N}_.\-/]+/u).filter((word) => word !== "").length;
const lowerFirst = (text) => text.replace(/^./, (letter) => letter.toLowerCase());

const { corpus, queries: outside } = metatoolOutsideSample();
const pairs = [];
for (let step = 0; pairs.length < PAIRS && step < 200_000; step += 1) {
  const first = outside[(step * 7919) % outside.length];
  const second = outside[(step * 104_729 + 13) % outside.length];
  if (first.expected[0] === second.expected[0]) continue;
  if (wordCount(`${first.query} ${second.query}`) > MAX_WORDS) continue;
  const query = step % 2 === 0 ? `${first.query.trim()} ${second.query.trim()}` : `${first.query.trim().replace(/[?.!]+$/, "")} and also ${lowerFirst(second.query.trim())}`;
  pairs.push({ query, expected: [first.expected[0], second.expected[0]], set: "pairs" });
}
const percent = (share) => `${(share * 100).toFixed(1)}%`;
for (const [label, options] of [["multi-step on", {}], ["multi-step off", { search: { multiStep: false } }]]) {
  const rankOf = await externalCatalogRanker(ToolCatalog, corpus, pairs, options);
  console.log(`${pairs.length} MetaTool pairs, ${label}: both in the first 5 ${percent(allExpectedWithin(rankOf, pairs, 5).share)}, in the first 10 ${percent(allExpectedWithin(rankOf, pairs, 10).share)}`);
}
