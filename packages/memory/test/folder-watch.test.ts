// Decision 0014: the markdown store is a plain fact store; the directory watch is composed around
// it (withFolderWatch). Real files, real fs.watch: the watchers are counted in /proc (Linux).
import { mkdirSync, readFileSync, readdirSync, renameSync, stat, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, InMemoryFactStore, MarkdownFactStore, serializeFact, withFolderWatch } from "../src/index";
import type { Fact } from "../src/index";
import { recallFromIndex } from "../src/recall";
import { inotifyWatchesOn } from "./__fixtures__/inotify-watches";
import { makeTempRoot } from "./__fixtures__/temp-root";
import { runDriverConformance } from "./driver-conformance";

runDriverConformance("markdown-files with withFolderWatch", () => {
  const temp = makeTempRoot();
  const watched = withFolderWatch(new MarkdownFactStore({ root: temp.root }));
  if (!watched) throw new Error("a markdown store that keeps its entries takes a watch");
  const cleanup = (): void => {
    watched.close();
    temp.cleanup();
  };
  return { driver: watched, cleanup };
});

let root = "";
let cleanup = () => {};
let facts = "";
const file = (n: number): string => path.join(facts, `fact-${String(n).padStart(4, "0")}.md`);

function fact(n: number, word: string): Fact {
  const id = `fact-${String(n).padStart(4, "0")}`;
  return { id, type: "domain", title: `Area ${id} ${word}`, body: `The ${word} rule holds.`, scope: "project", tags: [], confidence: "medium", source: "code", created: "2026-01-01T00:00:00Z" };
}

/** Rewrites fact `n` in place with `word` (same name, new text). */
const edit = (n: number, word: string): void => writeFileSync(file(n), serializeFact(fact(n, word)));
const bodyOf = (records: readonly { fact: Fact }[], n: number): string | undefined => records.find((record) => record.fact.id === `fact-${String(n).padStart(4, "0")}`)?.fact.body;

beforeEach(() => {
  ({ root, cleanup } = makeTempRoot());
  facts = path.join(root, ".foundry/memory/facts");
  mkdirSync(facts, { recursive: true });
  for (let n = 1; n <= 20; n++) edit(n, `seed${n}`);
});
afterEach(() => cleanup());

// racyWindowMs -Infinity: every stat is trusted at once, so files read are only the changed ones.
const options = { racyWindowMs: Number.NEGATIVE_INFINITY } as const;

describe("the plain markdown store (no watch composed)", () => {
  it("sees a file changed on disk on the next load, by a scan, and never creates a watcher", async () => {
    const store = new MarkdownFactStore({ root, watch: "auto", ...options });
    expect((await store.load()).records).toHaveLength(20);
    expect(inotifyWatchesOn(facts)).toBe(0);
    edit(7, "changedword");
    const second = await store.load();
    expect(bodyOf(second.records, 7)).toBe("The changedword rule holds.");
    expect(store.freshness()).toEqual({ method: "scan", scans: 2, filesRead: 21, restored: false, listing: "thread" });
    // A file added and one removed are seen too.
    writeFileSync(file(30), serializeFact(fact(30, "added")));
    renameSync(file(3), path.join(root, "away.md"));
    const third = await store.load();
    expect(third.records.map((record) => record.fact.id)).toContain("fact-0030");
    expect(third.records.map((record) => record.fact.id)).not.toContain("fact-0003");
    expect(inotifyWatchesOn(facts)).toBe(0);
  });
});

describe("withFolderWatch", () => {
  it("re-reads only the file the watch names (method watch), and closing ends the watcher", async () => {
    const store = new MarkdownFactStore({ root, ...options });
    const watched = withFolderWatch(store);
    if (!watched) throw new Error("a markdown store that keeps its entries takes a watch");
    await watched.load(); // the first load scans and starts the watch
    expect(store.freshness()).toEqual({ method: "scan", scans: 1, filesRead: 20, restored: false, listing: "thread" });
    expect(inotifyWatchesOn(facts)).toBe(1);
    edit(7, "changedword");
    const changed = await watched.load();
    expect(bodyOf(changed.records, 7)).toBe("The changedword rule holds.");
    expect(watched.freshness()).toEqual({ method: "watch", scans: 1, filesRead: 21, restored: false, listing: "thread" });
    expect(await watched.load()).toBe(changed); // nothing changed: the same snapshot, nothing read
    expect(store.freshness()).toMatchObject({ method: "watch", filesRead: 21 });
    watched.close();
    expect(inotifyWatchesOn(facts)).toBe(0);
    edit(8, "afterclose");
    expect(bodyOf((await watched.load()).records, 8)).toBe("The afterclose rule holds.");
    expect(store.freshness()).toMatchObject({ method: "scan", reason: "closed", scans: 2 });
  });

  it("falls back to a scan, saying why, when the facts folder is replaced (a new inode), then vouches again", async () => {
    const store = new MarkdownFactStore({ root, ...options });
    const watched = withFolderWatch(store);
    if (!watched) throw new Error("a markdown store that keeps its entries takes a watch");
    await watched.load();
    await watched.load();
    expect(store.freshness().method).toBe("watch");
    renameSync(facts, `${facts}-old`);
    mkdirSync(facts);
    writeFileSync(file(1), serializeFact(fact(1, "replaced")));
    const replaced = await watched.load();
    expect(replaced.records.map((record) => record.fact.body)).toEqual(["The replaced rule holds."]);
    expect(store.freshness()).toMatchObject({ method: "scan", reason: "the facts folder was replaced", scans: 2 });
    // The old folder's watcher is gone; a new one watches the new folder.
    expect(inotifyWatchesOn(`${facts}-old`)).toBe(0);
    expect(inotifyWatchesOn(facts)).toBe(1);
    edit(1, "vouchedagain");
    expect(bodyOf((await watched.load()).records, 1)).toBe("The vouchedagain rule holds.");
    expect(store.freshness()).toMatchObject({ method: "watch", scans: 2 });
    watched.close();
  });

  it("watches nothing with watch off, and composes only around a markdown store that keeps its entries", async () => {
    writeFileSync(path.join(root, ".foundry/config.json"), JSON.stringify({ memoryStore: { watch: "off" } }));
    const store = new MarkdownFactStore({ root, ...options });
    const watched = withFolderWatch(store);
    await watched?.load();
    edit(5, "offword");
    expect(bodyOf((await watched?.load())?.records ?? [], 5)).toBe("The offword rule holds.");
    expect(store.freshness()).toMatchObject({ method: "scan", scans: 2 });
    expect(inotifyWatchesOn(facts)).toBe(0);
    expect(withFolderWatch(new MarkdownFactStore({ root, cache: false }))).toBeUndefined();
    expect(withFolderWatch(new InMemoryFactStore())).toBeUndefined();
  });

  it("is what FoundryMemory loads through: a search after an edit reads that one file", async () => {
    const store = new MarkdownFactStore({ root, ...options });
    const memory = new FoundryMemory({ root, driver: store });
    await memory.search({ query: "seed4" });
    expect(inotifyWatchesOn(facts)).toBe(1);
    writeFileSync(file(4), readFileSync(file(4), "utf8").replace("seed4", "editedword"));
    expect((await memory.search({ query: "editedword" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0004"]);
    expect(store.freshness()).toMatchObject({ method: "watch", filesRead: 21 });
    await memory.close();
    expect(inotifyWatchesOn(facts)).toBe(0);
  });
});

// Session 14 (docs/decisions/0020) took the hard-link re-stats off the call: they run right
// after an answer and are held while the next call waits for its events. Those two event-loop
// turns are what lets an edit made before the call reach the watch, from whichever loop phase
// the call starts (an fs callback runs in the poll phase, after that phase's kernel poll).
describe("never stale with re-stat slices owed", () => {
  const wordOf = (round: number): string => `edit${String(round).replace(/\d/g, (digit) => "abcdefghij"[Number(digit)] ?? "")}`;
  type Run = () => ReturnType<FoundryMemory["search"]>;
  const starts: ((run: Run) => ReturnType<FoundryMemory["search"]>)[] = [
    (run) => run(), // right after the previous answer
    (run) => new Promise((done) => setImmediate(() => done(run()))), // check phase
    (run) => new Promise((done) => stat(facts, () => done(run()))), // poll phase
  ];

  it("an edit written just before a search is in its answer, 300 times, from each loop phase", async () => {
    const store = new MarkdownFactStore({ root, ...options });
    const memory = new FoundryMemory({ root, driver: store });
    await memory.search({ query: "seed1" });
    await memory.search({ query: "seed2" }); // the watch vouches; re-stat slices are owed from here on
    for (let round = 0; round < 300; round++) {
      const n = (round % 20) + 1;
      const word = wordOf(round);
      const start = starts[round % starts.length] as (run: Run) => ReturnType<FoundryMemory["search"]>;
      const result = await start(() => {
        edit(n, word);
        return memory.search({ query: word });
      });
      // Near words of other rounds may match too; the best hit must be the file as just written.
      const best = result.hits[0]?.fact;
      expect({ id: best?.id, body: best?.body }, `round ${round}`).toEqual({ id: `fact-${String(n).padStart(4, "0")}`, body: `The ${word} rule holds.` });
    }
    expect(store.freshness()).toMatchObject({ method: "watch" });
    await memory.close();
  });
});

// Regression (session 19): the watch's self-test wrote its probe file into the facts folder, so every
// engine start changed the folder's mtime during its first load: the recall index (proved current
// by that mtime) was never saved, and each SessionStart built it again for nothing.
describe("the watch's probe leaves the facts folder as it was", () => {
  // Past the racy window, as a session that starts a while after the last edit.
  const later = () => new Date(Date.now() + 10_000);
  const folderKey = () => {
    const stat = statSync(facts, { bigint: true });
    return `${stat.ino} ${stat.mtimeNs} ${stat.ctimeNs}`;
  };

  it("a second engine start over an unchanged folder finds the recall index saved by the first one current", async () => {
    const before = folderKey();
    const first = new FoundryMemory({ root, now: later });
    expect((await first.search({ query: "seed7" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0007"]);
    expect(await first.saveRecallIndex({ unlessCurrent: true })).toBe(true);
    await first.close();
    expect(folderKey()).toBe(before);

    const recallFile = path.join(root, ".foundry/cache/recall-index.bin");
    const saved = statSync(recallFile).mtimeMs;
    const second = new FoundryMemory({ root, now: later });
    expect((await second.search({ query: "seed9" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0009"]);
    // Current, so a session start skips the rebuild; the prompt hook answers from it alone.
    expect(await second.saveRecallIndex({ unlessCurrent: true })).toBe(false);
    await second.close();
    expect(statSync(recallFile).mtimeMs).toBe(saved);
    expect(recallFromIndex(root, "seed9", 3, later())).toMatchObject({ ok: true, hits: [{ id: "fact-0009" }] });
    expect(folderKey()).toBe(before);
    // The probe went to the cache folder and was removed there.
    expect(readdirSync(path.join(root, ".foundry/cache")).filter((name) => name.includes("watch-probe"))).toEqual([]);
  });
});
