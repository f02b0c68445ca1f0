// One build's side of the search latency comparison (bench/_search-latency.mjs starts two of
// these, one per build): it builds that build's 10,000-tool catalog or 10,000-fact memory in its
// own process, so neither build shares a heap, a JIT or garbage-collector threads with the other,
// then runs one unit of work per message from its parent — one tool request (by its position in
// the labelled requests), or one pass over the memory questions — and answers with the unit's
// per-query wall times and this process's CPU time over it (every thread, GC included).
import { pathToFileURL } from "node:url";
import { TOOL_QUERIES, latencyCatalog, loadCorpus, timeOnePass as timeTools } from "../packages/tool-catalog/bench/quality.mjs";
import { memorySearch, syntheticFacts, timeOnePass as timeMemory } from "../packages/memory/bench/quality.mjs";

const [kind, bundle, size] = process.argv.slice(2);
const module = await import(pathToFileURL(bundle).href);
let runUnit;
let units;
if (kind === "tools") {
  const catalog = await latencyCatalog(module.ToolCatalog, loadCorpus(), Number(size));
  // Every `length`-th request from `unit`: that one request.
  runUnit = (unit) => timeTools(catalog, unit, TOOL_QUERIES.length);
  units = TOOL_QUERIES.length;
} else {
  const search = memorySearch(module, syntheticFacts(Number(size)));
  await search("warm up the index");
  runUnit = () => timeMemory(search);
  units = 1;
}
const cpuMicroseconds = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
process.on("message", async ({ unit }) => {
  const begin = cpuMicroseconds();
  const times = await runUnit(unit);
  process.send({ times, cpu: (cpuMicroseconds() - begin) / 1000 });
});
process.send({ units });
