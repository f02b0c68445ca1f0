// Development aid: prints how the catalog analyses queries (groups and alternatives).
// Usage: node bench/groups.mjs "query one" "query two"
import { ToolCatalog } from "../dist/index.js";
import { fillCatalog, loadCorpus } from "./corpus.mjs";

const catalog = new ToolCatalog();
fillCatalog(catalog, loadCorpus());
const index = catalog["index"]();
for (const query of process.argv.slice(2)) {
  console.log(query);
  for (const group of index.explain(query)) {
    console.log(`  ${group.text}: ${group.alternatives.map((alternative) => `${alternative.source}:${alternative.stems.join("+")}@${alternative.weight}`).join(" ")}`);
  }
}
