import { describe, expect, it } from "vitest";
import { datesIn, mentionsDate, MONTH_NAMES, mentionsPersonName, sameDate } from "../src/index";

describe("mentionsDate", () => {
  it("finds ISO, numeric, day-month, month-year, weekday and year dates", () => {
    for (const text of ["upgraded on 2026-03-14", "due 14.03.2026", "went live on 2 June 2026", "signed March 3rd", "the 1st of May", "closes in September", "planning on Monday", "found in 2024", "filed by the 10th"]) {
      expect(mentionsDate(text), text).toBe(true);
    }
  });

  it("ignores versions, amounts and the verbs may and march", () => {
    for (const text of ["Postgres 16 and Kubernetes 1.31", "42,000 euros a month", "dashboards may query the mart", "we march on", "takes 14 minutes"]) {
      expect(mentionsDate(text), text).toBe(false);
    }
  });
});

describe("mentionsPersonName", () => {
  it("finds two capitalised words in a row, apostrophes and hyphens included", () => {
    for (const text of ["Lena Fischer reviews it", "escalated by Liam O'Brien", "ask Jean-Luc Picard", "Chen Wei signs builds"]) {
      expect(mentionsPersonName(text), text).toBe(true);
    }
  });

  // Regression (search-memory17): "On 22/02/2025 Greta repeated … that cycling to work is faster"
  // named nobody, so a "who said" question preferred facts naming someone in full about anything else.
  it("finds one capitalised word followed by a verb in the past, as a chat names someone it knows", () => {
    for (const text of ["On 22/02/2025 Greta repeated on a video call that", "Hannah said it was fine", "then Kofi went home"]) {
      expect(mentionsPersonName(text), text).toBe(true);
    }
  });

  it("ignores single capitalised words and acronyms", () => {
    for (const text of ["ask Rahul about it", "The API v1 was switched off", "PDF invoices", "ok", "in Lisbon for a festival", "September ended early", "Yesterday went well", "The release shipped"]) {
      expect(mentionsPersonName(text), text).toBe(false);
    }
  });
});

describe("datesIn", () => {
  it("reads one calendar date however it is written", () => {
    const day = { year: 2026, month: 6, day: 2 };
    for (const text of ["shipped on 2026-06-02", "shipped on 2.6.2026", "went live on 2 June 2026", "on June 2nd, 2026", "the 2nd of June 2026"]) {
      expect(datesIn(text), text).toEqual([day]);
    }
    expect(datesIn("signed on 8 May")).toEqual([{ month: 5, day: 8 }]);
    expect(datesIn("due in March 2026")).toEqual([{ month: 3, year: 2026 }]);
  });

  it("reads each month of MONTH_NAMES by its name, its first three letters and (September) Sept", () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(Object.isFrozen(MONTH_NAMES)).toBe(true);
    MONTH_NAMES.forEach((name, at) => {
      const day = { year: 2026, month: at + 1, day: 3 };
      for (const text of [`on 3 ${name} 2026`, `on 3 ${name.slice(0, 3)} 2026`, `on ${name[0]!.toUpperCase()}${name.slice(1, 3)}. 3, 2026`]) expect(datesIn(text), text).toEqual([day]);
    });
    expect(datesIn("Sept. 3, 2026")).toEqual([{ year: 2026, month: 9, day: 3 }]);
  });

  it("reads a slashed date both ways when both are dates, one way otherwise", () => {
    expect(datesIn("turned off on 20/05/2026")).toEqual([{ year: 2026, month: 5, day: 20 }]);
    expect(datesIn("due 3/4/26")).toEqual([{ year: 2026, month: 4, day: 3 }, { year: 2026, month: 3, day: 4 }]);
  });

  it("reads no date from versions, amounts, years or weekdays alone", () => {
    for (const text of ["Kubernetes 1.31 and Postgres 16", "42,000 euros", "found in 2024", "planning on Monday", "we march on", "version 5.10.2026x"]) {
      expect(datesIn(text), text).toEqual([]);
    }
  });

  it("matches dates equal where both name the day, month or year", () => {
    expect(sameDate({ month: 5, day: 8 }, { year: 2026, month: 5, day: 8 })).toBe(true);
    expect(sameDate({ year: 2026, month: 3 }, { year: 2026, month: 3, day: 14 })).toBe(true);
    expect(sameDate({ year: 2025, month: 5, day: 8 }, { year: 2026, month: 5, day: 8 })).toBe(false);
    expect(sameDate({ month: 5, day: 8 }, { month: 5, day: 9 })).toBe(false);
  });
});
