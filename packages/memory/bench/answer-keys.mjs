// Checks a hand-written memory holdout's answer keys without running any search (shared by
// check-holdout12.mjs to check-holdout17.mjs): every question is asked in a memory that exists,
// every expected key exists and is active once memory_write's load rules
// (explicit supersede links, restated titles) have run through the built module — so a question
// about a current value never names a fact a link or a restatement replaced — no expected fact is
// filler, and every question names its kind and style. Prints the counts per kind and style.
import * as memoryModule from "../dist/index.js";
import { benchMemory } from "./quality.mjs";

const KINDS = ["when", "who", "said", "picked", "current", "before", "day", "what", "howto"];
const STYLES = ["plain", "terse", "rambling", "typo", "nonnative", "paraphrase", "role"];

/** Checks `queries` against `memories` (name, facts, keyOf as quality.mjs builds them); sets the exit code. */
export async function checkAnswerKeys(memoryList, queries) {
  const problems = [];
  const memories = new Map();
  for (const { name, facts, keyOf } of memoryList) {
    const memory = benchMemory(memoryModule, facts);
    const active = new Set((await memory.activeFacts()).map((fact) => keyOf.get(fact.id)));
    memories.set(name, { active, byKey: new Map(facts.map((fact) => [keyOf.get(fact.id), fact])) });
  }
  for (const { memory: name, query, relevant, kind, style } of queries) {
    const fail = (why) => problems.push(`${name}: "${query}": ${why}`);
    if (!KINDS.includes(kind)) fail(`unknown kind ${kind}`);
    if (!STYLES.includes(style)) fail(`unknown style ${style}`);
    const memory = memories.get(name);
    if (!memory) {
      fail("no such memory");
      continue;
    }
    if (relevant.length === 0) fail("no expected fact");
    for (const key of relevant) {
      if (!memory.byKey.has(key)) fail(`${key} does not exist`);
      else if (!memory.active.has(key)) fail(`${key} is not active`);
      else if (key.includes("-filler-")) fail(`${key} is filler, not a hand-written fact`);
    }
  }
  const count = (field) => {
    const counts = new Map();
    for (const question of queries) counts.set(question[field], (counts.get(question[field]) ?? 0) + 1);
    return [...counts].map(([value, n]) => `${value} ${n}`).join(", ");
  };
  console.log(`${queries.length} questions in ${memories.size} memories`);
  for (const [name, { active, byKey }] of memories) {
    const hand = [...byKey.keys()].filter((key) => !key.includes("-filler-"));
    console.log(`  ${name}: ${hand.length} hand-written facts, ${byKey.size - hand.length} filler, ${active.size} active; ${queries.filter((question) => question.memory === name).length} questions`);
  }
  console.log(`  kinds: ${count("kind")}`);
  console.log(`  styles: ${count("style")}`);
  console.log(problems.length === 0 ? "every answer key checks out" : problems.join("\n"));
  process.exitCode = problems.length === 0 ? 0 : 1;
}
