// The recall index (src/recall/): the prompt-recall hook's read-only path must give exactly
// memory_search's hits (ids, scores, blocks) for the same query, and answer only when it can
// prove that: a changed facts folder, a fact file edited in place, an expired fact, a changed
// runbook, a damaged or forged file (CRC recomputed) all make it decline with a reason, so the
// hook runs the full engine instead. The file is untrusted input: lying sizes are refused.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MarkdownFactStore, serializeFact } from "../src/index";
import type { Fact } from "../src/index";
import { recallFromIndex } from "../src/recall";
import { makeTempRoot } from "./__fixtures__/temp-root";
import { MEMORY_SETS, labelledFacts, syntheticFacts } from "../bench/quality.mjs";

let root = "";
let cleanup = () => {};
let memory: FoundryMemory;
const questions: string[] = MEMORY_SETS.flatMap(([, , list]) => list.map((question) => question.query));
/** Questions (each at two limits) per test of the shared project: ~0.5 s of CPU. */
const QUESTIONS_PER_TEST = 25;
const LATER = 10_000; // past the racy window, so the index is saved at once

function seed(facts: Fact[]): void {
  mkdirSync(path.join(root, ".foundry/memory/facts"), { recursive: true });
  for (const fact of facts) writeFileSync(path.join(root, `.foundry/memory/facts/${fact.id}.md`), serializeFact(fact));
}

function openMemory(): FoundryMemory {
  return new FoundryMemory({ root, driver: new MarkdownFactStore({ root, watch: "off" }), now: () => new Date(Date.now() + LATER) });
}

const recallFile = () => path.join(root, ".foundry/cache/recall-index.bin");

/** The recall file with `from` replaced by `to` (same length) in its body and the CRC-32 recomputed: a forgery. */
function forge(from: string, to: string): void {
  const bytes = readFileSync(recallFile());
  const newline = bytes.indexOf(10);
  const header = JSON.parse(bytes.toString("utf8", 0, newline)) as { crc32: number };
  const body = Buffer.from(bytes.subarray(newline + 1).toString("latin1").replace(from, to), "latin1");
  const line = JSON.stringify({ ...header, crc32: crc32(body) });
  writeFileSync(recallFile(), Buffer.concat([Buffer.from(`${line.padEnd(newline)}\n`), body]));
}

/** A project of the labelled facts, 600 synthetic ones, an expiring fact and a runbook, with its recall index saved. */
async function setUpProject(): Promise<void> {
  ({ root, cleanup } = makeTempRoot());
  const { facts } = labelledFacts();
  const extra = syntheticFacts(600).map((fact, at) => ({ ...fact, id: `fact-${String(facts.length + at + 1).padStart(4, "0")}` }));
  const expiring: Fact = { id: "fact-9000", type: "risk", title: "Legacy billing export ends", body: "Why: the vendor retires it.\nHow to apply: move exports to the new API.", scope: "project", tags: ["billing"], confidence: "medium", source: "code", created: "2026-01-01T00:00:00Z", expires: "2990-01-01" };
  seed([...facts, ...extra, expiring]);
  mkdirSync(path.join(root, ".foundry/runbooks"), { recursive: true });
  writeFileSync(path.join(root, ".foundry/runbooks/deploy.md"), "---\ntitle: Deploy\ntrigger: deploying to production\n---\n# Deploy\n");
  memory = openMemory();
  expect(await memory.saveRecallIndex()).toBe(true);
}

async function tearDownProject(): Promise<void> {
  await memory.close();
  cleanup();
}

// Read-only tests share one project. The ~290 questions at two limits, each asked of the full engine
// and of the recall index (~10 ms of CPU a question and limit), were one test of 21–27 s on a loaded
// machine against the 30 s timeout; now each test asks at most QUESTIONS_PER_TEST of them. (Most of a
// full search's CPU here is the store's check of all 761 fact files, `watch: "off"`; a watch would be
// cheaper, but its self-test probe file changes the facts folder, and the recall index then rightly
// declines.)
describe("recall index, over every public memory question", () => {
  beforeAll(setUpProject);
  afterAll(tearDownProject);

  it("has the public memory questions to ask", () => {
    expect(questions.length).toBeGreaterThan(50);
  });

  for (const [name, , list] of MEMORY_SETS) {
    for (let first = 0; first < list.length; first += QUESTIONS_PER_TEST) {
      const asked: { query: string }[] = list.slice(first, first + QUESTIONS_PER_TEST);
      it(`gives memory_search's hits, scores and blocks at limits 3 and 8 for ${name} questions ${first + 1}–${first + asked.length} of ${list.length}`, async () => {
        for (const limit of [3, 8]) {
          for (const { query } of asked) {
            const full = await memory.search({ query, limit });
            const fast = recallFromIndex(root, query, limit);
            expect(fast.ok ? "ok" : fast.reason, query).toBe("ok");
            if (!fast.ok) continue;
            expect(fast.hits, query).toEqual(full.hits.map((hit) => ({ id: hit.fact.id, score: hit.score, text: hit.text })));
            expect(fast.activeFacts).toBe(full.activeFacts);
          }
        }
      });
    }
  }

  it("gives the runbooks whose trigger the question matches", () => {
    expect(recallFromIndex(root, "deploying", 3)).toMatchObject({ ok: true, runbooks: [{ slug: "deploy", title: "Deploy", trigger: "deploying to production" }] });
  });
});

// These change the project (files added, edited, forged, damaged): each gets its own.
describe("recall index", () => {
  beforeEach(setUpProject);
  afterEach(tearDownProject);

  it("declines once a fact file is added, until a full load saves it again", async () => {
    seed([{ id: "fact-9999", type: "decision", title: "Flyway migrations run at deploy", body: "Why: x.\nHow to apply: y.", scope: "project", tags: [], confidence: "high", source: "code", created: "2026-01-01T00:00:00Z" }]);
    expect(recallFromIndex(root, "flyway", 3)).toEqual({ ok: false, reason: "the facts folder changed since the recall index was saved" });
    const fresh = openMemory();
    expect(await fresh.saveRecallIndex()).toBe(true);
    await fresh.close();
    const hits = recallFromIndex(root, "flyway deploy", 3);
    expect(hits.ok && hits.hits.map((hit) => hit.id)).toContain("fact-9999");
  });

  it("declines when a shown fact's file was edited in place, and shows nothing from the cache", () => {
    const ranked = recallFromIndex(root, "flyway liquibase", 1);
    if (!ranked.ok) throw new Error(ranked.reason);
    const id = ranked.hits[0]?.id as string;
    const file = path.join(root, `.foundry/memory/facts/${id}.md`);
    writeFileSync(file, readFileSync(file, "utf8").replace("Flyway", "Flywex")); // in place: the folder's stat is unchanged
    expect(recallFromIndex(root, "flyway liquibase", 1)).toEqual({ ok: false, reason: `${id} differs from its file or needs the full parser` });
  });

  it("shows only what the fact files say when the index is forged (CRC-32 recomputed)", () => {
    const honest = recallFromIndex(root, "flyway liquibase persistence", 3);
    if (!honest.ok) throw new Error(honest.reason);
    const [first, second] = honest.hits.map((hit) => hit.id) as [string, string];
    // The forgery points the best hit's position at another fact's file: that file is not the fact indexed there.
    forge(`"${first}"`, `"${second}"`);
    expect(recallFromIndex(root, "flyway liquibase persistence", 3)).toEqual({ ok: false, reason: `${second} differs from its file or needs the full parser` });
  });

  it("declines a damaged file, lying section sizes, an expired fact and a changed runbook", () => {
    const pristine = readFileSync(recallFile());
    const damaged = Buffer.from(pristine);
    damaged.writeUInt8((damaged.at(-3) as number) ^ 0xff, damaged.length - 3);
    writeFileSync(recallFile(), damaged);
    expect(recallFromIndex(root, "flyway", 3)).toEqual({ ok: false, reason: "no usable recall index" });
    writeFileSync(recallFile(), pristine.subarray(0, pristine.length - 8));
    expect(recallFromIndex(root, "flyway", 3)).toEqual({ ok: false, reason: "no usable recall index" });
    const newline = pristine.indexOf(10);
    const header = JSON.parse(pristine.toString("utf8", 0, newline)) as { sections: number[] };
    const lying = JSON.stringify({ ...header, sections: header.sections.map((size, at) => (at === 2 ? size + 8 : at === 3 ? size - 8 : size)) });
    writeFileSync(recallFile(), Buffer.concat([Buffer.from(`${lying.padEnd(newline)}\n`), pristine.subarray(newline + 1)]));
    expect(recallFromIndex(root, "flyway", 3)).toEqual({ ok: false, reason: "no usable recall index" });
    writeFileSync(recallFile(), pristine);
    expect(recallFromIndex(root, "flyway", 3, new Date("2999-01-01T00:00:00Z"))).toEqual({ ok: false, reason: "an indexed fact has expired since" });
    writeFileSync(path.join(root, ".foundry/runbooks/deploy.md"), "---\ntitle: Deploy\ntrigger: shipping\n---\n# Deploy\n");
    expect(recallFromIndex(root, "flyway", 3)).toEqual({ ok: false, reason: "the runbooks changed since the recall index was saved" });
  });

  it("is not saved while the facts folder changed within the racy window", async () => {
    const now = new Date();
    const current = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, watch: "off" }), now: () => now });
    seed([{ id: "fact-9998", type: "convention", title: "Tabs", body: "Use tabs.", scope: "project", tags: [], confidence: "low", source: "code", created: "2026-01-01T00:00:00Z" }]);
    expect(await current.saveRecallIndex()).toBe(false);
    await current.close();
  });
});
