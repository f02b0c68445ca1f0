// What the bound of learned requests costs a `learn` (decision 0057): 25,000 distinct requests
// learned over 100 tenants into the 419-tool corpus at the default bounds (20,000 in all, 5,000
// per tenant), so the last 5,000 learns each find the catalog over `maxTotal` and prune. Two
// shapes: every tenant in turn (each ends at the same share), and five busy tenants teaching 90%
// of the requests beside 95 quiet ones. Prints one markdown section: µs per learn under the bound
// (the floor: no cut) and past it, medians of 5 runs, and what each tenant kept. Run by
// bench/run.mjs (`pnpm bench tool-catalog`) after its own section, or alone: `node
// bench/learned-bound.mjs` after `pnpm build`. Imports the BUILT package.
import { performance } from "node:perf_hooks";
import { ToolCatalog } from "../dist/index.js";
import { fillCatalog, loadCorpus } from "./corpus.mjs";

const entries = loadCorpus();
if (entries === undefined) {
  console.log("Corpus not found; skipped.");
  process.exit(0);
}
const LEARNS = 25_000;
const TENANTS = 100;
const RUNS = 5;

const shapes = {
  "every tenant in turn": (n) => `tenant-${n % TENANTS}`,
  // Of every 20 requests, 18 go to the five busy tenants and 2 to the 95 quiet ones in turn.
  "5 busy tenants, 95 quiet": (n) => (n % 20 < 18 ? `busy-${n % 5}` : `quiet-${Math.floor(n / 20) % 95}`),
};

function run(tenantOf) {
  const catalog = new ToolCatalog({ search: { learning: { refreshMs: 3_600_000 } } });
  const tools = [...fillCatalog(catalog, entries).keys()];
  const requests = Array.from({ length: LEARNS }, (_, n) => `find request ${n} words ${n % 97}`);
  const bound = 20_000;
  const started = performance.now();
  for (let n = 0; n < bound; n += 1) catalog.learn(requests[n], tools[n % tools.length], tenantOf(n));
  const underBound = performance.now();
  for (let n = bound; n < LEARNS; n += 1) catalog.learn(requests[n], tools[n % tools.length], tenantOf(n));
  const pastBound = performance.now();
  const kept = new Map();
  for (const { tenant } of catalog.learnedRequests()) kept.set(tenant, (kept.get(tenant) ?? 0) + 1);
  return { under: ((underBound - started) * 1000) / bound, past: ((pastBound - underBound) * 1000) / (LEARNS - bound), kept };
}

const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
// Fewest–most kept by the tenants whose names start with `prefix`.
const range = (kept, prefix) => {
  const counts = [...kept].filter(([tenant]) => tenant.startsWith(prefix)).map(([, count]) => count);
  return counts.length === 0 ? "none" : `${counts.length} tenants, ${Math.min(...counts)}–${Math.max(...counts)}`;
};
console.log("## Tool catalog: learning past the bound of learned requests");
console.log("");
console.log(
  `${LEARNS.toLocaleString("en-US")} distinct requests learned into the ${entries.length}-tool corpus over ${TENANTS} tenants at the default bounds (20,000 in all): the first 20,000 fit (the floor: a learn that cuts nothing), each of the last 5,000 finds the catalog full and cuts by fair shares (decision 0057). µs per learn, medians of ${RUNS} runs in this process; kept = each tenant's requests after the last learn.`,
);
console.log("");
console.log(`| shape | µs per learn, first 20,000 (floor) | µs per learn, last 5,000 (over the bound) | past ÷ floor | kept |`);
console.log(`| --- | --- | --- | --- | --- |`);
for (const [name, tenantOf] of Object.entries(shapes)) {
  const runs = Array.from({ length: RUNS }, () => run(tenantOf));
  const { kept } = runs[0];
  const total = [...kept.values()].reduce((sum, count) => sum + count, 0);
  const shares = ["tenant-", "busy-", "quiet-"].map((prefix) => `${prefix}*: ${range(kept, prefix)}`).filter((text) => !text.endsWith("none"));
  const under = median(runs.map((run) => run.under));
  const past = median(runs.map((run) => run.past));
  console.log(`| ${name} | ${under.toFixed(2)} | ${past.toFixed(2)} | ${(past / under).toFixed(1)}× | ${total} in all; ${shares.join("; ")} |`);
}
