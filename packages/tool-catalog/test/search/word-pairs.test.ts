import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import { WordPairIndex, wordPairs } from "../../src/search/word-pairs";
// The shared 419-tool corpus of real MCP servers (bench/corpus.mjs loads it beside the repository).
import { fillCatalog, loadCorpus } from "../../bench/corpus.mjs";

const corpus = loadCorpus();

describe("wordPairs", () => {
  it("pairs adjacent content words by stem, across stop words and name separators", () => {
    expect(wordPairs("Get a specific release by its tag name")).toEqual(["get specif", "specif releas", "releas tag", "tag name"]);
    expect(wordPairs("r2_create_bucket")).toEqual(["r2 creat", "creat bucket"]);
    expect(wordPairs("tags tag")).toEqual([]);
  });
});

describe("WordPairIndex.reorder", () => {
  it("moves up the hit whose text holds the request's words side by side, by at most the bonus", () => {
    const index = new WordPairIndex();
    index.add(0, ["Returns annotation tags with optional filtering by tag name."]);
    index.add(1, ["Get a specific release by its tag name."]);
    const ranked = [
      { doc: 0, score: 10 },
      { doc: 1, score: 9.5 },
    ];
    index.reorder("fetch release by tag name", ranked);
    expect(ranked.map((hit) => hit.doc)).toEqual([1, 0]);
    expect(ranked[0]!.score).toBeCloseTo(9.5 * (1 + 0.2 * (2 / 3)), 9);
    expect(ranked[1]!.score).toBeCloseTo(10 * (1 + 0.2 * (1 / 3)), 9);
  });

  it("leaves a ranking alone when the request has no pair of content words", () => {
    const index = new WordPairIndex();
    index.add(0, ["Get a release."]);
    const ranked = [{ doc: 0, score: 3 }];
    index.reorder("release", ranked);
    expect(ranked).toEqual([{ doc: 0, score: 3 }]);
  });
});

describe.skipIf(corpus === undefined)("word order over the shared corpus", () => {
  const ranked = async (options: ConstructorParameters<typeof ToolCatalog>[0], query: string) => {
    const catalog = new ToolCatalog(options);
    const keys = fillCatalog(catalog, corpus!);
    return (await catalog.search({ query })).results.map((result) => keys.get(result.name));
  };

  it.each([
    ["Fetch release by tag name.", "github/get_release_by_tag", "grafana/get_annotation_tags"],
    ["make a new r2 bucket for uploads", "cloudflare/r2_create_bucket", "cloudflare/r2_put_object"],
  ])("%s → %s first (%s without word pairs)", async (query, expected, without) => {
    expect((await ranked({}, query))[0]).toBe(expected);
    expect((await ranked({ search: { wordPairs: false } }, query))[0]).toBe(without);
  });
});
