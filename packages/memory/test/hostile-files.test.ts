// Regression tests for issue #36 R1, R5 and R6: a cloned repository decides what `.foundry/`
// holds. Links leading out of it are never read (the answer says so), FIFOs and oversize files
// are skipped with a note instead of blocking or exhausting memory, and a fact reached through a
// second name (a symbolic link, or a hard link made while the store runs) never gives a stale
// answer.
import { execFileSync } from "node:child_process";
import { appendFileSync, linkSync, mkdirSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MemoryError, MemoryErrorCode, MarkdownFactStore, serializeFact } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";
import { storedFact } from "./__fixtures__/stored-fact";

let root = "";
let outside = "";
let cleanups: (() => void)[] = [];
let memory: FoundryMemory | undefined;

beforeEach(() => {
  const project = makeTempRoot();
  const elsewhere = makeTempRoot("foundry-outside-");
  root = project.root;
  outside = elsewhere.root;
  cleanups = [project.cleanup, elsewhere.cleanup];
});
afterEach(async () => {
  await memory?.close();
  memory = undefined;
  for (const cleanup of cleanups) cleanup();
});

const secret = () => {
  const file = path.join(outside, "id_ed25519");
  writeFileSync(file, "-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n");
  return file;
};
const facts = () => path.join(root, ".foundry/memory/facts");
const runbooks = () => path.join(root, ".foundry/runbooks");
const OUTSIDE = "it is a symbolic link that leads outside .foundry/; links may only point inside .foundry/, so replace it with the file itself";

describe("R1: links out of .foundry/ are never read", () => {
  it("runbook_get refuses a runbook that links outside .foundry/ and says so; runbook_list lists it as not read", async () => {
    mkdirSync(runbooks(), { recursive: true });
    symlinkSync(secret(), path.join(runbooks(), "keys.md"));
    writeFileSync(path.join(runbooks(), "deploy.md"), "---\ntitle: Deploy\n---\nSteps.\n");
    memory = new FoundryMemory({ root });
    const error = await memory.getRunbook("keys").catch((caught: unknown) => caught);
    expect(MemoryError.isInstance(error) && error.code).toBe(MemoryErrorCode.FILE_REFUSED);
    expect((error as Error).message).toBe(`runbook "keys" was not read: ${OUTSIDE}.`);
    const list = await memory.listRunbooks();
    expect(memory.formatRunbookList(list)).toBe(`- **deploy** — Deploy\n- **keys** — not read: ${OUTSIDE}.`);
    expect(JSON.stringify(list)).not.toContain("secret");
  });

  it("a link inside .foundry/ is still read", async () => {
    mkdirSync(runbooks(), { recursive: true });
    writeFileSync(path.join(root, ".foundry/shared.md"), "---\ntitle: Shared steps\n---\nSteps.\n");
    symlinkSync(path.join(root, ".foundry/shared.md"), path.join(runbooks(), "shared.md"));
    memory = new FoundryMemory({ root });
    expect((await memory.getRunbook("shared")).title).toBe("Shared steps");
  });

  it("a runbooks folder that is a link out of .foundry/ is not read", async () => {
    mkdirSync(path.join(root, ".foundry"), { recursive: true });
    writeFileSync(path.join(outside, "notes.md"), "private notes");
    symlinkSync(outside, runbooks());
    memory = new FoundryMemory({ root });
    await expect(memory.getRunbook("notes")).rejects.toThrow(`runbook "notes" was not read: ${OUTSIDE}.`);
    expect(await memory.listRunbooks()).toEqual([]); // not even the names of what lies outside
  });

  it("a config.json that links outside .foundry/ is CONFIG_INVALID naming the file, never parsed", async () => {
    mkdirSync(path.join(root, ".foundry"), { recursive: true });
    const target = path.join(outside, "config.json");
    writeFileSync(target, '{"memoryRetrieval": {"maxFacts": 3}}');
    symlinkSync(target, path.join(root, ".foundry/config.json"));
    memory = new FoundryMemory({ root });
    const error = await memory.config().catch((caught: unknown) => caught);
    expect(MemoryError.isInstance(error) && error.code).toBe(MemoryErrorCode.CONFIG_INVALID);
    expect((error as Error).message).toBe(`${path.join(root, ".foundry/config.json")} was not read: ${OUTSIDE}.`);
  });
  // The saved index's link case is in saved-index.test.ts, beside its other refusals.
});

describe("R5: file type and size are checked before any read", () => {
  it("an oversize fact file is skipped with a note naming the bound; the others are searched", async () => {
    mkdirSync(facts(), { recursive: true });
    writeFileSync(path.join(facts(), "fact-0001.md"), serializeFact(storedFact("fact-0001", "convention", "Deploys run on Fridays")));
    writeFileSync(path.join(facts(), "fact-0002.md"), serializeFact(storedFact("fact-0002", "convention", "Huge fact")));
    truncateSync(path.join(facts(), "fact-0002.md"), 64 * 1024 * 1024); // sparse: no disk used
    memory = new FoundryMemory({ root });
    expect((await memory.search({ query: "deploys fridays" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0001"]);
    expect(await memory.problems()).toEqual([
      { location: ".foundry/memory/facts/fact-0002.md", reason: "not read: it is 67108864 bytes, over the 1 MiB bound; shorten or split it" },
    ]);
  });

  it("a FIFO named like a fact is skipped with a note, never opened for blocking reads", async () => {
    mkdirSync(facts(), { recursive: true });
    writeFileSync(path.join(facts(), "fact-0001.md"), serializeFact(storedFact("fact-0001", "convention", "Deploys run on Fridays")));
    execFileSync("mkfifo", [path.join(facts(), "fact-0002.md")]);
    execFileSync("mkfifo", [path.join(root, ".foundry/memory/INDEX.md")]);
    memory = new FoundryMemory({ root });
    expect((await memory.search({ query: "deploys" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0001"]);
    expect(await memory.readIndex()).toContain("- Deploys run on Fridays"); // rebuilt, the FIFO replaced
  });

  it("a saved index replaced by a link to /dev/zero is ignored and rebuilt", async () => {
    mkdirSync(path.join(root, ".foundry/cache"), { recursive: true });
    mkdirSync(facts(), { recursive: true });
    writeFileSync(path.join(facts(), "fact-0001.md"), serializeFact(storedFact("fact-0001", "convention", "Deploys run on Fridays")));
    symlinkSync("/dev/zero", path.join(root, ".foundry/cache/memory-index.json"));
    memory = new FoundryMemory({ root });
    expect((await memory.search({ query: "deploys" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0001"]);
  });
});

describe("R6: a fact reached through a second name is never stale", () => {
  it("a fact file that is a symbolic link is refused with a note (its target's edits send no event)", async () => {
    mkdirSync(facts(), { recursive: true });
    writeFileSync(path.join(facts(), "fact-0001.md"), serializeFact(storedFact("fact-0001", "convention", "Deploys run on Fridays")));
    const target = path.join(root, ".foundry/fact-0002.md");
    writeFileSync(target, serializeFact(storedFact("fact-0002", "convention", "Releases run on Mondays")));
    symlinkSync(target, path.join(facts(), "fact-0002.md"));
    memory = new FoundryMemory({ root });
    expect((await memory.search({ query: "releases mondays" })).hits).toEqual([]);
    expect(await memory.problems()).toEqual([
      {
        location: ".foundry/memory/facts/fact-0002.md",
        reason: "it is a symbolic link; a fact must be a regular file in the facts folder (edits to a link's target are not seen), so replace the link with the file itself",
      },
    ]);
  });

  it("an edit through a hard link made while the store runs is seen by the next search", async () => {
    mkdirSync(facts(), { recursive: true });
    const file = path.join(facts(), "fact-0001.md");
    writeFileSync(file, serializeFact(storedFact("fact-0001", "convention", "Deploys run on Fridays")));
    memory = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, watch: "auto", racyWindowMs: 0 }) });
    expect((await memory.search({ query: "deploys" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0001"]);
    expect((await memory.search({ query: "deploys" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0001"]);
    const other = path.join(root, "second-name.md");
    linkSync(file, other);
    expect((await memory.search({ query: "deploys" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0001"]);
    appendFileSync(other, "Canary first, then the rest.\n");
    expect((await memory.search({ query: "canary" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-0001"]);
  });

  /** 600 facts searched twice (the watch vouches), then a hard link made to fact-0599 and "canary" appended through it. */
  async function largeStoreWithLinkedCanary(): Promise<FoundryMemory> {
    mkdirSync(facts(), { recursive: true });
    for (let n = 1; n <= 600; n++) writeFileSync(path.join(facts(), `fact-${String(n).padStart(4, "0")}.md`), serializeFact(storedFact(`fact-${String(n).padStart(4, "0")}`, "convention", `Rule number ${n} of the house`)));
    const large = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, watch: "auto", racyWindowMs: 0 }) });
    memory = large;
    expect((await large.search({ query: "house" })).activeFacts).toBe(600);
    expect((await large.search({ query: "house" })).activeFacts).toBe(600);
    const other = path.join(root, "second-name.md");
    linkSync(path.join(facts(), "fact-0599.md"), other);
    appendFileSync(other, "Canary first, then the rest.\n");
    return large;
  }

  // The re-stats that find such a link run after a call, not on it (docs/decisions/0020): in a
  // store larger than one call's share the link is still found.
  it("a hard link to any fact of a larger store is found by the re-stats done after calls", async () => {
    const large = await largeStoreWithLinkedCanary();
    await expect.poll(async () => (await large.search({ query: "canary" })).hits.map((hit) => hit.fact.id), { timeout: 10_000 }).toEqual(["fact-0599"]);
  });

  // The slices are held while a call waits for its events; calls made back to back leave them no
  // turn in between, so each such call re-stats 4 entries itself and the link is still found.
  it("a hard link in a larger store is found by calls made back to back, with no turn between them", async () => {
    const large = await largeStoreWithLinkedCanary();
    let found: string[] = [];
    // 600 facts, 4 a call: the rotation passes every fact within 150 calls.
    for (let call = 0; call < 152 && found.length === 0; call++) found = (await large.search({ query: "canary" })).hits.map((hit) => hit.fact.id);
    expect(found).toEqual(["fact-0599"]);
  });
});
