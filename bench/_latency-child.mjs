// One build's side of the search latency comparison (bench/_search-latency.mjs starts two of
// these, one per build): it builds that build's 10,000-tool catalog or 10,000-fact memory in its
// own process, so neither build shares a heap, a JIT or garbage-collector threads with the other,
// then times one pass per message from its parent and answers with the pass's per-query wall
// times and this process's CPU time (every thread, GC included) over the pass.
import { pathToFileURL } from "node:url";
import { cpuMs } from "../tooling/bench-measure.mjs";
import { latencyCatalog, loadCorpus, timeOnePass as timeTools } from "../packages/tool-catalog/bench/quality.mjs";
import { memorySearch, syntheticFacts, timeOnePass as timeMemory } from "../packages/memory/bench/quality.mjs";

const [kind, bundle, size, slices] = process.argv.slice(2);
const module = await import(pathToFileURL(bundle).href);
let runPass;
if (kind === "tools") {
  const catalog = await latencyCatalog(module.ToolCatalog, loadCorpus(), Number(size));
  runPass = (slice) => timeTools(catalog, slice % Number(slices), Number(slices));
} else {
  const search = memorySearch(module, syntheticFacts(Number(size)));
  await search("warm up the index");
  runPass = () => timeMemory(search);
}
process.on("message", async ({ slice }) => {
  const begin = cpuMs(process.pid);
  const times = await runPass(slice);
  process.send({ times, cpu: cpuMs(process.pid) - begin });
});
process.send({ ready: true });
