// foundry-core's context hooks (issue #30), run as Claude Code runs them: the built plugin's
// bundles as processes, the event JSON on stdin, on projects of 200, 1,000 and 10,000 fact files.
// 1. Tokens at session start and per prompt, beside Claude Code's native MEMORY.md holding every
//    fact as a line and loaded eagerly (its first 200 lines / 25 KB).
// 2. Share of the public memory question sets whose needed fact is in context after SessionStart +
//    UserPromptSubmit, before any tool call, beside plain BM25's top 3 and MEMORY.md's loaded part.
// 3. Hook wall time (p50/p95, process start included) at 10,000 facts, interleaved with `node -e ""`
//    as the floor; the target is UserPromptSubmit <= 2x the floor.
// HOOKS_BENCH_SIZES=200,1000 and HOOKS_BENCH_RUNS=5 make a quick look. Prints one markdown section.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serializeFact } from "../packages/memory/dist/index.js";
import { estimateTokens } from "../packages/tokens/dist/index.js";
import { MEMORY_SETS, labelledFacts, plainSearch, syntheticFacts } from "../packages/memory/bench/quality.mjs";
import { fixed, percentile, table } from "../tooling/bench-measure.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const hooks = path.join(root, "apps/foundry-server/dist/plugin/foundry-core/hooks");
const SIZES = (process.env.HOOKS_BENCH_SIZES ?? "200,1000,10000").split(",").map(Number);
const RUNS = Number(process.env.HOOKS_BENCH_RUNS ?? 30);
// Claude Code loads MEMORY.md's first 200 lines, at most 25 KB.
const MEMORY_MD_LINES = 200;
const MEMORY_MD_BYTES = 25 * 1024;

/** The labelled facts (ids fact-0001…), then synthetic ones up to `size`. */
function factsOf(size) {
  const { facts, keyOf } = labelledFacts();
  const extra = syntheticFacts(Math.max(0, size - facts.length)).map((fact, at) => ({ ...fact, id: `fact-${String(facts.length + at + 1).padStart(4, "0")}` }));
  return { facts: [...facts, ...extra].slice(0, size), keyOf };
}

function seed(facts) {
  const project = mkdtempSync(path.join(os.tmpdir(), "bench-hooks-"));
  const folder = path.join(project, ".foundry/memory/facts");
  mkdirSync(folder, { recursive: true });
  for (const fact of facts) writeFileSync(path.join(folder, `${fact.id}.md`), serializeFact(fact));
  return project;
}

/** Runs one hook bundle; returns its additional context (or stdout) and its wall time. */
function runHook(name, project, input) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(hooks, `${name}.mjs`)], { input: JSON.stringify({ session_id: "bench", cwd: project, ...input }), encoding: "utf8", env: { PATH: process.env.PATH, CLAUDE_PROJECT_DIR: project } });
  const ms = performance.now() - started;
  if (result.status !== 0 || result.stderr) throw new Error(`${name} failed: ${result.stderr}`);
  const text = result.stdout ? (JSON.parse(result.stdout).hookSpecificOutput?.additionalContext ?? result.stdout) : "";
  return { text, ms };
}

function floorMs() {
  const started = performance.now();
  spawnSync(process.execPath, ["-e", ""]);
  return performance.now() - started;
}

/**
 * MEMORY.md as Claude Code's auto memory keeps facts, one line each, and the part it loads. The
 * lines are in a fixed shuffled order: the labelled facts come first in the fact files, and a
 * MEMORY.md written over months would not put the facts the questions need on its first screen.
 */
function memoryMd(active) {
  let state = 11;
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const order = active.map((fact) => [next(), fact]).sort((a, b) => a[0] - b[0]).map(([, fact]) => fact);
  const lines = ["# Memory", "", ...order.map((fact) => `- ${fact.title}: ${fact.body.replace(/\s+/g, " ")}`)];
  let loaded = lines.slice(0, MEMORY_MD_LINES).join("\n");
  if (Buffer.byteLength(loaded) > MEMORY_MD_BYTES) loaded = Buffer.from(loaded).subarray(0, MEMORY_MD_BYTES).toString("utf8");
  return { all: lines.join("\n"), loaded };
}

const today = new Date().toISOString().slice(0, 10);
const activeOf = (facts) => facts.filter((fact) => !fact.supersededBy && !(fact.expires && fact.expires < today));
const questions = MEMORY_SETS.flatMap(([set, , list]) => list.map((question) => ({ set, ...question })));

const tokenRows = [];
const shareRows = [];
let timing;
for (const size of SIZES) {
  const { facts, keyOf } = factsOf(size);
  const active = activeOf(facts);
  const project = seed(facts);
  try {
    // As in a real project, the facts were written before the session: SessionStart saves the
    // recall index only once the facts folder is older than the racy window (2 s; memory's
    // settled-stat), so a session started right after seeding would measure the fallback path.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const start = runHook("session-start", project, { hook_event_name: "SessionStart", source: "startup" });
    const plain = plainSearch(facts);
    const { all, loaded } = memoryMd(active);
    const byId = new Map(facts.map((fact) => [fact.id, fact]));
    let promptTokens = 0;
    const inContext = { hooks: 0, plain: 0, memoryMd: 0 };
    for (const question of questions) {
      const recall = runHook("prompt-recall", project, { hook_event_name: "UserPromptSubmit", prompt: question.query });
      promptTokens += estimateTokens(recall.text);
      const relevant = question.relevant.map((key) => [...keyOf].find(([, value]) => value === key)?.[0]).filter(Boolean).map((id) => byId.get(id));
      // In context: the fact's title is in the session's index, or its id in the prompt's recall.
      if (relevant.some((fact) => start.text.includes(`- ${fact.title}`) || recall.text.includes(`### ${fact.id} `))) inContext.hooks += 1;
      if ((await plain(question.query)).slice(0, 3).some((id) => relevant.some((fact) => fact.id === id))) inContext.plain += 1;
      if (relevant.some((fact) => loaded.includes(`- ${fact.title}:`))) inContext.memoryMd += 1;
    }
    const share = (count) => `${((count / questions.length) * 100).toFixed(1)}%`;
    tokenRows.push([size.toLocaleString("en-US"), estimateTokens(start.text), fixed(promptTokens / questions.length, 0), estimateTokens(loaded), estimateTokens(all)]);
    shareRows.push([size.toLocaleString("en-US"), share(inContext.hooks), share(inContext.plain), share(inContext.memoryMd)]);
    if (size === 10_000 || size === Math.max(...SIZES)) {
      const times = { floor: [], prompt: [], start: [] };
      const prompts = questions.map((question) => question.query);
      for (let run = 0; run < RUNS; run += 1) {
        times.floor.push(floorMs());
        times.prompt.push(runHook("prompt-recall", project, { hook_event_name: "UserPromptSubmit", prompt: prompts[run % prompts.length] }).ms);
        times.start.push(runHook("session-start", project, { hook_event_name: "SessionStart", source: "resume" }).ms);
      }
      timing = { size, times };
    }
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

const out = [];
out.push("## foundry-core context hooks (SessionStart, UserPromptSubmit)", "");
out.push("The built plugin's hook bundles run as Claude Code runs them (a process per event, the event JSON on stdin) on projects of fact files made from the labelled memory facts plus synthetic ones. MEMORY.md is Claude Code's native memory holding every fact as one line (in a fixed shuffled order), of which it loads the first 200 lines / 25 KB into every session. Before timing, one hook run saves the memory index for cold starts (.foundry/cache/), as the first run in a project does.", "");
out.push(table(["facts", "SessionStart tokens", "UserPromptSubmit tokens (mean per prompt)", "MEMORY.md loaded (200 lines / 25 KB)", "MEMORY.md holding every fact"], tokenRows), "");
out.push(`Share of the public memory questions (${questions.length}: ${MEMORY_SETS.map(([set, , list]) => `${set} ${list.length}`).join(", ")}) whose needed fact is in context before any tool call:`, "");
out.push(table(["facts", "after SessionStart + UserPromptSubmit", "plain BM25, top 3", "MEMORY.md loaded part"], shareRows), "");
if (timing) {
  const row = (label, values) => [label, fixed(percentile(values, 50)), fixed(percentile(values, 95)), fixed(percentile(values, 50) / percentile(timing.times.floor, 50), 2)];
  out.push(`Hook wall time at ${timing.size.toLocaleString("en-US")} facts, process start included, ${RUNS} runs interleaved with the floor (target: UserPromptSubmit <= 2x the floor):`, "");
  out.push(table(["process", "p50 ms", "p95 ms", "p50 / floor"], [row('node -e "" (floor)', timing.times.floor), row("UserPromptSubmit", timing.times.prompt), row("SessionStart", timing.times.start)]));
}
console.log(out.join("\n"));
