// Answers told in other words (issue 32, the lexicon25 round): a question word no fact holds
// also looks for its WordNet synonyms that facts hold ("replied" ~ answered), at a discount;
// a word the memory holds is not expanded (src/search/absent-word-synonyms.ts).
import { describe, expect, it } from "vitest";
import { savedFact } from "./__fixtures__/stored-fact";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";

const complaint = [
  savedFact("fact-0001", "Waiting room", "Mrs Ferris made a complaint about the waiting room.", "2025-03-02T09:00:00Z"),
  savedFact("fact-0002", "Monday calls", "Jo answered the complaint from Mrs Ferris by phone.", "2025-03-03T09:00:00Z"),
];

describe("synonyms of a question word no fact holds", () => {
  // Regression (seen failing before the rule: fact-0001 first, the shorter fact).
  it("puts first the fact holding a synonym of the absent word", async () => {
    expect((await rankedIdsOver(complaint)("who replied to the Ferris complaint")).slice(0, 2)).toEqual(["fact-0002", "fact-0001"]);
  });

  it("leaves a word the memory holds to its own evidence", async () => {
    const ranked = rankedIdsOver([
      ...complaint,
      savedFact("fact-0003", "Reply sent", "Sam replied to the surveyor's complaint.", "2025-03-04T09:00:00Z"),
    ]);
    expect((await ranked("who replied to the Ferris complaint")).indexOf("fact-0002")).toBe(2);
  });
});
