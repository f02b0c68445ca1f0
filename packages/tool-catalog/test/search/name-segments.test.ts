import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import { Bm25fIndex, INDEX_FIELDS } from "../../src/search/bm25f-index";
import { splitCompound } from "../../src/search/name-segments";
import { stemWord } from "../../src/search/text";

const vocabulary = (words: string) => {
  const known = new Set(words.split(" "));
  return (part: string) => known.has(part);
};

describe("splitCompound", () => {
  it("splits a compound into known words, fewest parts first, then the longer parts", () => {
    const known = vocabulary("dice roll roller key word keyword explore explorer seo analysis ana lysis");
    expect(splitCompound("diceroller", known)).toEqual(["dice", "roller"]);
    expect(splitCompound("keywordexplorer", known)).toEqual(["keyword", "explorer"]);
    expect(splitCompound("seoanalysis", known)).toEqual(["seo", "analysis"]);
  });

  it("leaves a word whole when it is short, not lower-case letters, or does not split wholly", () => {
    const known = vocabulary("time port machine car park");
    expect(splitCompound("carpark", known)).toEqual(["car", "park"]);
    expect(splitCompound("timeport", known)).toEqual(["time", "port"]);
    expect(splitCompound("portcar", vocabulary("port car"))).toEqual(["port", "car"]);
    expect(splitCompound("carport", known)).toEqual(["car", "port"]);
    expect(splitCompound("timepark", vocabulary("timepark"))).toBeUndefined();
    expect(splitCompound("hdbcarpark", known)).toBeUndefined();
    expect(splitCompound("carpa", known)).toBeUndefined();
    expect(splitCompound("Carpark", known)).toBeUndefined();
    // Parts of fewer than three letters never count.
    expect(splitCompound("abcarpark", vocabulary("ab car park"))).toBeUndefined();
  });
});

describe("compound words in a catalog's ranking", () => {
  const ranked = async (query: string) => {
    const catalog = new ToolCatalog();
    catalog.defineToolset({ name: "web", prefix: "", title: "web", description: "web" });
    const tool = (name: string, description: string) =>
      catalog.register({ name, toolset: "web", kind: "read", description, inputSchema: { type: "object" }, handler: () => ({ ok: true }) });
    tool("keywordexplorer", "Finds the search terms people type, with their monthly volume.");
    tool("site_explorer", "An explorer of a site's pages and the links between them.");
    tool("keyword_density", "Counts how often each keyword appears in a page.");
    tool("count_lines", "Counts the lines of a file.");
    tool("count_words", "Counts the words of a text.");
    tool("find_word", "Finds a word in a file.");
    return (await catalog.search({ query })).results.map((result) => result.name);
  };

  it("indexes a compound name's parts, which other tools' texts hold, in its title field", () => {
    const tool = (name: string, description: string) => ({ name, toolsetText: "web", description, inputSchema: { type: "object" as const } });
    const index = new Bm25fIndex([
      tool("keywordexplorer", "Finds the search terms people type, with their monthly volume."),
      tool("site_explorer", "An explorer of a site's pages."),
      tool("keyword_density", "Counts how often each keyword appears in a page."),
      tool("hdbcarpark", "Car park spaces left, by lot."),
    ]);
    const title = 1 << INDEX_FIELDS.indexOf("title");
    const fields = (word: string) => {
      const postings = index.postings.get(stemWord(word));
      return postings === undefined ? [] : postings.docs.map((doc, at) => [doc, postings.masks[at]! & title]);
    };
    expect(fields("keyword")).toEqual([[0, title], [2, 0]]);
    expect(fields("explorer")).toEqual([[0, title], [1, 0]]);
    // The whole stays a name word; a name no vocabulary splits wholly ("hdb" is nobody's word) stays whole.
    expect(fields("keywordexplorer")).toEqual([[0, 0]]);
    expect(fields("park")).toEqual([[3, 0]]);
  });

  it("finds the tools of a request word written as one compound", async () => {
    expect((await ranked("give me the wordcount of this essay")).slice(0, 1)).toEqual(["count_words"]);
  });
});
