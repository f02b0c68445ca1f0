// Regression tests for the flaky ENOTEMPTY of hostile-files.test.ts's cleanup: FoundryMemory.close()
// cancelled a saved-index write not yet begun, but returned while one already begun went on (a
// draft file, a rename, the folder made again) as the test removed the project folder. close()
// now resolves once that write has settled (a save that was due is written first), so awaiting
// it is enough.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, watch, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MarkdownFactStore, serializeFact } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";
import { storedFact } from "./__fixtures__/stored-fact";

let root = "";
let cleanup = () => {};
beforeEach(() => ({ root, cleanup } = makeTempRoot()));
afterEach(() => cleanup());

/** A memory over 60 fact files its store trusts at once (racyWindowMs), so its first search saves the index. */
function seededMemory(): FoundryMemory {
  const facts = path.join(root, ".foundry/memory/facts");
  mkdirSync(facts, { recursive: true });
  for (let n = 1; n <= 60; n++) {
    const id = `fact-${String(n).padStart(4, "0")}`;
    writeFileSync(path.join(facts, `${id}.md`), serializeFact(storedFact(id, "convention", `Rule number ${n} of the house`)));
  }
  return new FoundryMemory({ root, driver: new MarkdownFactStore({ root, racyWindowMs: Number.NEGATIVE_INFINITY }) });
}

/** Drafts of atomic writes (`.<name>.<pid>.<random>.tmp`) anywhere under `.foundry/`. */
function draftsUnderFoundry(): string[] {
  return readdirSync(path.join(root, ".foundry"), { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".tmp"));
}

/**
 * Closes `memory` the moment a draft of `file` appears in `folder` (the save is then writing that
 * file) and resolves with the drafts under `.foundry/` once close() has resolved. Between the
 * event and that listing only what close() awaits can run: each further step of the write needs
 * a turn of the event loop, so a close() that did not wait leaves the draft in the listing.
 */
function closeWhileWriting(memory: FoundryMemory, folder: string, file: string): Promise<string[]> {
  return new Promise((resolve) => {
    const watcher = watch(folder, (_event, name) => {
      if (!name?.startsWith(`.${file}.`) || !name.endsWith(".tmp")) return;
      watcher.close();
      resolve(Promise.resolve(memory.close()).then(draftsUnderFoundry));
    });
  });
}

describe("FoundryMemory.close() during a saved-index write", () => {
  it("closed while the save writes .gitignore: close() waits for that file and the index, the folder removes at once", async () => {
    const memory = seededMemory();
    const draftsAtClose = closeWhileWriting(memory, path.join(root, ".foundry"), ".gitignore");
    expect((await memory.search({ query: "house" })).activeFacts).toBe(60);
    expect(await draftsAtClose).toEqual([]);
    expect(readFileSync(memory.paths.gitignore, "utf8")).toContain("\ncache/\n");
    expect(existsSync(memory.paths.savedIndex)).toBe(true);
    await memory.close(); // again: resolves, changes nothing
    expect(draftsUnderFoundry()).toEqual([]);
    rmSync(root, { recursive: true }); // no retries: nothing is writing into it
    expect(existsSync(root)).toBe(false);
  });

  it("closed while the save writes the index: close() resolves once the index is complete, the folder removes at once", async () => {
    const memory = seededMemory();
    mkdirSync(memory.paths.cache, { recursive: true });
    const draftsAtClose = closeWhileWriting(memory, memory.paths.cache, "memory-index.json");
    await memory.search({ query: "house" });
    expect(await draftsAtClose).toEqual([]);
    // Complete: a new memory restores it and reads no fact file.
    const driver = new MarkdownFactStore({ root, racyWindowMs: Number.NEGATIVE_INFINITY });
    const restored = new FoundryMemory({ root, driver });
    expect((await restored.search({ query: "house" })).activeFacts).toBe(60);
    expect(driver.freshness()).toMatchObject({ restored: true, filesRead: 0 });
    await restored.close();
    rmSync(root, { recursive: true });
    expect(existsSync(root)).toBe(false);
  });
});
