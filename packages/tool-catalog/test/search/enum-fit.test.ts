import { describe, expect, it } from "vitest";
import { ToolCatalog, type JsonSchemaObject } from "../../src/index";
import { ENUM_FIT_BONUS, EnumValueIndex } from "../../src/search/enum-fit";
// The shared 419-tool corpus of real MCP servers (bench/corpus.mjs loads it beside the repository).
import { fillCatalog, loadCorpus } from "../../bench/corpus.mjs";

const corpus = loadCorpus();
const schema = (properties: Record<string, JsonSchemaObject>): JsonSchemaObject => ({ type: "object", properties });
const rarity = (value: string) => ({ kitchen: 1, "debit card": 0.5 })[value] ?? 0.1;

describe("EnumValueIndex.reorder", () => {
  it("moves up the hit whose parameter enumerates a value the request says, by its rarity", () => {
    const index = new EnumValueIndex();
    index.add(0, schema({ query: { type: "string" } }));
    index.add(1, schema({ device: { type: "string", enum: ["Living room", "Kitchen", "Patio"] } }));
    const ranked = [
      { doc: 0, score: 10 },
      { doc: 1, score: 9 },
    ];
    index.reorder("play Shape of You on the kitchen speaker", ranked, rarity);
    expect(ranked.map((hit) => hit.doc)).toEqual([1, 0]);
    expect(ranked[0]!.score).toBeCloseTo(9 * (1 + ENUM_FIT_BONUS), 9);
    expect(ranked[1]!.score).toBe(10);
  });

  it("matches values of several words and values of array items", () => {
    const index = new EnumValueIndex();
    index.add(0, schema({ amount: { type: "number" } }));
    index.add(1, schema({ methods: { type: "array", items: { type: "string", enum: ["app balance", "debit card", "credit card"] } } }));
    const ranked = [
      { doc: 0, score: 10 },
      { doc: 1, score: 8.5 },
    ];
    index.reorder("pay ninety dollars to Alice with my debit card", ranked, rarity);
    expect(ranked).toEqual([
      { doc: 1, score: 8.5 * (1 + ENUM_FIT_BONUS * 0.5) },
      { doc: 0, score: 10 },
    ]);
  });

  it("ignores enums of actions, lone action words and values of stop words only", () => {
    const index = new EnumValueIndex();
    index.add(0, schema({ page: { type: "integer" } }));
    index.add(1, schema({ action: { type: "string", enum: ["list", "new", "close", "select"] }, mode: { type: "string", enum: ["any", "create"] } }));
    const ranked = [
      { doc: 0, score: 10 },
      { doc: 1, score: 9.9 },
    ];
    index.reorder("close any tab, then create one", ranked, () => 1);
    expect(ranked).toEqual([
      { doc: 0, score: 10 },
      { doc: 1, score: 9.9 },
    ]);
  });
});

describe("enumerated values in a catalog's ranking", () => {
  const ranked = async (options: ConstructorParameters<typeof ToolCatalog>[0], query: string) => {
    const catalog = new ToolCatalog(options);
    catalog.defineToolset({ name: "music", prefix: "", title: "music", description: "music" });
    const tool = (name: string, description: string, inputSchema: ReturnType<typeof schema>) =>
      catalog.register({ name, toolset: "music", kind: "write", description, inputSchema, handler: () => ({ ok: true }) });
    tool("play_song", "Plays a song on a speaker.", schema({ query: { type: "string" } }));
    tool("play_media", "Plays a song on a speaker device.", schema({ track: { type: "string" }, device: { type: "string", enum: ["Living room", "Kitchen", "Patio"] } }));
    // Other tools, so that "kitchen" is as rare among the tools' words as in a real catalog.
    for (const topic of ["album", "artist", "playlist", "podcast", "radio", "lyrics", "concert", "genre", "volume", "queue"]) {
      tool(`get_${topic}`, `Returns the ${topic} details.`, schema({ id: { type: "string" } }));
    }
    return (await catalog.search({ query })).results.map((result) => result.name).slice(0, 2);
  };

  it("a request saying a value one near-identical tool enumerates picks that tool (enumFit off: the other)", async () => {
    expect(await ranked({}, "play a song in the kitchen")).toEqual(["play_media", "play_song"]);
    expect(await ranked({ search: { enumFit: false } }, "play a song in the kitchen")).toEqual(["play_song", "play_media"]);
  });
});

describe.skipIf(corpus === undefined)("enumerated values over the shared corpus", () => {
  const first = async (options: ConstructorParameters<typeof ToolCatalog>[0], query: string) => {
    const catalog = new ToolCatalog(options);
    const keys = fillCatalog(catalog, corpus!);
    return keys.get((await catalog.search({ query })).results[0]!.name);
  };

  it.each([
    ["find spans slower than 2s in sentry", "sentry/search_events", "sentry/get_sentry_resource"],
  ])("%s → %s first (%s without enumerated values)", async (query, expected, without) => {
    expect(await first({}, query)).toBe(expected);
    expect(await first({ search: { enumFit: false } }, query)).toBe(without);
  });
});
