// The day a fact was saved is one of its days (issue 32, the memory-tune22 round;
// src/search/date-terms.ts): a note is about the day it was written, so "what happened on
// 3 August" finds "Moved into Unit 4!" saved that day though it writes no date, over the
// announcement written weeks before that names the day.
import { describe, expect, it } from "vitest";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";
import { dateTermsOfFact, dateTermsOfQuestion } from "../src/search/date-terms";

describe("the saving day as a fact's day", () => {
  it("indexes the saving day as a day term, and asks for a day without a year in each year the index holds it", () => {
    const note = savedFact("fact-0001", "The move", "Moved into Unit 4! Nine volunteers.", "2026-08-03T17:00:00Z");
    expect(dateTermsOfFact(note)).toEqual(["~2026-08-03"]);
    const held = new Set(["~2025-08-03", "~2026-08-03", "~2026-08"]);
    expect(dateTermsOfQuestion([{ month: 8, day: 3 }], (term) => held.has(term))).toEqual(["~2025-08-03", "~2026-08-03"]);
    expect(dateTermsOfQuestion([{ month: 8 }], (term) => held.has(term))).toEqual([]);
    expect(dateTermsOfQuestion([{ year: 2026, month: 8, day: 3 }])).toEqual(["~2026-08-03"]);
  });

  // Regression (memory holdout 12, "what happened on Friday 7 August", "what good news came
  // through on 24 August"): the notes of the day held no date and none of the question's words,
  // so only the announcement naming the day was found.
  it("finds the notes saved on a day a question names without a year, over the announcement naming it", async () => {
    const ranked = rankedIdsOver([
      savedFact("fact-0001", "Fundraiser", "The fundraiser is the quiz night at the Red Lion, Friday 7 August, £5 a head, teams of six.", "2026-07-08T12:00:00Z"),
      savedFact("fact-0002", "Quiz night", "Quiz night at the Red Lion tonight — 14 teams! The winning team was the Rotary lot.", "2026-08-07T22:00:00Z"),
      savedFact("fact-0003", "Friday session", "Friday 36 at the hall. Parking's an issue.", "2026-07-31T14:00:00Z"),
      savedFact("fact-0004", "Lottery result", "WE GOT THE LOTTERY GRANT! £16,800, the full amount.", "2026-08-24T11:05:00Z"),
      savedFact("fact-0005", "Frank's hip", "Frank's hip op date came through: 18 August.", "2026-07-15T12:00:00Z"),
    ]);
    expect(await ranked("what happened on 7 August")).toEqual(["fact-0002", "fact-0001"]);
    expect((await ranked("what happened on 24 August"))[0]).toBe("fact-0004");
  });
});
