// The saved index (.foundry/cache/memory-index.json): a fresh store restores it and reads no
// fact file that is unchanged, re-reads the ones that changed, and ignores a saved index that
// is damaged, of another version or malformed, rebuilding it from the fact files.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FoundryMemory, InMemoryFactStore, MarkdownFactStore, SavedIndex, serializeFact, withSavedIndex } from "../src/index";
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

async function open(workerListingMinBytes?: number): Promise<{ memory: FoundryMemory; driver: MarkdownFactStore }> {
  const driver = new MarkdownFactStore({ root, racyWindowMs: Number.NEGATIVE_INFINITY, ...(workerListingMinBytes !== undefined ? { workerListingMinBytes } : {}) });
  return { memory: new FoundryMemory({ root, driver }), driver };
}

/** The saved index once it is written (and differs from `previous`): the save runs just after the answer. */
async function waitForSave(previous?: string): Promise<string> {
  // vitest's wait on the condition, bounded by time (the project's poll timeout) rather than a try count.
  return vi.waitFor(
    () => {
      const text = existsSync(saved) ? readFileSync(saved, "utf8") : undefined;
      if (text === undefined || text === previous) throw new Error("the saved index was not written");
      return text;
    },
    { timeout: 15_000, interval: 10 },
  );
}

/** Seeds the facts and lets a first store save its index. */
async function primeSavedIndex(): Promise<void> {
  seed();
  const first = await open();
  await first.memory.search({ query: "wordba" });
  await waitForSave();
  await first.memory.close();
}

describe("saved index", () => {
  // A closed memory writes nothing more into .foundry/: its owner may be removing the folder (a
  // save begun after close made a test's temp-folder removal fail with ENOTEMPTY).
  it("a save due when the memory is closed is written before close() resolves (a hook closes right after its answer)", async () => {
    seed();
    const closed = await open();
    await closed.memory.search({ query: "wordba" });
    expect(existsSync(saved)).toBe(false); // due, not begun: the answer went out first
    await closed.memory.close();
    expect(readFileSync(saved, "utf8").split("\n")[0]).toMatch(/^\{"format":"foundry-memory-index"/);
    const restored = await open();
    expect((await restored.memory.search({ query: "wordba" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0001"]);
    expect(restored.driver.freshness()).toMatchObject({ restored: true, filesRead: 0 });
    await restored.memory.close();
  });

  it("a fresh store restores it and reads no unchanged file; a changed file is re-read", async () => {
    seed();
    const first = await open();
    expect((await first.memory.search({ query: "wordba" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0001"]);
    const text = await waitForSave();
    expect(text.split("\n")[0]).toMatch(/^\{"format":"foundry-memory-index","version":5,/);
    expect(readFileSync(path.join(root, ".foundry/.gitignore"), "utf8")).toContain("cache/\n");
    await first.memory.close();

    writeFileSync(path.join(root, ".foundry/memory/facts/fact-0002.md"), serializeFact(fact(2, "changedword")));
    const second = await open();
    expect((await second.memory.search({ query: "changedword" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0002"]);
    expect((await second.memory.search({ query: "wordab" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0026"]);
    expect(second.driver.freshness()).toMatchObject({ restored: true, filesRead: 1 });
    await second.memory.close();
  });

  // Regression (found in the memory-tune22 round): a fact naming a day has date terms
  // (search/date-terms.ts) that add to no field's length, and the restore's check that each fact's
  // counts add up to its lengths counted them, so a memory holding one dated fact never restored
  // its saved index and read every file again on each cold start.
  it("restores a saved index whose facts name days", async () => {
    seed();
    const facts = path.join(root, ".foundry/memory/facts");
    writeFileSync(path.join(facts, "fact-0061.md"), serializeFact({ ...fact(61, "wordzz"), body: "The wordzz rule holds from 14 March 2026." }));
    const first = await open();
    await first.memory.search({ query: "wordzz" });
    await waitForSave();
    await first.memory.close();
    const second = await open();
    expect((await second.memory.search({ query: "what changed on 14 March 2026" })).hits.map((hit) => hit.fact.id)[0]).toBe("fact-0061");
    expect(second.driver.freshness()).toMatchObject({ restored: true, filesRead: 0 });
    await second.memory.close();
  });

  it("keeps the search index itself, and a restored one answers like a fresh build after files changed, came and went", async () => {
    seed();
    const first = await open();
    await first.memory.search({ query: "wordba" });
    const text = await waitForSave();
    expect(text).toContain('"postings":{"facts":[0,1,');
    await first.memory.close();
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
    await restored.memory.close();
    await fresh.close();
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
    await first.memory.close();
    // Generation 2 restores, changes more than the save threshold, and saves again; generation 3 restores that.
    const second = await open();
    await second.memory.search({ query: "wordba" });
    for (let n = 1; n <= 40; n++) writeFileSync(path.join(facts, `fact-${String(n).padStart(4, "0")}.md`), serializeFact(fact(n, `renewed${n}`)));
    const before = readFileSync(saved, "utf8");
    await second.memory.search({ query: "renewed7" });
    await waitForSave(before);
    await second.memory.close();
    const third = await open();
    const got = await third.memory.search({ query: "naive cafe quoted wordzz" });
    expect(third.driver.freshness()).toMatchObject({ restored: true, filesRead: 0 });
    expect(got.hits.map((hit) => [hit.fact, hit.score.toFixed(9)])).toEqual(want.hits.map((hit) => [hit.fact, hit.score.toFixed(9)]));
    expect(got.hits[0]?.fact).toEqual(special);
    expect((await third.memory.search({ query: "renewed7" })).hits[0]?.fact.id).toBe("fact-0007");
    expect((await third.memory.problems()).map((problem) => problem.location)).toEqual([".foundry/memory/facts/fact-0062.md"]);
    expect(await third.memory.tokenFigures()).toEqual(await reference.tokenFigures());
    await third.memory.close();
    await reference.close();
  });

  const damages: Array<[string, (text: string) => string]> = [
    ["truncated", (text) => text.slice(0, Math.floor(text.length / 2))],
    ["one byte changed", (text) => text.replace("The worddb rule", "The wordxx rule")],
    ["another format version", (text) => text.replace('"version":5', '"version":999')],
    ["another analyser", (text) => text.replace(/"analyser":"[0-9a-f]+"/, '"analyser":"0000000000000000"')],
    ["not JSON at all", () => "garbage\n{{{"],
  ];
  for (const [damage, change] of damages) {
    it(`a saved index that is ${damage} is ignored and rebuilt`, async () => {
      seed();
      const first = await open();
      await first.memory.search({ query: "wordba" });
      const text = await waitForSave();
      await first.memory.close();
      writeFileSync(saved, change(text));
      const second = await open();
      expect((await second.memory.search({ query: "worddb" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0029"]);
      expect(second.driver.freshness()).toMatchObject({ restored: false, filesRead: 60 });
      const rebuilt = await waitForSave(change(text));
      expect(rebuilt.split("\n")[0]).toContain('"version":5');
      await second.memory.close();
      const third = await open();
      await third.memory.search({ query: "worddb" });
      expect(third.driver.freshness()).toMatchObject({ restored: true, filesRead: 0 });
      await third.memory.close();
    });
  }

  /** The part of the saved index JSON these tests change. */
  type SavedJson = { files: { glossary: [number, [string, string[]][]][] }; postings: { vocabulary: string[] } };

  /** Rewrites the saved index's index JSON and fact rows through `change`, with sizes and checksum made valid again. */
  function rewriteSaved(change: (index: SavedJson, rows: Float64Array, positions: Int32Array, packed: Int32Array, ends: Int32Array) => void): void {
    const bytes = readFileSync(saved);
    const newline = bytes.indexOf(10);
    const header = JSON.parse(bytes.toString("utf8", 0, newline)) as { sections: number[]; crc32: number };
    // Each section starts at a multiple of 8 bytes, zero bytes after it.
    const aligned = (size: number): number => Math.ceil(size / 8) * 8;
    let offset = newline + 1;
    const parts = header.sections.map((size) => Buffer.from(bytes.subarray(offset, (offset += aligned(size)) - aligned(size) + size)));
    const index = JSON.parse(parts[0]!.toString("utf8")) as SavedJson;
    const rows = new Float64Array(parts[1]!.buffer, parts[1]!.byteOffset, parts[1]!.length / 8);
    const positions = new Int32Array(parts[3]!.buffer, parts[3]!.byteOffset, parts[3]!.length / 4);
    const packed = new Int32Array(parts[4]!.buffer, parts[4]!.byteOffset, parts[4]!.length / 4);
    const ends = new Int32Array(parts[2]!.buffer, parts[2]!.byteOffset, parts[2]!.length / 4);
    change(index, rows, positions, packed, ends);
    parts[0] = Buffer.from(JSON.stringify(index));
    const body = Buffer.concat(parts.flatMap((part) => [part, Buffer.alloc(aligned(part.length) - part.length)]));
    const line = JSON.stringify({ ...header, sections: parts.map((part) => part.length), crc32: crc32(body) });
    writeFileSync(saved, Buffer.concat([Buffer.from(`${line.padEnd(aligned(line.length + 1) - 1)}\n`), body]));
  }

  /** Where the saved list of `term` (in every fact: 60 positions) starts. */
  const listStart = (index: SavedJson, ends: Int32Array, term: string): number => {
    const at = index.postings.vocabulary.indexOf(term);
    return at === 0 ? 0 : ends[at - 1]!;
  };
  const malformed: Array<[string, (index: SavedJson, rows: Float64Array, positions: Int32Array, packed: Int32Array, ends: Int32Array) => void]> = [
    ["a fact type out of range", (_index, rows) => void (rows[5] = 99)],
    ["a body ending before it starts", (_index, rows) => void (rows[16] = 0)],
    ["a posting naming no fact", (_index, _rows, positions) => void (positions[0] = 60)],
    ["a posting list out of order", (index, _rows, positions, _packed, ends) => void positions.subarray(listStart(index, ends, "area"), listStart(index, ends, "area") + 2).reverse()],
    ["a posting with no count beside it", (_index, _rows, _positions, packed) => void (packed[0] = 0)],
    ["a glossary entry on a fact of another type", (index) => void index.files.glossary.push([0, [["zz", ["zeta", "zulu"]]]])],
  ];
  for (const [damage, change] of malformed) {
    it(`a saved index with a valid checksum but ${damage} is ignored and rebuilt`, async () => {
      await primeSavedIndex();
      rewriteSaved(change);
      const damaged = readFileSync(saved, "utf8");
      const second = await open();
      expect((await second.memory.search({ query: "worddb" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0029"]);
      expect(second.driver.freshness()).toMatchObject({ restored: false, filesRead: 60 });
      await waitForSave(damaged);
      await second.memory.close();
    });
  }

  it("a version 4 saved index (no counts beside its postings) is not read, and is replaced by version 5", async () => {
    await primeSavedIndex();
    // Version 4 was this layout without the counts section and without the padding to 8 bytes.
    const bytes = readFileSync(saved);
    const newline = bytes.indexOf(10);
    const header = JSON.parse(bytes.toString("utf8", 0, newline)) as { sections: number[]; crc32: number; version: number };
    const aligned = (size: number): number => Math.ceil(size / 8) * 8;
    let offset = newline + 1;
    const parts = header.sections.map((size) => Buffer.from(bytes.subarray(offset, (offset += aligned(size)) - aligned(size) + size)));
    parts.splice(4, 1);
    const body = Buffer.concat(parts);
    writeFileSync(saved, Buffer.concat([Buffer.from(`${JSON.stringify({ ...header, version: 4, sections: parts.map((part) => part.length), crc32: crc32(body) })}\n`), body]));
    const old = readFileSync(saved, "utf8");
    const store = await open();
    expect((await store.memory.search({ query: "worddb" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0029"]);
    expect(store.driver.freshness()).toMatchObject({ restored: false, filesRead: 60 });
    expect((await waitForSave(old)).split("\n")[0]).toMatch(/"version":5,/);
    await store.memory.close();
  });

  it("a restored index scores from the counts saved beside its postings exactly as a fresh build, before and after writes", async () => {
    const facts = path.join(root, ".foundry/memory/facts");
    mkdirSync(facts, { recursive: true });
    // Counts that differ by field and by fact, so a count read for the wrong fact or field shows.
    const words = ["ledger", "refund", "invoice", "payout"];
    for (let n = 1; n <= 40; n++) {
      const [a, b] = [words[n % 4]!, words[(n + 1) % 4]!];
      const title = `Rule ${n} ${`${a} `.repeat(1 + (n % 3))}`.trim();
      const body = `${`${b} `.repeat(1 + (n % 5))}and ${a} once.`;
      writeFileSync(path.join(facts, `fact-${String(n).padStart(4, "0")}.md`), serializeFact({ ...fact(n, a), title, body, tags: n % 2 === 0 ? [b] : [] }));
    }
    const first = await open();
    await first.memory.search({ query: "ledger" });
    await waitForSave();
    await first.memory.close();
    const restored = await open();
    const queries = ["ledger", "refund invoice", "payout ledger refund", "invoic", "rule ledger"];
    const sameAsFresh = async (): Promise<void> => {
      const fresh = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, savedIndex: false }) });
      for (const query of queries) {
        const [got, want] = [await restored.memory.search({ query, limit: 25 }), await fresh.search({ query, limit: 25 })];
        expect(got.hits.length).toBeGreaterThan(0);
        expect(got.hits.map((hit) => [hit.fact.id, hit.score.toFixed(9)])).toEqual(want.hits.map((hit) => [hit.fact.id, hit.score.toFixed(9)]));
      }
      await fresh.close();
    };
    await sameAsFresh();
    expect(restored.driver.freshness()).toMatchObject({ restored: true, filesRead: 0 });
    // Writes add facts holding the same terms (their lists change: those terms' counts come from the facts again).
    await restored.memory.write({ title: "Ledger ledger ledger entries are append only", body: "A refund is a new ledger entry.", type: "constraint" });
    await restored.memory.write({ title: "Payout batches close at noon", body: "Invoice payout payout runs daily.", type: "convention" });
    await sameAsFresh();
    await restored.memory.close();
  });

  it("a version 3 saved index (an older format) is not read, and is replaced by version 5", async () => {
    seed();
    mkdirSync(path.dirname(saved), { recursive: true });
    const body = '{"entries":[],"postings":{"ids":[],"vocabulary":[],"postings":[],"surfaces":[],"totals":[0,0,0]}}';
    writeFileSync(saved, `${JSON.stringify({ format: "foundry-memory-index", version: 3, tokenizer: "4bfcedee000691c0", bytes: body.length, indexBytes: body.length, sha256: "0" })}\n${body}`);
    const store = await open();
    expect((await store.memory.search({ query: "worddb" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0029"]);
    expect(store.driver.freshness()).toMatchObject({ restored: false, filesRead: 60 });
    expect((await waitForSave(readFileSync(saved, "utf8"))).split("\n")[0]).toMatch(/"version":5,/);
    await store.memory.close();
  });

  it("keeps what glossary facts define, and a restored store uses the saved definitions instead of reading the facts again", async () => {
    seed();
    const facts = path.join(root, ".foundry/memory/facts");
    writeFileSync(path.join(facts, "fact-0061.md"), serializeFact({ ...fact(61, "glossaryword"), type: "glossary", title: "PSP means payment service provider", body: "The company that takes card payments for us." }));
    writeFileSync(path.join(facts, "fact-0062.md"), serializeFact({ ...fact(62, "retryword"), title: "Payment service provider calls are retried", body: "Three times with backoff." }));
    writeFileSync(path.join(facts, "fact-0063.md"), serializeFact({ ...fact(63, "refundword"), title: "Refund policy allows 30 days", body: "Customers may return goods." }));
    const first = await open();
    expect((await first.memory.search({ query: "psp retried" })).hits[0]?.fact.id).toBe("fact-0062");
    const text = await waitForSave();
    expect(text).toContain('"glossary":[[60,[["psp",["payment","service","provider"]]]]]');
    await first.memory.close();
    // The saved definition, changed (checksum made valid), is what a restored store expands the acronym with.
    rewriteSaved((index) => void (index.files.glossary[0]![1][0]![1] = ["refund", "policy"]));
    const second = await open();
    expect((await second.memory.search({ query: "psp allows" })).hits[0]?.fact.id).toBe("fact-0063");
    expect(second.driver.freshness()).toMatchObject({ restored: true, filesRead: 0 });
    await second.memory.close();
  });

  // A cold start with a big saved index stats the folder on a worker while it restores
  // (folder-listing.ts); forced here at any size. What another process changed before the
  // fresh store's first search must be seen exactly as with the listing on the main thread.
  describe("with the folder listed on a worker during the restore", () => {
    const facts = (): string => path.join(root, ".foundry/memory/facts");
    const edits: [string, () => void, string, string | undefined][] = [
      ["an in-place append", () => writeFileSync(path.join(facts(), "fact-0007.md"), `${readFileSync(path.join(facts(), "fact-0007.md"), "utf8").trimEnd()} appendedword\n`), "appendedword", "fact-0007"],
      ["a same-size overwrite", () => writeFileSync(path.join(facts(), "fact-0008.md"), readFileSync(path.join(facts(), "fact-0008.md"), "utf8").replaceAll("wordia", "wordzz")), "wordzz", "fact-0008"],
      ["a new file", () => writeFileSync(path.join(facts(), "fact-0070.md"), serializeFact(fact(70, "newfileword"))), "newfileword", "fact-0070"],
      ["a delete", () => rmSync(path.join(facts(), "fact-0009.md")), "wordja", undefined],
      ["an editor's rename-save", () => {
        writeFileSync(path.join(facts(), ".fact-0010.md.swp"), serializeFact(fact(10, "renamesaved")));
        renameSync(path.join(facts(), ".fact-0010.md.swp"), path.join(facts(), "fact-0010.md"));
      }, "renamesaved", "fact-0010"],
    ];
    for (const [kind, edit, query, expected] of edits) {
      it(`${kind} made before a fresh store's first search is seen (3 fresh stores)`, async () => {
        await primeSavedIndex();
        for (let round = 0; round < 3; round++) {
          if (round === 0) edit();
          const fresh = await open(0);
          const found = (await fresh.memory.search({ query })).hits.map((hit) => hit.fact.id);
          if (expected) expect(found[0]).toBe(expected);
          else expect(found).not.toContain("fact-0009");
          expect(fresh.driver.freshness()).toMatchObject({ restored: true, listing: "worker", method: "scan" });
          await fresh.memory.close();
        }
      });
    }

    for (const [kind, edit, query, expected] of edits) {
      it(`${kind} made after a warm-up's listing, before the first search, is seen (the watch vouches)`, async () => {
        await primeSavedIndex();
        const fresh = await open(0);
        await fresh.memory.warmUp(); // the listing is complete: the edit comes after every stat
        edit();
        const found = (await fresh.memory.search({ query })).hits.map((hit) => hit.fact.id);
        if (expected) expect(found[0]).toBe(expected);
        else expect(found).not.toContain("fact-0009");
        expect(fresh.driver.freshness()).toMatchObject({ restored: true, listing: "warm-up", method: "scan" });
        await fresh.memory.close();
      });
    }

    it("a warm-up with the watch off lists nothing early: the first load lists for itself", async () => {
      await primeSavedIndex();
      const driver = new MarkdownFactStore({ root, racyWindowMs: Number.NEGATIVE_INFINITY, workerListingMinBytes: 0, watch: "off" });
      const memory = new FoundryMemory({ root, driver });
      await memory.warmUp();
      writeFileSync(path.join(facts(), "fact-0071.md"), serializeFact(fact(71, "afterwarmup")));
      expect((await memory.search({ query: "afterwarmup" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0071"]);
      expect(driver.freshness()).toMatchObject({ restored: true, listing: "worker" });
      await memory.close();
    });

    it("a missing facts folder restores nothing and answers empty", async () => {
      await primeSavedIndex();
      rmSync(facts(), { recursive: true });
      const fresh = await open(0);
      expect((await fresh.memory.search({ query: "wordba" })).hits).toEqual([]);
      await fresh.memory.close();
    });

    it("is not used below its size bound: the listing stays on this thread", async () => {
      await primeSavedIndex();
      const fresh = await open();
      await fresh.memory.search({ query: "wordba" });
      expect(fresh.driver.freshness()).toMatchObject({ restored: true, listing: "thread" });
      await fresh.memory.close();
    });
  });
});

// Decision 0009: the driver is a plain fact store; the saved index is composed around it.
describe("withSavedIndex", () => {
  it("composes only around a markdown store that allows it, before its first load; a bare store restores nothing", async () => {
    await primeSavedIndex();
    expect(withSavedIndex(new InMemoryFactStore())).toBeUndefined();
    expect(withSavedIndex(new MarkdownFactStore({ root, savedIndex: false }))).toBeUndefined();
    expect(withSavedIndex(new MarkdownFactStore({ root, cache: false }))).toBeUndefined();
    const loaded = new MarkdownFactStore({ root, watch: "off", racyWindowMs: Number.NEGATIVE_INFINITY });
    await loaded.load();
    expect(loaded.freshness()).toMatchObject({ restored: false, filesRead: 60 });
    expect(withSavedIndex(loaded)).toBeUndefined();
    const composed = new MarkdownFactStore({ root, watch: "off", racyWindowMs: Number.NEGATIVE_INFINITY });
    expect(withSavedIndex(composed)).toBeInstanceOf(SavedIndex);
    expect((await composed.load()).records).toHaveLength(60);
    expect(composed.freshness()).toMatchObject({ restored: true, filesRead: 0 });
  });
});
