// BM25F's length norms are remembered per index by position (src/search/field-norms.ts): a
// search after a write, or after a tuning script changes the fields' b, must score exactly as
// over an index built afresh, and a slot holds the norm as the formula gives it.
import { afterEach, describe, expect, it } from "vitest";
import { fieldNorms } from "../src/search/field-norms";
import { buildSearchIndex } from "../src/search/incremental-index";
import { RANKING } from "../src/search/ranking-parameters";
import { rankFacts } from "../src/search/rank";
import type { SearchIndex } from "../src/search/search-index";
import { storedFact } from "./__fixtures__/stored-fact";

const kiln = storedFact("fact-0001", "domain", "Kiln firing schedule", "The kiln fires on Tuesdays.");
const glaze = storedFact("fact-0002", "domain", "Glaze recipe for the kiln", "Celadon glaze, cone six, in the big kiln.");
// A long body moves the average body length, and with it every fact's body norm.
const clay = storedFact("fact-0003", "domain", "Clay supplier", `The clay comes from Stoke; ${"porcelain stoneware earthenware terracotta ".repeat(12)}kiln.`);
const QUESTION = "kiln glaze";

const scores = (index: SearchIndex) => rankFacts(index, QUESTION, { limit: 10 }).map(({ fact, score }) => [fact.id, score]);
const originalB = [...RANKING.fieldB];
// RANKING is typed read-only; a tuning script may still set its numbers at run time.
const fieldB = RANKING.fieldB as unknown as number[];

afterEach(() => {
  fieldB.splice(0, fieldB.length, ...originalB);
});

describe("field norms by position", () => {
  it("hold 0 until a search reads them, then 1 − b + b · length / average length", () => {
    const index = buildSearchIndex([kiln, glaze]);
    expect([...fieldNorms(index, RANKING.fieldB)]).toEqual([0, 0, 0, 0, 0, 0]);
    scores(index);
    const norms = fieldNorms(index, RANKING.fieldB);
    // Title lengths 3 and 3 (average 3), body lengths 3 and 6 (average 4.5); no tags, so those stay 0.
    expect([...norms]).toEqual([1, 0, 1 - 0.75 + (0.75 * 3) / 4.5, 1, 0, 1 - 0.75 + (0.75 * 6) / 4.5]);
  });

  it("are worked out again after writes that leave the index its size, scoring exactly as a fresh index", () => {
    const index = buildSearchIndex([kiln, glaze]);
    const before = scores(index);
    // Same number of facts (and of norm slots) after both writes: only the index's version tells the norms are stale.
    index.remove(glaze);
    index.add(clay);
    const after = scores(index);
    expect(after).toEqual(scores(buildSearchIndex([kiln, clay])));
    expect(after[0]).not.toEqual(before.find(([id]) => id === "fact-0001"));
    index.remove(clay);
    index.add(glaze);
    expect(scores(index)).toEqual(before);
  });

  it("are worked out again for an index without a version when its average lengths move", () => {
    const inner = buildSearchIndex([kiln, glaze]);
    // The same index seen through an object that has no version (as a caller's own index may).
    const unversioned: SearchIndex = {
      get facts() { return inner.facts; },
      get terms() { return inner.terms; },
      get postings() { return inner.postings; },
      get averageLengths() { return inner.averageLengths; },
      get fieldLengths() { return inner.fieldLengths; },
      get vocabulary() { return inner.vocabulary; },
      get surfaces() { return inner.surfaces; },
      learnedTerms: () => inner.learnedTerms(),
    };
    scores(unversioned);
    inner.remove(glaze);
    inner.add(clay);
    expect(scores(unversioned)).toEqual(scores(buildSearchIndex([kiln, clay])));
  });

  it("are worked out again when the fields' b changes between searches", () => {
    const index = buildSearchIndex([kiln, glaze, clay]);
    const before = scores(index);
    fieldB.splice(2, 1, 0.2);
    const after = scores(index);
    expect(after).toEqual(scores(buildSearchIndex([kiln, glaze, clay])));
    expect(after).not.toEqual(before);
  });
});
