// The two readers the plugin's context hooks use: currentIndex (the index from storage now,
// without writing INDEX.md or taking the write lock) and eventTotals (counts and token sums).
import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MarkdownFactStore } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";

let root = "";
let cleanup = () => {};
beforeEach(() => ({ root, cleanup } = makeTempRoot()));
afterEach(() => cleanup());

describe("currentIndex", () => {
  it("builds the index as rebuildIndex would, writes nothing and waits for no writer", async () => {
    const memory = new FoundryMemory({ root });
    await memory.write({ title: "Money is stored as integer cents", body: "Never floats.", type: "constraint" });
    const written = await memory.rebuildIndex();
    const reader = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, watch: "off" }) });
    const holder = new MarkdownFactStore({ root, watch: "off" });
    const built = await holder.withWriteLock(() => reader.currentIndex());
    expect(built).toMatchObject({ listed: 1, active: 1, omitted: 0, tokens: written.tokens });
    expect(built.markdown).toContain("\n## constraint\n- Money is stored as integer cents\n");
    await memory.close();
    await reader.close();
    holder.close();
  });

  it("does not create INDEX.md when it is missing", async () => {
    const reader = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, watch: "off" }) });
    expect((await reader.currentIndex()).markdown).toBe("# Memory index\nNo active facts yet. memory_write stores one.\n");
    expect(existsSync(reader.paths.index)).toBe(false);
    await reader.close();
  });
});

describe("eventTotals", () => {
  it("counts events and sums their positive tokens and savedTokens details", async () => {
    const memory = new FoundryMemory({ root });
    await memory.recordEvent("prompt_recall", { tokens: 120 });
    await memory.recordEvent("subagent_blocked", { tokens: 1000, savedTokens: 700 });
    await memory.recordEvent("prompt_recall", { tokens: 0 });
    await memory.recordEvent("memory_search", { tokens: "many", savedTokens: -5 });
    expect(Object.entries(await memory.eventTotals())).toEqual([
      ["prompt_recall", { count: 2, tokens: 120, savedTokens: 0 }],
      ["subagent_blocked", { count: 1, tokens: 1000, savedTokens: 700 }],
      ["memory_search", { count: 1, tokens: 0, savedTokens: 0 }],
    ]);
    await memory.close();
  });
});
