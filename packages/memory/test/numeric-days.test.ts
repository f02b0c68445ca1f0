// A day written in digits without a year ("tried the van door again 19/11 night", saved on
// 20 November) is one of the note's days (issue 32, session 38; text-analysis's numericDatesIn):
// "what happened on 19 November" finds it, not only the routine notes saved that day.
import { describe, expect, it } from "vitest";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";
import { dateTermsOfFact } from "../src/search/date-terms";

// The routine notes a memory used for months holds, none of them in November.
const routine = Array.from({ length: 20 }, (_, day) =>
  savedFact(
    `fact-01${String(day).padStart(2, "0")}`,
    "Weather",
    `Reece: cold in the van today, job ${day + 1} done.`,
    `2026-10-${String(day + 1).padStart(2, "0")}T16:00:00Z`,
  ),
);

describe("a day written in digits", () => {
  it("dates the note by the reading nearest the day it was saved", () => {
    const note = savedFact(
      "fact-0001",
      "Theft again",
      "Someone tried van side door again 19/11 night — slam locks held.",
      "2026-11-20T08:30:00Z",
    );
    expect([...dateTermsOfFact(note)].sort()).toEqual(["~2026-11", "~2026-11-19", "~2026-11-20"]);
  });

  // Regression (memory holdout 17, "what happened on 19 november": only the weather note saved that
  // day was found, the theft not at all; there it is now first, among the memory's 400 notes).
  it("finds the note for a question naming that day", async () => {
    const ranked = rankedIdsOver([
      savedFact(
        "fact-0001",
        "Theft again",
        "Someone tried van side door again 19/11 night — slam locks held, scratches only. Reported online.",
        "2026-11-20T08:30:00Z",
      ),
      savedFact(
        "fact-0002",
        "Weather Thursday 19 Nov",
        "Roasting in the loft today.",
        "2026-11-19T16:00:00Z",
      ),
      savedFact(
        "fact-0003",
        "Van MOT",
        "Van due first check on brakes, no MOT till March.",
        "2026-11-11T16:00:00Z",
      ),
      ...routine,
    ]);
    expect(await ranked("what happened on 19 november")).toEqual(["fact-0002", "fact-0001"]);
  });
});
