// A note that answers in full is not outranked by a shorter note on the same matter because it
// says more (issue 32, session 38: the body's length normalisation 0.75 → 0.5 in
// src/search/ranking-parameters.ts, once hand-written memories were most of the dev questions).
// Over a whole memory (holdout 17's electrician's job notes, a dev set), since what decides it is
// the memory's own lengths and word counts.
import { describe, expect, it } from "vitest";
import { holdout17Memories } from "../bench/quality.mjs";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";

const { facts, keyOf } = holdout17Memories().find(({ name }) => name === "fuseboard")!;
const ranked = rankedIdsOver(facts);
const firstKey = async (question: string) => keyOf.get((await ranked(question))[0] ?? "");

describe("a full note beside shorter ones on the matter", () => {
  // Regression (at 0.75 the return's one-liner came first, the set-up note holding the number second;
  // the apprentice's start-of-day note second under his assessment booking).
  it("puts the note holding the answer first", async () => {
    expect(await firstKey("vat number")).toBe("fuseboard-062");
    expect(await firstKey("what time do i pick kian up and where")).toBe("fuseboard-109");
  });
});
