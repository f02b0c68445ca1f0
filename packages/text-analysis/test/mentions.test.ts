import { describe, expect, it } from "vitest";
import { mentionsDate, mentionsPersonName } from "../src/index";

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

  it("ignores single capitalised words and acronyms", () => {
    for (const text of ["ask Rahul about it", "The API v1 was switched off", "PDF invoices", "ok"]) {
      expect(mentionsPersonName(text), text).toBe(false);
    }
  });
});
