// Close siblings at the head of a ranking (search/distinct-words.ts): two tools over one subject
// that score within a few percent of each other go in the order of the request words only one of
// them holds, not of their lengths.
import { describe, expect, it } from "vitest";
import { ToolCatalog, type SearchOptions } from "../../src/index";
import { preferDistinctWords } from "../../src/search/distinct-words";
import { externalCorpora, firstExternalHit } from "../__fixtures__/external-first-hit";
import { fillCatalog, loadCorpus } from "../../bench/corpus.mjs";

const corpus = loadCorpus();

describe.skipIf(corpus === undefined)("close siblings over the shared 419-tool corpus", () => {
  const ranked = async (query: string, search: SearchOptions = {}) => {
    const catalog = new ToolCatalog({ search });
    const keyOf = corpus === undefined ? new Map<string, string>() : fillCatalog(catalog, corpus);
    return (await catalog.search({ query, limit: 3 })).results.map((result) => keyOf.get(result.name));
  };

  // Regression (issue 32, tools-tune21 round): browser_mouse_down came first on "down" in its name,
  // browser_close on "close"; only the sibling holds "scroll", "tab".
  it("puts first the sibling holding the request's words the leader lacks", async () => {
    expect((await ranked("scroll down the page"))[0]).toBe("playwright/browser_mouse_wheel");
    expect((await ranked("close the second browser tab"))[0]).toBe("playwright/browser_tabs");
  });

  it("leaves the first stage's order when turned off", async () => {
    expect((await ranked("scroll down the page", { distinctWords: false }))[0]).toBe("playwright/browser_mouse_down");
  });
});

describe("preferDistinctWords", () => {
  const words: Record<number, Set<string>> = {
    0: new Set(["list", "server", "environ", "type"]),
    1: new Set(["list", "server", "provid", "criteria"]),
    2: new Set(["weather", "citi"]),
  };
  const sources = { wordsOf: (doc: number) => words[doc]!, idf: () => 1 };
  const order = (ranked: Array<{ doc: number; score: number }>, request: string[]) => {
    const hits = ranked.map((hit) => ({ ...hit, mask: 0 }));
    preferDistinctWords(hits, new Set(request), sources);
    return hits.map((hit) => hit.doc);
  };

  it("swaps only a close sibling (within 7% of the leader's score, a third of its words shared)", () => {
    expect(order([{ doc: 0, score: 10 }, { doc: 1, score: 9.5 }], ["server", "provid"])).toEqual([1, 0]);
    expect(order([{ doc: 0, score: 10 }, { doc: 1, score: 9 }], ["server", "provid"])).toEqual([0, 1]);
    expect(order([{ doc: 0, score: 10 }, { doc: 2, score: 10 }], ["citi"])).toEqual([0, 2]);
  });

  it("weighs the words each holds alone and ignores action words", () => {
    expect(order([{ doc: 0, score: 10 }, { doc: 1, score: 10 }], ["environ", "provid"])).toEqual([0, 1]);
    expect(order([{ doc: 0, score: 10 }, { doc: 1, score: 10 }], ["list"])).toEqual([0, 1]);
  });
});

describe.skipIf(externalCorpora.size === 0)("close siblings in the external sets", () => {
  // Regression: each came second to a sibling lacking the words that tell them apart.
  it.each([
    ["bfcl", "Find a service provider that provides ironing services.In Bangkok", "get_service_providers"],
    ["bfcl", "Can you retrieve all the active mandates associated with our client, John Doe?", "user.mandates"],
  ])("%s: %s → %s", async (set, query, expected) => {
    expect(await firstExternalHit(set, query)).toBe(expected);
  });
});
