import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import { trigramSimilarity, trigrams } from "../../src/search/fuzzy";

function catalogOf(tools: Array<{ name: string; description: string }>): ToolCatalog {
  const catalog = new ToolCatalog();
  catalog.defineToolset({ name: "svc", prefix: "svc_", title: "Service", description: "Tools of one service." });
  for (const tool of tools) catalog.register({ name: tool.name, toolset: "svc", kind: "read", description: tool.description, inputSchema: { type: "object" }, handler: () => null });
  return catalog;
}

describe("trigramSimilarity", () => {
  it("is the Dice similarity of two words' padded trigrams", () => {
    expect([...trigrams("tag")]).toEqual([" ta", "tag", "ag "]);
    expect(trigramSimilarity(trigrams("handwritten"), "handwritten")).toBe(1);
    expect(trigramSimilarity(trigrams("handwritten"), "handwriting")).toBeCloseTo((2 * 7) / (11 + 11), 9);
    expect(trigramSimilarity(trigrams("handwritten"), "speech")).toBe(0);
  });
});

describe("letter-alike words for a word no tool holds", () => {
  const catalog = catalogOf([
    { name: "svc_read_aloud", description: "Read a text aloud as speech." },
    { name: "svc_scan_pages", description: "Turn handwriting and scanned pages into text." },
  ]);

  it("finds the tool holding a word spelt alike when the request's word is in no tool and too far for a typo", async () => {
    const { results } = await catalog.search({ query: "convert the text of this handwritten note" });
    expect(results.map((result) => result.name)).toEqual(["svc_scan_pages", "svc_read_aloud"]);
    expect((await catalog.search({ query: "handwritten" })).results.map((result) => result.name)).toEqual(["svc_scan_pages"]);
  });

  it("leaves a word some tool holds alone", async () => {
    expect((await catalog.search({ query: "speech" })).results.map((result) => result.name)).toEqual(["svc_read_aloud"]);
  });
});
