// FoundryMemory.activeFacts: what `foundry list` prints — the facts search and INDEX.md draw
// from (not superseded, not expired), in INDEX.md's priority order.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";

let root = "";
let cleanup = () => {};
beforeEach(() => ({ root, cleanup } = makeTempRoot()));
afterEach(() => cleanup());

describe("activeFacts", () => {
  it("leaves out superseded and expired facts and orders constraints and decisions first", async () => {
    let now = new Date("2026-03-01T10:00:00Z");
    const memory = new FoundryMemory({ root, now: () => now });
    await memory.write({ title: "Tabs for indentation", body: "The formatter says so.", type: "convention" });
    await memory.write({ title: "Money is integer cents", body: "Floats lose cents.", type: "constraint" });
    await memory.write({ title: "Money is integer cents", body: "Store amounts as integer cents.", type: "constraint" });
    await memory.write({ title: "Freeze deploys in March", body: "Audit month.", type: "convention", expires: "2026-03-31" });
    expect((await memory.activeFacts()).map((fact) => fact.id)).toEqual(["fact-0003", "fact-0004", "fact-0001"]);
    now = new Date("2026-04-01T10:00:00Z");
    expect((await memory.activeFacts()).map((fact) => fact.id)).toEqual(["fact-0003", "fact-0001"]);
    expect((await memory.storedFacts()).length).toBe(4);
    await memory.close();
  });
});
