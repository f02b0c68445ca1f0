// Nothing is ever stale: another process edits a fact file (in-place append, new file, an
// editor's rename-save, delete, a same-size overwrite) and the very next search sees it, many
// times over, with the directory watch on and with it forced off (memoryStore.watch "off").
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FoundryMemory, MarkdownFactStore, serializeFact } from "../src/index";
import type { Fact } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";

const ROUNDS = 40;

/** A made-up word per label, far (in edits and prefixes) from every other label's word. */
function word(label: string): string {
  return [...createHash("sha256").update(label).digest()].slice(0, 9).map((byte) => String.fromCharCode(97 + (byte % 26))).join("");
}
const EDITOR = path.join(__dirname, "__fixtures__", "editor-process.mjs");

class Editor {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, () => void>();
  private next = 0;

  constructor() {
    this.child = spawn(process.execPath, [EDITOR]);
    createInterface({ input: this.child.stdout }).on("line", (line) => this.waiting.get(Number(line.split(" ")[1]))?.());
  }

  edit(command: Record<string, string>): Promise<void> {
    const n = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(n, resolve);
      this.child.stdin.write(`${JSON.stringify({ n, ...command })}\n`);
    });
  }

  stop(): void {
    this.child.kill();
  }
}

function fact(id: string, word: string): Fact {
  return { id, type: "domain", title: `Service ${id} note`, body: `Keyword ${word} here.`, scope: "project", tags: [], confidence: "medium", source: "code", created: "2026-01-01T00:00:00Z" };
}

const found = async (memory: FoundryMemory, word: string): Promise<string[]> => (await memory.search({ query: word, limit: 25 })).hits.map((hit) => hit.fact.id);

for (const watch of ["auto", "off"] as const) {
  describe(`another process edits, the next search sees it (watch ${watch})`, () => {
    let root = "";
    let cleanup = () => {};
    let editor: Editor;
    let memory: FoundryMemory;
    let driver: MarkdownFactStore;
    let facts = "";
    const file = (id: string) => path.join(facts, `${id}.md`);

    beforeAll(async () => {
      ({ root, cleanup } = makeTempRoot());
      facts = path.join(root, ".foundry/memory/facts");
      mkdirSync(facts, { recursive: true });
      writeFileSync(path.join(root, ".foundry/config.json"), JSON.stringify({ memoryStore: { watch } }));
      for (let i = 1; i <= 50; i++) writeFileSync(file(`fact-${String(i).padStart(4, "0")}`), serializeFact(fact(`fact-${String(i).padStart(4, "0")}`, word(`base${i}`))));
      driver = new MarkdownFactStore({ root });
      memory = new FoundryMemory({ root, driver });
      editor = new Editor();
      expect(await found(memory, word("base7"))).toEqual(["fact-0007"]);
    });
    afterAll(async () => {
      editor.stop();
      await memory.close();
      cleanup();
    });

    it("uses the method the setting asks for", async () => {
      await memory.search({ query: word("base1") });
      expect(driver.freshness().method).toBe(watch === "auto" ? "watch" : "scan");
    });

    it(`an in-place append is seen at once (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        await editor.edit({ kind: "append", file: file("fact-0003"), text: ` ${word(`appended${round}`)}` });
        expect(await found(memory, word(`appended${round}`))).toEqual(["fact-0003"]);
      }
    });

    it(`a new file is seen at once (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const id = `fact-${String(100 + round).padStart(4, "0")}`;
        await editor.edit({ kind: "create", file: file(id), text: serializeFact(fact(id, word(`created${round}`))) });
        expect(await found(memory, word(`created${round}`))).toEqual([id]);
      }
    });

    it(`an editor's rename-save is seen at once and the old text is gone (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        await editor.edit({ kind: "rename-save", file: file("fact-0005"), text: serializeFact(fact("fact-0005", word(`saved${round}`))) });
        expect(await found(memory, word(`saved${round}`))).toEqual(["fact-0005"]);
        if (round > 0) expect(await found(memory, word(`saved${round - 1}`))).toEqual([]);
      }
    });

    it(`a same-size overwrite in place is seen at once (${ROUNDS} rounds)`, async () => {
      writeFileSync(file("fact-0009"), serializeFact(fact("fact-0009", "wordaa")));
      let current = "wordaa";
      for (let round = 0; round < ROUNDS; round++) {
        const next = `word${String.fromCharCode(97 + ((round + 1) % 26))}${String.fromCharCode(97 + (Math.floor((round + 1) / 26) % 26))}`;
        await editor.edit({ kind: "same-size", file: file("fact-0009"), from: current, to: next });
        expect(await found(memory, next)).toEqual(["fact-0009"]);
        current = next;
      }
    });

    it(`a delete is seen at once (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const id = `fact-${String(100 + round).padStart(4, "0")}`;
        expect(await found(memory, word(`created${round}`))).toEqual([id]);
        await editor.edit({ kind: "delete", file: file(id) });
        expect((await memory.search({ query: word(`created${round}`) })).text).toMatch(/^No stored fact matches "[a-z]+"\. Memory holds \d+ active facts\.$/);
      }
    });

    it("a replaced facts folder is seen at once", async () => {
      const moved = `${facts}-old`;
      renameSync(facts, moved);
      mkdirSync(facts);
      writeFileSync(file("fact-0001"), serializeFact(fact("fact-0001", word("fresh"))));
      expect(await found(memory, word("fresh"))).toEqual(["fact-0001"]);
      expect(await found(memory, word("base2"))).toEqual([]);
      renameSync(facts, `${facts}-new`);
      renameSync(moved, facts);
      expect(await found(memory, word("base2"))).toEqual(["fact-0002"]);
    });
  });
}

describe("when the watch cannot vouch", () => {
  it("a burst of events that may have overflowed the kernel queue falls back to a full scan", async () => {
    const { root, cleanup } = makeTempRoot();
    try {
      const facts = path.join(root, ".foundry/memory/facts");
      mkdirSync(facts, { recursive: true });
      const driver = new MarkdownFactStore({ root, watchBurstLimit: 20 });
      const memory = new FoundryMemory({ root, driver });
      await memory.search({ query: "anything" });
      await memory.search({ query: "anything" });
      expect(driver.freshness().method).toBe("watch");
      for (let i = 1; i <= 30; i++) writeFileSync(path.join(facts, `fact-${String(i).padStart(4, "0")}.md`), serializeFact(fact(`fact-${String(i).padStart(4, "0")}`, word(`burst${i}`))));
      expect(await found(memory, word("burst30"))).toEqual(["fact-0030"]);
      expect(driver.freshness()).toMatchObject({ method: "scan", reason: expect.stringContaining("may have overflowed") });
      // The next call starts a new watch and vouches again.
      await memory.search({ query: word("burst1") });
      expect(await found(memory, word("burst12"))).toEqual(["fact-0012"]);
      expect(driver.freshness().method).toBe("watch");
      await memory.close();
    } finally {
      cleanup();
    }
  });
});
