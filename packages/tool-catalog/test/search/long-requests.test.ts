// Long requests from the external sets (issue 32; ../shared/data/external, written by nobody
// on this project): past four concepts, the request's own words decide and its expansions
// count less (src/search/rank.ts FULLY_EXPANDED_CONCEPTS), and a tool's parameter help counts
// more (DEFAULT_BM25F). A request is read up to 64 words, its words past the 16th counting less
// (src/search/query.ts). Skipped where the external sets are not beside the repository.
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import { Bm25fIndex } from "../../src/search/bm25f-index";
import { LATE_WORD_WEIGHT, LATE_WORDS_FROM, MAX_QUERY_CHARACTERS, MAX_QUERY_WORDS, analyseQuery, buildExpansionTable, readablePart } from "../../src/search/query";
import { splitQueryWords } from "../../src/search/text";
import { externalCorpora, firstExternalHit, rankedExternalHits } from "../__fixtures__/external-first-hit";

// Words as the query analyser counts them.
const words = (text: string): number => splitQueryWords(text, () => false).length;

describe.skipIf(externalCorpora.size === 0)("long requests over the external corpora", () => {
  // Regression: each came second or lower behind a tool that matched the request's synonyms
  // (MediaModifyTool for "generate … image", get_product_details for "check … product").
  it.each([
    ["bfcl", "I'm in the mood for a drama film featuring Utkarsh Ambudkar. Can you find one for me?", "Movies_3_FindMovies"],
    ["bfcl", "Find a music event in New York on the 25th of march 2023? today is march 15th", "Events_3_FindEvents"],
    ["bfcl", `I noticed that the maroon "V-neck sweate"s were out of stock last week. Check if they have been restocked, specifically in sizes M and L? Please check for prod id: V-neck sweate`, "inventory_management"],
    ["metatool", "I have a design template for a product catalog, can you generate PDFs using different product images?", "placid"],
  ])("%s: %s → %s first", async (set, query, expected) => {
    expect(await firstExternalHit(set, query)).toBe(expected);
  });

  // Regression (MediaModifyTool came first through the synonyms of "generate … image"). Its last
  // words, past the 32nd, are read since the long-requests round, and "a picturesque scene" puts
  // SceneXplain first; the right tool stays on the first five.
  it("metatool: the Midjourney image request keeps its tool near the top", async () => {
    const hits = await rankedExternalHits("metatool", "I want to use the Midjourney app to generate a visually stunning image that portrays the beauty of a vibrant cherry blossom garden, complete with blooming sakura trees and colorful petals creating a picturesque scene.");
    expect(hits[0]).not.toBe("MediaModifyTool");
    expect(hits.slice(0, 5)).toContain("photorealistic");
  });
});

describe.skipIf(externalCorpora.size === 0)("words past the 32nd of a request", () => {
  // Regression: read only up to 32 words, these lost the words that name their tool (a tenth of
  // the external sets' requests are longer).
  it("finds the tool a request names late in a long question", async () => {
    const query =
      "Can you provide me with a comprehensive explanation of all the risks, including potential market fluctuations, industry-specific risks, and other factors that are associated with the investment portfolios expertly managed by Magnetis?";
    expect(words(query.slice(0, query.indexOf("Magnetis")))).toBeGreaterThanOrEqual(32);
    expect(await firstExternalHit("metatool", query)).toBe("Magnetis");
  });

  it("finds a second request's tool after a long first one", async () => {
    const query =
      "Can you please generate a high-resolution, photorealistic image featuring a serene, picturesque beach sunset with gently swaying palm trees in the foreground specifically tailored for Midjourney's marketing materials? Can you provide me with the latest earthquake data?";
    expect(words(query.slice(0, query.indexOf("earthquake")))).toBeGreaterThanOrEqual(32);
    const hits = await rankedExternalHits("metatool", query);
    expect(hits[0]).toBe("photorealistic");
    expect(hits.slice(0, 10)).toContain("EarthquakeTool");
  });
});

describe("a request's length and the place of its words", () => {
  const catalog = () => {
    const tools = new ToolCatalog();
    tools.defineToolset({ name: "demo", prefix: "", title: "demo", description: "demo tools" });
    // Registered first, so a tie would put it first.
    tools.register({ name: "gadget_report", toolset: "demo", kind: "read", description: "Reports on gadgets.", inputSchema: { type: "object" }, handler: () => ({}) });
    tools.register({ name: "widget_report", toolset: "demo", kind: "read", description: "Reports on widgets.", inputSchema: { type: "object" }, handler: () => ({}) });
    return tools;
  };
  const filler = (count: number) => Array.from({ length: count }, () => "please").join(" ");

  it(`weighs a concept past word ${LATE_WORDS_FROM} less than one before it`, async () => {
    const query = `widgets ${filler(LATE_WORDS_FROM)} gadgets`;
    const page = await catalog().search({ query });
    expect(page.results.map((result) => result.name)).toEqual(["widget_report", "gadget_report"]);
  });

  it(`reads ${MAX_QUERY_WORDS} words of a request and ignores the rest`, async () => {
    expect((await catalog().search({ query: `${filler(MAX_QUERY_WORDS - 1)} gadgets` })).results.map((result) => result.name)).toEqual(["gadget_report"]);
    expect((await catalog().search({ query: `${filler(MAX_QUERY_WORDS)} gadgets` })).results).toEqual([]);
  });
});

describe("the place weight on every kind of concept", () => {
  const terms = new Bm25fIndex(["Runs the setup of a workspace.", "Opens a pull request.", "Reports on widgets."].map((description, at) => ({ name: `tool_${at}`, toolsetText: "dev", description, inputSchema: { type: "object" as const } })));
  const filler = (count: number) => Array.from({ length: count }, () => "please").join(" ");
  const weightOf = (groups: ReturnType<typeof analyseQuery>, text: string) => groups.find((group) => group.text === text)?.weight ?? 1;

  it(`counts a concept at word ${LATE_WORDS_FROM} (from 1) fully and one after it less`, () => {
    expect(weightOf(analyseQuery(`${filler(LATE_WORDS_FROM - 1)} widgets`, terms), "widgets")).toBe(1);
    expect(weightOf(analyseQuery(`${filler(LATE_WORDS_FROM)} widgets`, terms), "widgets")).toBe(LATE_WORD_WEIGHT);
  });

  it("weighs a late phrase and a late open compound like a late word", () => {
    const phrase = analyseQuery(`${filler(LATE_WORDS_FROM)} pull request`, terms, { expansions: buildExpansionTable() });
    expect(phrase.map((group) => group.text)).toContain("pull request");
    expect(weightOf(phrase, "pull request")).toBe(LATE_WORD_WEIGHT);
    const compound = analyseQuery(`${filler(LATE_WORDS_FROM)} set up`, terms, { openCompounds: true });
    expect(compound.map((group) => group.text)).toContain("set up");
    expect(weightOf(compound, "set up")).toBe(LATE_WORD_WEIGHT);
  });
});

describe("the part of a request search reads", () => {
  it(`ends at the ${MAX_QUERY_WORDS}th word and at ${MAX_QUERY_CHARACTERS} characters`, () => {
    const words = Array.from({ length: MAX_QUERY_WORDS + 5 }, (_, at) => `w${at}`);
    expect(readablePart(words.join(" "))).toBe(words.slice(0, MAX_QUERY_WORDS).join(" "));
    expect(readablePart("x".repeat(MAX_QUERY_CHARACTERS + 10))).toHaveLength(MAX_QUERY_CHARACTERS);
  });

  // Regression (review of the long-requests round): each clause of a multi-step request was read
  // to 64 words of its own, so words far past the 64th still brought their tools onto the page.
  it("leaves out of a multi-step request's clauses the words past the bound", async () => {
    const tools = new ToolCatalog();
    tools.defineToolset({ name: "demo", prefix: "", title: "demo", description: "demo tools" });
    tools.register({ name: "open_ticket", toolset: "demo", kind: "write", description: "Opens a ticket.", inputSchema: { type: "object" }, handler: () => ({}) });
    tools.register({ name: "send_invoice", toolset: "demo", kind: "write", description: "Sends an invoice.", inputSchema: { type: "object" }, handler: () => ({}) });
    const padding = Array.from({ length: MAX_QUERY_WORDS }, () => "please").join(" ");
    const names = async (query: string) => (await tools.search({ query })).results.map((result) => result.name);
    expect(await names(`open a ticket, then send an invoice`)).toEqual(["open_ticket", "send_invoice"]);
    expect(await names(`open a ticket ${padding}, then send an invoice`)).toEqual(["open_ticket"]);
  });
});

