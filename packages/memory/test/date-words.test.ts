// A question naming a day asks for that day once, through the facts' date terms, not again
// through the words it is written with (issue 32, the search-memory16 round): as words, "18" and
// "2025" lifted a fact written on another day of that year over the one said "two days ago" on
// the 20th (src/search/date-terms.ts, dateWordsOfQuestion).
import { describe, expect, it } from "vitest";
import { savedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver } from "./__fixtures__/ranked-ids";
import { dateWordsOfQuestion } from "../src/search/date-terms";

const top = firstRankedIdOver([
  savedFact("fact-0001", "Mobile 4.0 release", "Version 4.0 of the mobile app shipped on 18 June 2025 with the new home screen.", "2025-06-18T16:00:00Z"),
  savedFact("fact-0002", "Payment outage postmortem", "The payment outage happened two days ago; Ines Duarte is writing the postmortem this week.", "2025-02-20T16:00:00Z"),
  savedFact("fact-0003", "Mobile release", "Version 5.0 of the mobile app went to the stores yesterday with offline mode.", "2025-12-02T16:00:00Z"),
]);

describe("a question's date asked once", () => {
  // Regression: the 4.0 release, written "18 June 2025", came first for both.
  it("finds the fact of the named day over a fact sharing the date's number and year", async () => {
    expect(await top("what went wrong on 18 February 2025")).toBe("fact-0002");
    expect(await top("what shipped on 1 December 2025")).toBe("fact-0003");
  });

  it("asks for a day named without a year in every year the memory holds it, and keeps its words when it holds none", async () => {
    expect(await top("what shipped on 18 June")).toBe("fact-0001");
    expect(dateWordsOfQuestion([{ month: 6, day: 18 }], (term) => term === "~2025-06-18").has("june")).toBe(true);
    expect(dateWordsOfQuestion([{ month: 6, day: 19 }], (term) => term === "~2025-06-18").size).toBe(0);
  });

  it("reads the year, month name, short name and number, and the day with its ordinals as the date's words", () => {
    const words = dateWordsOfQuestion([{ year: 2025, month: 2, day: 18 }]);
    for (const word of ["2025", "02", "2", "18", "18th"]) expect(words.has(word)).toBe(true);
    expect(words.size).toBeGreaterThan(5);
    expect(dateWordsOfQuestion([{ month: 6, day: 18 }]).size).toBe(0);
  });
});
