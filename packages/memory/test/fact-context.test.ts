// A fact's thread as evidence for a choice question (issue 32, the memory-context24 round;
// src/search/fact-context.ts): the plan to decide holds the question's words, the decision saved
// after it on its thread is what the question asks for.
import { describe, expect, it } from "vitest";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";

const facts = [
  savedFact("fact-0001", "Look at replacing VetNest", "Ruth wants quotes for new practice software before the VetNest renewal in April. Mari collects quotes, decision at the March staff meeting.", "2026-01-14T09:00:00Z"),
  savedFact("fact-0002", "Staff meeting", "Staff meeting set for Wednesday 11 March, lunchtime, to decide on the software. Pizza on the practice.", "2026-03-04T09:00:00Z"),
  savedFact("fact-0003", "Software decision", "Staff meeting voted on the practice software: we're moving to Provet Cloud.", "2026-03-11T15:00:00Z"),
  savedFact("fact-0004", "Printer", "The practice printer on reception is out of toner again.", "2026-03-12T09:00:00Z"),
];

describe("a choice question's later fact on a plan's thread", () => {
  // Regression (memory holdout 12, "which practice software did the staff meeting choose"): the
  // plan naming the meeting's day outranked the decision saved on that day.
  it("puts the decision saved on the day the plan names above the plan", async () => {
    expect((await rankedIdsOver(facts)("which practice software did the staff meeting choose")).slice(0, 3)).toEqual(["fact-0003", "fact-0002", "fact-0001"]);
  });

  it("leaves a question that asks for no pick alone", async () => {
    expect((await rankedIdsOver(facts)("when is the staff meeting about the software")).slice(0, 2)).toEqual(["fact-0002", "fact-0003"]);
  });
});
