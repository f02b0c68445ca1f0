// Quick look at every memory DEV set while tuning: top-1 and hit@5 counts per set, one line each,
// and each question's rank saved to a file so two runs (before and after a change) can be
// compared question by question. Memory holdouts 13 and 14 are dev sets (13 from session 26's
// rounds on, 14 from session 27's: its last headline figure was 58.1% top-1 on e4e7961), and 15
// and 16 from session 34's (16's last headline figure: 52.5% top-1 on cac91ca), 17 from session 38's
// (its last headline figure: 68.1% top-1 on 9acebcf); memory holdout 18 (written blind in session 38
// by another author, the headline) is never scored here: it is left out of the list
// (bench/dev-set-list.mjs) on purpose, and its questions are not read here.
// Run after `pnpm exec turbo run build`:
//   node packages/memory/bench/dev-sets.mjs [--save ranks.json] [--compare ranks.json] [--misses holdout12 [--steps]]
// --steps keeps only the misses where the fact that won is on the right fact's thread (a word
// outside the question held by 2–20 of the memory's facts, both saved within 120 days) and says
// which step won: the earlier one (a plan, a suggestion, the first report) or a later one.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { devSets } from "./dev-set-list.mjs";
import { answerPosition, memorySearch } from "./quality.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const argument = (name) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const module = await import(pathToFileURL(argument("--build") ?? path.join(here, "../dist/index.js")).href);

const SETS = devSets();

const ranks = {};
const missesOf = argument("--misses");
const stepsOnly = process.argv.includes("--steps");

/** How many of `facts` hold each word (the package's own analyser), for --steps. */
function holdersOfWords(facts) {
  const holders = new Map();
  for (const fact of facts) for (const term of new Set(module.tokenize(`${fact.title} ${fact.body}`))) holders.set(term, (holders.get(term) ?? 0) + 1);
  return holders;
}

/** "earlier"/"later" when `winner` is on `right`'s thread (see the header), with the words tying them; else undefined. */
function stepOf(winner, right, query, holders) {
  const asked = new Set(module.tokenize(query));
  const rare = (fact) => new Set(module.tokenize(`${fact.title} ${fact.body}`).filter((term) => !asked.has(term) && !/^\d/.test(term) && (holders.get(term) ?? 0) >= 2 && (holders.get(term) ?? 0) <= 20));
  const days = (Date.parse(winner.created) - Date.parse(right.created)) / 86_400_000;
  const rightRare = rare(right);
  const shared = [...rare(winner)].filter((term) => rightRare.has(term));
  if (shared.length === 0 || Math.abs(days) > 120 || days === 0) return undefined;
  return `${days < 0 ? "earlier" : "later"} step won (${Math.abs(Math.round(days))} days; ${shared.join(", ")})`;
}
let totalTop1 = 0, totalQuestions = 0;
for (const [set, questions, memories] of SETS) {
  let top1 = 0, hit5 = 0;
  ranks[set] = [];
  for (const { name, facts, keyOf } of memories) {
    const asked = questions.filter((question) => question.memory === name);
    if (asked.length === 0) continue;
    const search = memorySearch(module, facts);
    const byId = new Map(facts.map((fact) => [fact.id, fact]));
    const holders = stepsOnly ? holdersOfWords(facts) : undefined;
    for (const { query, relevant } of asked) {
      const ids = await search(query);
      const rank = answerPosition(ids, keyOf, relevant);
      ranks[set].push({ query, rank });
      if (rank === 0) top1 += 1;
      if (rank >= 0 && rank < 5) hit5 += 1;
      if (missesOf === set && rank !== 0) {
        const rightFacts = relevant.map((key) => [...keyOf].find(([, each]) => each === key)?.[0]).filter(Boolean).map((id) => byId.get(id));
        const step = stepsOnly ? rightFacts.map((right) => stepOf(byId.get(ids[0]), right, query, holders)).find(Boolean) : "";
        if (step === undefined) continue;
        if (step) console.log(`\n${step}`);
        const show = (id) => `${keyOf.get(id)} ${byId.get(id).created.slice(0, 10)} | ${byId.get(id).title} | ${byId.get(id).body}`;
        console.log(`\n? ${query}   (right at ${rank < 0 ? "–" : rank + 1})`);
        for (const key of relevant) {
          const id = [...keyOf].find(([, each]) => each === key)?.[0];
          if (id) console.log(`  want ${show(id)}`);
        }
        for (const id of ids.slice(0, 3)) console.log(`  got  ${show(id)}`);
      }
    }
  }
  totalTop1 += top1;
  totalQuestions += questions.length;
  console.log(`${set.padEnd(18)} top-1 ${String(top1).padStart(4)} / ${String(questions.length).padEnd(4)} hit@5 ${hit5}`);
}
console.log(`${"all".padEnd(18)} top-1 ${String(totalTop1).padStart(4)} / ${totalQuestions}`);

const saveTo = argument("--save");
if (saveTo) writeFileSync(saveTo, JSON.stringify(ranks));
const compareWith = argument("--compare");
if (compareWith) {
  const earlier = JSON.parse(readFileSync(compareWith, "utf8"));
  for (const [set, list] of Object.entries(ranks)) {
    list.forEach(({ query, rank }, at) => {
      const before = earlier[set]?.[at]?.rank;
      if (before === undefined || (before === 0) === (rank === 0)) return;
      console.log(`${rank === 0 ? "UP  " : "DOWN"} ${set}: ${query} (${before + 1} → ${rank + 1})`);
    });
  }
}
