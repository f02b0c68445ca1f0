// A request word's spelling alternatives (compound split, longer forms, near spellings, letter-alike
// words) are remembered per index, at most MAX_REMEMBERED_WORDS words (src/search/query.ts).
import { describe, expect, it } from "vitest";
import { Bm25fIndex } from "../../src/search/bm25f-index";
import { MAX_REMEMBERED_WORDS, MAX_SPELLED_WORD_LENGTH, analyseQuery, buildExpansionTable, rememberedSpellingCount } from "../../src/search/query";

const index = () =>
  new Bm25fIndex(
    ["Summarises a document.", "Gives the word count of a text.", "Books a restaurant table."].map((description, at) => ({ name: `tool_${at}`, toolsetText: "dev", description, inputSchema: { type: "object" as const } })),
  );
const sources = (groups: ReturnType<typeof analyseQuery>) => groups.map((group) => group.alternatives.map((alternative) => `${alternative.source}:${alternative.stems.join("+")}`));

describe("remembered spellings", () => {
  it("gives a word the same alternatives the second time, in a request of its own or another", () => {
    const terms = index();
    const first = sources(analyseQuery("summarise the docment", terms));
    expect(first).toEqual([["exact:summari"], ["typo:document"]]);
    expect(rememberedSpellingCount(terms)).toBe(2);
    expect(sources(analyseQuery("summarise the docment", terms))).toEqual(first);
    expect(sources(analyseQuery("the docment wordcount", terms))).toEqual([["typo:document"], ["split:word+count"]]);
    expect(rememberedSpellingCount(terms)).toBe(3);
  });

  it(`holds at most ${MAX_REMEMBERED_WORDS} words per index and keeps answering past it`, () => {
    const terms = index();
    for (let word = 0; word < MAX_REMEMBERED_WORDS + 50; word += 1) analyseQuery(`zq${word.toString(36)}x`, terms);
    expect(rememberedSpellingCount(terms)).toBeGreaterThan(0);
    expect(rememberedSpellingCount(terms)).toBeLessThanOrEqual(MAX_REMEMBERED_WORDS);
    expect(sources(analyseQuery("docment", terms))).toEqual([["typo:document"]]);
    expect(rememberedSpellingCount(index())).toBe(0);
  });

  it("does not give a word the spellings of another with the same stem", () => {
    const terms = index();
    analyseQuery("wordcounts", terms);
    expect(sources(analyseQuery("wordcount", terms))).toEqual([["split:word+count"]]);
  });

  it("adds letter-alike words only when nothing else matched, whatever it remembered first", () => {
    const terms = new Bm25fIndex(["Turn handwriting into text.", "Reads a text aloud."].map((description, at) => ({ name: `tool_${at}`, toolsetText: "dev", description, inputSchema: { type: "object" as const } })));
    const variants = (groups: ReturnType<typeof analyseQuery>) => groups.flatMap((group) => group.alternatives.filter((alternative) => alternative.source === "variant"));
    // A synonym table that matches the word: no variant; without it, the variant.
    const table = buildExpansionTable({ synonyms: [["handwritten", "text"]] }, false);
    expect(variants(analyseQuery("handwritten", terms, { expansions: table }))).toEqual([]);
    expect(variants(analyseQuery("handwritten", terms)).length).toBeGreaterThan(0);
    expect(variants(analyseQuery("handwritten", terms, { expansions: table }))).toEqual([]);
  });

  // Splitting a compound costs the square of its length: a word of 40,000 letters took 1.8 s.
  it(`spells no word longer than ${MAX_SPELLED_WORD_LENGTH} letters`, () => {
    const terms = index();
    const fits = "wordcount".repeat(4);
    const tooLong = "wordcount".repeat(5);
    expect(fits.length).toBeLessThanOrEqual(MAX_SPELLED_WORD_LENGTH);
    expect(tooLong.length).toBeGreaterThan(MAX_SPELLED_WORD_LENGTH);
    expect(sources(analyseQuery(fits, terms))).toEqual([[`split:${Array(4).fill("word+count").join("+")}`]]);
    expect(sources(analyseQuery(tooLong, terms))).toEqual([[]]);
  });
});
