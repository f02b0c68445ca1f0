// Checks memory holdout 11's answer keys without running any search: every expected key exists
// and is active once memory_write's load rules have run (through the built module), a *who did*
// question lists every active fact of its activity, a question about a detail now lists the
// newest active fact of that person's detail, and a question about a plan lists its latest pick.
// Run after `pnpm exec turbo run build`: node packages/memory/bench/check-holdout11.mjs
import { readFileSync } from "node:fs";
import * as memoryModule from "../dist/index.js";
import { benchMemory, holdout11Memories } from "./quality.mjs";

const { queries } = JSON.parse(readFileSync(new URL("./queries-holdout11.json", import.meta.url), "utf8"));
const kindOf = (key) => key.split("-").slice(-2, -1)[0];
const problems = [];
for (const { name, facts, keyOf } of holdout11Memories()) {
  const memory = benchMemory(memoryModule, facts);
  const active = new Set((await memory.activeFacts()).map((fact) => keyOf.get(fact.id)));
  const byKey = new Map(facts.map((fact) => [keyOf.get(fact.id), fact]));
  const activeOf = (kind) => [...active].filter((key) => kindOf(key) === kind).map((key) => [key, byKey.get(key)]);
  for (const { query, relevant } of queries.filter((question) => question.memory === name)) {
    const fail = (why) => problems.push(`${name}: "${query}": ${why}`);
    for (const key of relevant) {
      if (!byKey.has(key)) fail(`${key} does not exist`);
      else if (!active.has(key)) fail(`${key} is not active`);
    }
    const [first] = relevant;
    const fact = byKey.get(first);
    if (!fact) continue;
    if (/^who\b/i.test(query) && kindOf(first) === "did") {
      const object = fact.title.replace(/^\S+ (and )?/, "").replace(/^(\S+ ){0,2}?(the|a|an|cakes|counsel|flapjacks|money) /, "$2 ");
      const same = activeOf("did").filter(([, other]) => other.title.endsWith(object)).map(([key]) => key);
      const missing = same.filter((key) => !relevant.includes(key));
      if (missing.length > 0) fail(`also did it: ${missing.join(", ")}`);
    }
    if (kindOf(first) === "detail" && /\b(now|these days|nowadays|currently|at the moment)\b/i.test(query)) {
      const person = fact.title.split(/[:']/)[0];
      const tag = fact.tags[0];
      const newer = activeOf("detail").filter(([, other]) => other.title.startsWith(person) && other.tags[0] === tag && other.created > fact.created);
      if (newer.length > 0) fail(`newer detail: ${newer.map(([key]) => key).join(", ")}`);
    }
    if (kindOf(first) === "pick") {
      const event = fact.title.replace(/ (agreed|changed)$/, "");
      const later = activeOf("pick").filter(([, other]) => other.title.startsWith(event) && other.created > fact.created);
      if (later.length > 0) fail(`later pick: ${later.map(([key]) => key).join(", ")}`);
    }
  }
}
const kinds = new Map();
for (const { memory, query, relevant } of queries) {
  const kind = `${memory} ${/^(when|who|what|which|where|how)\b/i.test(query) ? query.split(" ")[0].toLowerCase() : "other"} ${kindOf(relevant[0])}`;
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}
console.log(`${queries.length} questions`);
for (const [kind, count] of [...kinds].sort()) console.log(`  ${kind}: ${count}`);
console.log(problems.length === 0 ? "every answer key checks out" : problems.join("\n"));
process.exitCode = problems.length === 0 ? 0 : 1;
