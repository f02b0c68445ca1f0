// Development aid: prints each labelled query whose right tool is not first, with the top hits.
// Usage: node bench/explain.mjs [filter]
import { readFileSync } from "node:fs";
import { ToolCatalog } from "../dist/index.js";
import { fillCatalog, loadCorpus } from "./corpus.mjs";

const entries = loadCorpus();
const { queries } = JSON.parse(readFileSync(new URL("./tool-queries.json", import.meta.url), "utf8"));
const catalog = new ToolCatalog();
const keys = fillCatalog(catalog, entries);
const filter = process.argv[2];
// Only the dev set: holdout requests stay unseen so their figures stay honest.
for (const { query, expected, set } of queries) {
  if (set !== "dev") continue;
  if (filter !== undefined && !query.includes(filter)) continue;
  const { results } = await catalog.search({ query, limit: 50 });
  const ranked = results.map((result) => keys.get(result.name));
  const position = ranked.findIndex((key) => expected.includes(key));
  if (position === 0 && filter === undefined) continue;
  console.log(`${position === -1 ? "MISS" : `#${position + 1}`}  ${query}  → ${expected[0]}`);
  for (const result of results.slice(0, 3)) console.log(`      ${result.score.toFixed(2)} ${keys.get(result.name)} [${result.matchedIn}]`);
}
