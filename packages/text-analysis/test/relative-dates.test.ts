// Times said relative to when they were said (issue 32, the search-memory8 round): resolved
// against the day a fact was recorded (src/relative-dates.ts).
import { describe, expect, it } from "vitest";
import { mentionsRelativeDate, numericDatesIn, relativeDatesIn, relativeYearsIn } from "../src/index";

const SAID = "2025-02-12T16:00:00Z"; // a Wednesday

describe("relativeDatesIn", () => {
  it("reads days relative to the day said", () => {
    expect(relativeDatesIn("rebuilt the staging cluster yesterday", SAID)).toEqual([{ year: 2025, month: 2, day: 11 }]);
    expect(relativeDatesIn("we upgraded it last night", SAID)).toEqual([{ year: 2025, month: 2, day: 11 }]);
    // A note saved in the morning about what broke "overnight" tells of the night before, as "last night" does.
    expect(relativeDatesIn("the replica fell over overnight", SAID)).toEqual([{ year: 2025, month: 2, day: 11 }]);
    expect(mentionsRelativeDate("Heating packed up overnight.")).toBe(true);
    expect(relativeDatesIn("the review is tomorrow at 10:00", SAID)).toEqual([{ year: 2025, month: 2, day: 13 }]);
    expect(relativeDatesIn("we ran the drill this morning", SAID)).toEqual([{ year: 2025, month: 2, day: 12 }]);
    expect(relativeDatesIn("the outage happened two days ago", SAID)).toEqual([{ year: 2025, month: 2, day: 10 }]);
    expect(relativeDatesIn("she joined 3 weeks ago", SAID)).toEqual([{ year: 2025, month: 1, day: 22 }]);
    expect(relativeDatesIn("the intern starts in two weeks", SAID)).toEqual([{ year: 2025, month: 2, day: 26 }]);
  });

  it("reads weekdays before or after the day said, never the day itself", () => {
    expect(relativeDatesIn("the certificate expired last Sunday", SAID)).toEqual([{ year: 2025, month: 2, day: 9 }]);
    expect(relativeDatesIn("the runners went live on Monday", SAID)).toEqual([{ year: 2025, month: 2, day: 10 }]);
    expect(relativeDatesIn("the offsite is next Wednesday", SAID)).toEqual([{ year: 2025, month: 2, day: 19 }]);
    expect(relativeDatesIn("a talk at the conference last weekend", SAID)).toEqual([
      { year: 2025, month: 2, day: 8 },
      { year: 2025, month: 2, day: 9 },
    ]);
  });

  it("reads a week as its seven days, a month at month precision, a named month as the one before or after", () => {
    expect(relativeDatesIn("new laptops arrived last week", SAID)).toEqual([3, 4, 5, 6, 7, 8, 9].map((day) => ({ year: 2025, month: 2, day })));
    expect(relativeDatesIn("she writes it this week", "2025-02-28T09:00:00Z")).toEqual([[2, 24], [2, 25], [2, 26], [2, 27], [2, 28], [3, 1], [3, 2]].map(([month, day]) => ({ year: 2025, month, day })));
    expect(relativeDatesIn("the audit finished last month", SAID)).toEqual([{ year: 2025, month: 1 }]);
    expect(relativeDatesIn("the v2 API goes next month", SAID)).toEqual([{ year: 2025, month: 3 }]);
    expect(relativeDatesIn("the bill doubled last March", SAID)).toEqual([{ year: 2024, month: 3 }]);
    expect(relativeDatesIn("the bill doubled last January", SAID)).toEqual([{ year: 2025, month: 1 }]);
    expect(relativeDatesIn("the party is next December", SAID)).toEqual([{ year: 2025, month: 12 }]);
  });

  it("names no date for a year said so, or for text without a relative time or a valid anchor", () => {
    expect(relativeDatesIn("last year the bill grew", SAID)).toEqual([]);
    expect(relativeDatesIn("we upgraded to Postgres 16", SAID)).toEqual([]);
    expect(relativeDatesIn("yesterday", "not a date")).toEqual([]);
  });

  // Regression: a global pattern's lastIndex, left by mentionsRelativeDate's test, made the next
  // read start part-way through the text and miss a date near its start.
  it("reads the same dates after mentionsRelativeDate tested a longer text", () => {
    expect(mentionsRelativeDate("The design review moved from today to next Tuesday because Sofie is ill.")).toBe(true);
    expect(relativeDatesIn("Done yesterday.", SAID)).toEqual([{ year: 2025, month: 2, day: 11 }]);
  });
});

describe("relativeYearsIn", () => {
  it("reads last, next and this year and years ago", () => {
    expect(relativeYearsIn("Last year the cloud bill grew by 38 percent", SAID)).toEqual([2024]);
    expect(relativeYearsIn("two years ago we moved; next year we move again", SAID)).toEqual([2023, 2026]);
  });
});

describe("mentionsRelativeDate", () => {
  it("finds relative times and ignores plain text", () => {
    for (const text of ["fixed it four days ago", "the lunch is this Friday", "from next week on", "the demo last month"]) expect(mentionsRelativeDate(text), text).toBe(true);
    for (const text of ["the last release", "next steps are listed", "the last mile"]) expect(mentionsRelativeDate(text), text).toBe(false);
  });
});

// A day in digits without a year (session 38, memory holdout 17's job notes: "tried van side door
// again 19/11 night", saved on 20 November): the reading nearest the day said.
describe("numericDatesIn", () => {
  it("reads day first or month first, whichever is nearest the day said, in the nearest year", () => {
    expect(numericDatesIn("van side door again 19/11 night", "2026-11-20T08:00:00Z")).toEqual([{ year: 2026, month: 11, day: 19 }]);
    expect(numericDatesIn("MFT back 12/2, cal cert in the van", "2026-02-13T08:00:00Z")).toEqual([{ year: 2026, month: 2, day: 12 }]);
    expect(numericDatesIn("shipped 3/14 as planned", "2026-03-16T08:00:00Z")).toEqual([{ year: 2026, month: 3, day: 14 }]);
    expect(numericDatesIn("booked for 2/1", "2025-12-20T08:00:00Z")).toEqual([{ year: 2026, month: 1, day: 2 }]);
    expect(numericDatesIn("Van broken into overnight 1/3", "2026-03-02T08:00:00Z")).toEqual([{ year: 2026, month: 3, day: 1 }]);
  });

  it("leaves out full dates, longer numbers, runs, impossible days, far days and 24/7", () => {
    const said = "2026-03-02T08:00:00Z";
    for (const text of ["on 19/11/2026", "version 1.2/3", "ratio 1/2/3", "at 10:30/11", "cover 24/7", "scored 45/50", "31/2 is no day", "see 12/9.5", "3/4 cup of flour", "1/2 price", "1/8 inch", "2/3 majority", "2/3 of them", "v1/2", "api/v1/2", "$1/2", "1/2%", "1/2 oz Citra"])
      expect(numericDatesIn(text, said), text).toEqual([]);
    expect(numericDatesIn("due 20/8", said)).toEqual([]); // 20 August is over 120 days from 2 March either side
    expect(numericDatesIn("due 20/6", said)).toEqual([{ year: 2026, month: 6, day: 20 }]); // 110 days on

    expect(numericDatesIn("no slash here", said)).toEqual([]);
  });
});
