// A request word's near spellings and letter-alike words are measured against candidates from gram
// postings (src/search/near-spellings.ts), not against every written form; the answer must be the
// one a read of every form gives, in the same order (issue 32, cold words).
import { describe, expect, it } from "vitest";
import { editDistance } from "@foundry-mcp/text-analysis";
import { ToolCatalog } from "../../src/index";
import { Bm25fIndex, type TermIndex } from "../../src/search/bm25f-index";
import { trigramSimilarity, trigrams } from "../../src/search/fuzzy";
import { LearnedOverlay } from "../../src/search/learned-overlay";
import {
  NearSpellingIndex,
  fewestSharedBigrams,
  type WrittenForm,
} from "../../src/search/near-spellings";
import { analyseQuery } from "../../src/search/query";
import { seededRandom } from "../../../../tooling/test-support.mjs";

// Five letters, so forms are often a few edits apart, repeat grams ("aabaa") and tie.
const LETTERS = "abcde";
const next = seededRandom(32); // the same vocabulary every run
const pick = (count: number) => Math.floor(next() * count);
const randomWord = (length: number) =>
  Array.from({ length }, () => LETTERS[pick(LETTERS.length)]).join("");
function edited(word: string): string {
  const at = pick(word.length);
  const letter = LETTERS[pick(LETTERS.length)]!;
  const kind = pick(4);
  if (kind === 0) return word.slice(0, at) + letter + word.slice(at);
  if (kind === 1 && word.length > 1) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 2 || at + 1 >= word.length) return word.slice(0, at) + letter + word.slice(at + 1);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

// 800 forms of 1 to 12 letters; a stem is a form's first four letters, so forms share stems.
const vocabulary = new Map<string, string>();
while (vocabulary.size < 800) {
  const form = randomWord(1 + pick(12));
  vocabulary.set(form, form.slice(0, 4));
}
const forms = [...vocabulary.keys()];
// Words of 2 to 13 letters: forms one, two and three edits away, and words of no form.
const words = [
  ...new Set([
    ...Array.from({ length: 150 }, () => edited(forms[pick(forms.length)]!)),
    ...Array.from({ length: 150 }, () => edited(edited(forms[pick(forms.length)]!))),
    ...Array.from({ length: 100 }, () => edited(edited(edited(forms[pick(forms.length)]!)))),
    ...Array.from({ length: 100 }, () => randomWord(2 + pick(12))),
  ]),
];

const candidates = new NearSpellingIndex(vocabulary);
const everyForm: WrittenForm[] = [...vocabulary];

describe("near-spelling candidates against a read of every form", () => {
  it("keep every form within the allowance, in the vocabulary's order, at allowances 1 and 2 and any length", () => {
    let found = 0;
    for (const word of words) {
      for (const allowance of [1, 2]) {
        const within = ([surface]: WrittenForm) =>
          editDistance(word, surface, allowance) <= allowance;
        const expected = everyForm.filter(within);
        expect(
          candidates.typoCandidates(word, allowance).filter(within),
          `${word} within ${allowance}`,
        ).toEqual(expected);
        found += expected.length;
      }
    }
    // Not vacuous: many words have near forms, some at the edges of the length window.
    expect(found).toBeGreaterThan(1000);
    expect(
      words.some((word) =>
        everyForm.some(
          ([surface]) => surface.length === word.length + 2 && editDistance(word, surface, 2) === 2,
        ),
      ),
    ).toBe(true);
  });

  it("keep every form above a trigram similarity, in the vocabulary's order", () => {
    let found = 0;
    for (const word of words) {
      const own = trigrams(word);
      for (const similarity of [0, 0.3, 0.6, 0.8]) {
        const above = ([surface]: WrittenForm) => trigramSimilarity(own, surface) > similarity;
        const expected = everyForm.filter(above);
        expect(
          candidates.variantCandidates(own, similarity).filter(above),
          `${word} above ${similarity}`,
        ).toEqual(expected);
        found += expected.length;
      }
    }
    expect(found).toBeGreaterThan(1000);
  });

  it("meet the bigram bound exactly with a swap of neighbours (three bigrams spoilt by one edit)", () => {
    expect(fewestSharedBigrams(5, 5, 1)).toBe(3);
    expect(editDistance("abcde", "bacde")).toBe(1);
    expect(new NearSpellingIndex(new Map([["bacde", "bacde"]])).typoCandidates("abcde", 1)).toEqual(
      [["bacde", "bacde"]],
    );
  });
});

// The index itself, and one whose near spellings are every form (what search read before).
function readingEveryForm(index: Bm25fIndex): TermIndex {
  const all = () => [...index.surfaceWords];
  return Object.assign(Object.create(index) as Bm25fIndex, {
    nearSpellings: { typoCandidates: all, variantCandidates: all },
  });
}
const spelling = (groups: ReturnType<typeof analyseQuery>) =>
  groups.map((group) =>
    group.alternatives.filter(
      (alternative) => alternative.source === "typo" || alternative.source === "variant",
    ),
  );

describe("spelling alternatives", () => {
  it("are those a read of every form gives, ties and their order included", () => {
    const tools = Array.from({ length: 80 }, (_, at) => ({
      name: `tool_${at}`,
      toolsetText: "dev",
      description: forms.slice(at * 10, at * 10 + 10).join(" "),
      inputSchema: { type: "object" as const },
    }));
    const index = new Bm25fIndex(tools);
    const reference = readingEveryForm(index);
    let tied = 0;
    let variants = 0;
    for (const word of words) {
      const found = spelling(analyseQuery(word, index, { derivation: false }));
      expect(found, word).toEqual(spelling(analyseQuery(word, reference, { derivation: false })));
      if (
        found.some(
          (alternatives) =>
            alternatives.filter((alternative) => alternative.source === "typo").length > 1,
        )
      )
        tied += 1;
      if (
        found.some((alternatives) =>
          alternatives.some((alternative) => alternative.source === "variant"),
        )
      )
        variants += 1;
    }
    expect(tied).toBeGreaterThan(20);
    expect(variants).toBeGreaterThan(20);
  });

  it("find a form one edit away whose length differs (a letter left out or added)", () => {
    const index = new Bm25fIndex([
      {
        name: "forecast",
        toolsetText: "dev",
        description: "Weather forecast for a city.",
        inputSchema: { type: "object" },
      },
    ]);
    expect(spelling(analyseQuery("weathr", index))).toEqual([
      [{ stems: ["weather"], weight: 0.6, source: "typo" }],
    ]);
    expect(spelling(analyseQuery("weatherr", index))).toEqual([
      [{ stems: ["weather"], weight: 0.6, source: "typo" }],
    ]);
  });

  it("find words only a tenant's learned requests hold, after the tools' own", () => {
    const index = new Bm25fIndex(
      ["Adds an item to the cart.", "Lists the orders."].map((description, at) => ({
        name: `tool_${at}`,
        toolsetText: "dev",
        description,
        inputSchema: { type: "object" as const },
      })),
    );
    const overlay = new LearnedOverlay(index, new Map([[1, "pay for a dinner by card"]]));
    const typo = (stem: string) => ({ stems: [stem], weight: 0.6, source: "typo" });
    expect(spelling(analyseQuery("dinnr", index))).toEqual([[]]);
    expect(spelling(analyseQuery("dinnr", overlay))).toEqual([[typo("dinner")]]);
    // One edit from "cart" (a tool's word) and from "card" (the tenant's): the tool's first, as a read of the words would meet them.
    expect(spelling(analyseQuery("carx", index))).toEqual([[typo("cart")]]);
    expect(spelling(analyseQuery("carx", overlay))).toEqual([[typo("cart"), typo("card")]]);
  });
});

describe("a rebuilt index", () => {
  it("gets near spellings of its own, with the words of tools registered since", async () => {
    const catalog = new ToolCatalog();
    catalog.defineToolset({
      name: "svc",
      prefix: "svc_",
      title: "Service",
      description: "Tools of one service.",
    });
    const register = (name: string, description: string) =>
      catalog.register({
        name,
        toolset: "svc",
        kind: "read",
        description,
        inputSchema: { type: "object" },
        handler: () => null,
      });
    register("svc_weather", "Weather forecast for a city.");
    expect((await catalog.search({ query: "calender" })).results).toEqual([]);
    expect(
      (await catalog.search({ query: "weathr" })).results.map((result) => result.name),
    ).toEqual(["svc_weather"]);
    register("svc_calendar", "Calendar events of a day.");
    expect(
      (await catalog.search({ query: "calender" })).results.map((result) => result.name),
    ).toEqual(["svc_calendar"]);
  });
});
