// Acronyms learned from glossary facts (src/search/glossary.ts) and their use in search.
import { describe, expect, it } from "vitest";
import { storedFact as fact } from "./__fixtures__/stored-fact";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { learnedAbbreviations } from "../src/search/glossary";
import type { IncrementalSearchIndex } from "../src/search/incremental-index";
import { buildSearchIndex } from "../src/search/incremental-index";
import { rankFacts } from "../src/search/rank";

describe("learnedAbbreviations", () => {
  it("reads 'X means …', 'X is the …' and '… (X)' definitions from glossary facts", () => {
    const learned = learnedAbbreviations([
      fact("fact-0001", "glossary", "PSP means payment service provider"),
      fact(
        "fact-0002",
        "glossary",
        "WMS is the warehouse management system run by our logistics partner",
      ),
      fact("fact-0003", "glossary", "PDP is the product detail page; PLP is the product list page"),
      fact(
        "fact-0004",
        "glossary",
        "Refunds",
        "Refunds go through the point of sale (POS) terminal.",
      ),
    ]);
    expect(learned).toEqual([
      { acronym: "psp", words: ["payment", "service", "provider"] },
      { acronym: "wms", words: ["warehouse", "management", "system"] },
      { acronym: "pdp", words: ["product", "detail", "page"] },
      { acronym: "plp", words: ["product", "list", "page"] },
      { acronym: "pos", words: ["point", "of", "sale"] },
    ]);
  });

  it("learns nothing from other fact types or from words that do not spell the acronym", () => {
    expect(
      learnedAbbreviations([fact("fact-0001", "decision", "PSP means payment service provider")]),
    ).toEqual([]);
    expect(
      learnedAbbreviations([
        fact("fact-0001", "glossary", "SKU means one sellable variant, not a product"),
      ]),
    ).toEqual([]);
    expect(
      learnedAbbreviations([
        fact(
          "fact-0001",
          "glossary",
          "OTA update means an Expo update shipped without a store release",
        ),
      ]),
    ).toEqual([]);
  });
});

describe("search with learned acronyms", () => {
  const ids = rankedIdsOver([
    fact("fact-0001", "glossary", "PSP means payment service provider"),
    fact("fact-0002", "decision", "Adyen is our PSP for cards and wallets", "Chosen in 2024."),
    fact("fact-0003", "constraint", "Refund requests older than 90 days need a manager", "Policy."),
  ]);

  // Regression (issue 21): a fact that uses only the acronym was missed by a question that
  // spells it out, and the other way round, unless a hand list knew the acronym.
  it("finds a fact written with the acronym from the spelled-out words", async () => {
    expect(await ids("who is our payment service provider")).toEqual(["fact-0001", "fact-0002"]);
    const idsWithoutGlossary = rankedIdsOver([
      fact("fact-0002", "decision", "Adyen is our PSP for cards and wallets", "Chosen in 2024."),
    ]);
    expect(await idsWithoutGlossary("who is our payment service provider")).toEqual([]);
  });

  it("finds the spelled-out words from the acronym", async () => {
    const spelledOutIds = rankedIdsOver([
      fact("fact-0001", "glossary", "PSP means payment service provider"),
      fact("fact-0002", "decision", "Card payments go through one service provider per market", "Chosen in 2024."),
    ]);
    expect(await spelledOutIds("which psp")).toEqual(["fact-0001", "fact-0002"]);
  });
});

describe("an index's learned acronyms as glossary facts come and go", () => {
  const adyen = fact("fact-0002", "decision", "Adyen is our PSP for cards and wallets", "Chosen in 2024.");
  const psp = fact("fact-0001", "glossary", "PSP means payment service provider");
  const ids = (index: IncrementalSearchIndex, query: string) =>
    rankFacts(index, query, { limit: 5 }).map((hit) => hit.fact.id);

  // Regression: what the glossary teaches is kept beside the index, not read off every fact
  // per search; a glossary fact added or removed one at a time must change it at once.
  it("learns from a glossary fact added after the build and forgets it when it is removed", () => {
    const index = buildSearchIndex([adyen]);
    expect(ids(index, "payment service provider")).toEqual([]);
    index.add(psp);
    expect(ids(index, "payment service provider")).toEqual(["fact-0001", "fact-0002"]);
    index.remove(psp);
    expect(ids(index, "payment service provider")).toEqual([]);
    expect(index.learnedTerms()).toEqual([]);
  });

  it("takes the lower id's definition where two glossary facts define one acronym", () => {
    const later = fact("fact-0009", "glossary", "PSP means partner support portal");
    const index = buildSearchIndex([adyen, later]);
    expect(index.learnedTerms().map((learned) => learned.phrase.length)).toEqual([3]);
    expect(ids(index, "partner support portal")).toContain("fact-0002");
    index.add(psp);
    expect(ids(index, "partner support portal")).not.toContain("fact-0002");
    expect(ids(index, "payment service provider")).toContain("fact-0002");
  });
});
