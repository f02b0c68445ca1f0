// A question set in a month ("what was taken from the van in March") is answered by the note of
// that month — saved in it, naming a day of it or the month — though another month's note on the
// same matter shares as many of its words (issue 32, session 38; src/search/month-scope.ts).
import { describe, expect, it } from "vitest";
import { savedFact } from "./__fixtures__/stored-fact";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { inMonths, monthsInScope } from "../src/search/month-scope";
import { splitWords } from "../src/search/tokenize";
import { factDates } from "../src/search/date-terms";

// As a tradesman keeps notes: the month's note says no month, a later one on the van says more of the words.
const ranked = rankedIdsOver([
  savedFact(
    "fact-0001",
    "Van broken into",
    "Side door punched overnight. Took the combi drill, the SDS and two batteries.",
    "2026-03-02T18:00:00Z",
  ),
  savedFact(
    "fact-0002",
    "Van tyres",
    "Van rear tyres getting low, took it to the garage. Book the van in before Christmas.",
    "2026-11-11T18:00:00Z",
  ),
  savedFact(
    "fact-0003",
    "Memory worries",
    "Mum asked twice where Dad was. She corrected herself, but it scared me.",
    "2025-10-08T18:00:00Z",
  ),
  savedFact(
    "fact-0004",
    "Memory clinic",
    "Memory clinic letter came: appointment after Christmas, bring her glasses and her list of medicines.",
    "2025-12-08T18:00:00Z",
  ),
  savedFact(
    "fact-0005",
    "Memory clinic result",
    "Dr Sandhu: mild memory impairment, more social contact would help her.",
    "2026-01-20T18:00:00Z",
  ),
]);

describe("a question set in a month", () => {
  // Regression (seen failing before the rule, or with its factor at 1: fact-0002 first, 0001 second; fact-0004 first, 0005 second).
  it("puts the note of that month first, over another month's note on the matter", async () => {
    expect((await ranked("what was taken from the van in March")).slice(0, 2)).toEqual([
      "fact-0001",
      "fact-0002",
    ]);
    expect((await ranked("what did the memory clinic say in January")).slice(0, 2)).toEqual([
      "fact-0005",
      "fact-0004",
    ]);
  });

  it("leaves a question with no month to the plain ranking", async () => {
    expect((await ranked("what was taken from the van")).slice(0, 2)).toEqual([
      "fact-0002",
      "fact-0001",
    ]);
  });

  it("reads a month said as a span, not a day, a change's reference point or a modifier", () => {
    const months = (question: string) => monthsInScope(splitWords(question));
    expect(months("what got nicked from the transit in march")).toEqual([3]);
    expect(months("which version was champion in early May")).toEqual([5]);
    expect(months("what happened at the end of September with nits")).toEqual([9]);
    expect(months("the boiler trouble in mid-February and in late March")).toEqual([2, 3]);
    expect(months("what happened on 19 November")).toEqual([]);
    expect(months("what happened in November 19")).toEqual([]);
    expect(months("what was the day rate before June")).toEqual([]);
    expect(months("what was the common thread in the October retrospective")).toEqual([]);
    expect(months("we may need a new van")).toEqual([]);
  });

  it("counts a note saved in the month, naming a day of it, or naming it, in any year", () => {
    const of = (body: string, created: string) => {
      const fact = savedFact("fact-0101", "Note", body, created);
      return inMonths(fact, factDates(fact), [3]);
    };
    expect(of("Side door punched.", "2026-03-30T10:00:00Z")).toBe(true);
    expect(of("Side door punched.", "2025-03-01T10:00:00Z")).toBe(true);
    expect(of("MOT booked for 12 March.", "2026-01-10T10:00:00Z")).toBe(true);
    expect(of("March invoices all paid.", "2026-04-02T10:00:00Z")).toBe(true);
    expect(of("Prices go up in Mar.", "2026-04-02T10:00:00Z")).toBe(true);
    expect(of("It would mar the finish.", "2026-04-02T10:00:00Z")).toBe(false);
    expect(of("We march on regardless.", "2026-04-02T10:00:00Z")).toBe(false);
    expect(of("Side door punched.", "2026-04-01T10:00:00Z")).toBe(false);
  });
});
