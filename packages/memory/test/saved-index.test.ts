// The saved index (.foundry/cache/memory-index.json): a fresh store restores it and reads no
// fact file that is unchanged, re-reads the ones that changed, and ignores a saved index that
// is damaged, of another version or malformed, rebuilding it from the fact files.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MarkdownFactStore, serializeFact } from "../src/index";
import type { Fact } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";

let root = "";
let cleanup = () => {};
let saved = "";
beforeEach(() => {
  ({ root, cleanup } = makeTempRoot());
  saved = path.join(root, ".foundry/cache/memory-index.json");
});
afterEach(() => cleanup());

function fact(n: number, word: string): Fact {
  const id = `fact-${String(n).padStart(4, "0")}`;
  return { id, type: "domain", title: `Area ${id} ${word}`, body: `The ${word} rule holds.`, scope: "project", tags: [], confidence: "medium", source: "code", created: "2026-01-01T00:00:00Z" };
}

/** Seeds 60 fact files old enough (ctime) to be saved: racyWindowMs -Infinity trusts them. */
function seed(): void {
  const facts = path.join(root, ".foundry/memory/facts");
  mkdirSync(facts, { recursive: true });
  for (let n = 1; n <= 60; n++) writeFileSync(path.join(facts, `fact-${String(n).padStart(4, "0")}.md`), serializeFact(fact(n, `word${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}`)));
}

async function open(): Promise<{ memory: FoundryMemory; driver: MarkdownFactStore }> {
  const driver = new MarkdownFactStore({ root, racyWindowMs: Number.NEGATIVE_INFINITY });
  return { memory: new FoundryMemory({ root, driver }), driver };
}

async function waitForSave(previous?: string): Promise<string> {
  // The save runs just after the answer; poll for it with a bound instead of sleeping.
  for (let tries = 0; tries < 500; tries++) {
    if (existsSync(saved)) {
      const text = readFileSync(saved, "utf8");
      if (text !== previous) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the saved index was not written");
}

describe("saved index", () => {
  it("a fresh store restores it and reads no unchanged file; a changed file is re-read", async () => {
    seed();
    const first = await open();
    expect((await first.memory.search({ query: "wordba" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0001"]);
    const text = await waitForSave();
    expect(text.split("\n")[0]).toMatch(/^\{"format":"foundry-memory-index","version":3,/);
    expect(readFileSync(path.join(root, ".foundry/.gitignore"), "utf8")).toContain("cache/\n");
    first.memory.close();

    writeFileSync(path.join(root, ".foundry/memory/facts/fact-0002.md"), serializeFact(fact(2, "changedword")));
    const second = await open();
    expect((await second.memory.search({ query: "changedword" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0002"]);
    expect((await second.memory.search({ query: "wordab" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0026"]);
    expect(second.driver.freshness()).toMatchObject({ restored: true, filesRead: 1 });
    second.memory.close();
  });

  it("keeps the search index itself, and a restored one answers like a fresh build after files changed, came and went", async () => {
    seed();
    const first = await open();
    await first.memory.search({ query: "wordba" });
    const text = await waitForSave();
    expect(text).toContain('"postings":{"ids":["fact-0001",');
    first.memory.close();
    const facts = path.join(root, ".foundry/memory/facts");
    writeFileSync(path.join(facts, "fact-0003.md"), serializeFact(fact(3, "wordba renamed")));
    rmSync(path.join(facts, "fact-0004.md"));
    writeFileSync(path.join(facts, "fact-0061.md"), serializeFact(fact(61, "wordba newcomer")));
    const restored = await open();
    const fresh = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, savedIndex: false }) });
    for (const query of ["wordba", "renamed", "newcomer", "worddb", "area rule", "wordea fact-0004"]) {
      const [got, want] = [await restored.memory.search({ query }), await fresh.search({ query })];
      expect(got.hits.map((hit) => [hit.fact.id, hit.score.toFixed(9)])).toEqual(want.hits.map((hit) => [hit.fact.id, hit.score.toFixed(9)]));
    }
    expect(restored.driver.freshness()).toMatchObject({ restored: true, filesRead: 2 });
    restored.memory.close();
    fresh.close();
  });

  it("restores every field as parsed (unicode bodies, optional fields, problems), and a restored store saves it again intact", async () => {
    seed();
    const facts = path.join(root, ".foundry/memory/facts");
    const special: Fact = { ...fact(61, "wordzz"), body: "Naïve café — 💡 \"quoted\" \\ back\nsecond line", tags: ["ünï", "b"], expires: "2999-01-01", supersedes: "fact-0060", source: "external:https://example.com/x" };
    writeFileSync(path.join(facts, "fact-0061.md"), serializeFact(special));
    writeFileSync(path.join(facts, "fact-0060.md"), serializeFact({ ...fact(60, "wordyy"), supersededBy: "fact-0061" }));
    writeFileSync(path.join(facts, "fact-0062.md"), "---\nnot: [closed\n---\n");
    const reference = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, cache: false }) });
    const want = await reference.search({ query: "naive cafe quoted wordzz" });
    const first = await open();
    await first.memory.search({ query: "wordba" });
    await waitForSave();
    first.memory.close();
    // Generation 2 restores, changes more than the save threshold, and saves again; generation 3 restores that.
    const second = await open();
    await second.memory.search({ query: "wordba" });
    for (let n = 1; n <= 40; n++) writeFileSync(path.join(facts, `fact-${String(n).padStart(4, "0")}.md`), serializeFact(fact(n, `renewed${n}`)));
    const before = readFileSync(saved, "utf8");
    await second.memory.search({ query: "renewed7" });
    await waitForSave(before);
    second.memory.close();
    const third = await open();
    const got = await third.memory.search({ query: "naive cafe quoted wordzz" });
    expect(third.driver.freshness()).toMatchObject({ restored: true, filesRead: 0 });
    expect(got.hits.map((hit) => [hit.fact, hit.score.toFixed(9)])).toEqual(want.hits.map((hit) => [hit.fact, hit.score.toFixed(9)]));
    expect(got.hits[0]?.fact).toEqual(special);
    expect((await third.memory.search({ query: "renewed7" })).hits[0]?.fact.id).toBe("fact-0007");
    expect((await third.memory.problems()).map((problem) => problem.location)).toEqual([".foundry/memory/facts/fact-0062.md"]);
    expect(await third.memory.tokenFigures()).toEqual(await reference.tokenFigures());
    third.memory.close();
    reference.close();
  });

  const damages: Array<[string, (text: string) => string]> = [
    ["truncated", (text) => text.slice(0, Math.floor(text.length / 2))],
    ["one byte changed", (text) => text.replace("The worddb rule", "The wordxx rule")],
    ["another format version", (text) => text.replace('"version":3', '"version":999')],
    ["another tokenizer", (text) => text.replace(/"tokenizer":"[0-9a-f]+"/, '"tokenizer":"0000000000000000"')],
    ["not JSON at all", () => "garbage\n{{{"],
  ];
  for (const [damage, change] of damages) {
    it(`a saved index that is ${damage} is ignored and rebuilt`, async () => {
      seed();
      const first = await open();
      await first.memory.search({ query: "wordba" });
      const text = await waitForSave();
      first.memory.close();
      writeFileSync(saved, change(text));
      const second = await open();
      expect((await second.memory.search({ query: "worddb" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0029"]);
      expect(second.driver.freshness()).toMatchObject({ restored: false, filesRead: 60 });
      const rebuilt = await waitForSave(change(text));
      expect(rebuilt.split("\n")[0]).toContain('"version":3');
      second.memory.close();
      const third = await open();
      await third.memory.search({ query: "worddb" });
      expect(third.driver.freshness()).toMatchObject({ restored: true, filesRead: 0 });
      third.memory.close();
    });
  }
});
