// A question set in a month ("what was taken from the van in March") is answered by the note of
// that month — saved in it, naming a day of it or the month — though another month's note on the
// same matter shares as many of its words (issue 32, session 38; src/search/month-scope.ts).
import { describe, expect, it } from "vitest";
import { savedFact } from "./__fixtures__/stored-fact";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { datesIn } from "@foundry-mcp/text-analysis";
import { monthsInScope } from "../src/search/month-scope";
import { splitWords } from "../src/search/tokenize";

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

  it("reads a month said as a span, not a day, a dated month, a change's reference point or a modifier", () => {
    const months = (question: string) => monthsInScope(splitWords(question), datesIn(question));
    expect(months("what got nicked from the transit in march")).toEqual({
      months: [3],
      words: ["march"],
    });
    expect(months("which version was champion in early May")).toEqual({
      months: [5],
      words: ["may"],
    });
    expect(months("what happened at the end of September with nits")).toEqual({
      months: [9],
      words: ["september"],
    });
    expect(months("the boiler trouble in mid-Feb and in late March")).toEqual({
      months: [2, 3],
      words: ["feb", "march"],
    });
    expect(months("why was the build broken in Jan and Feb")).toEqual({
      months: [1, 2],
      words: ["jan", "feb"],
    });
    for (const question of [
      "what happened on 19 November",
      "what happened in November 19",
      "what did we spend in March 2026",
      "what did we spend in March of 2026",
      "what was the day rate before June",
      "what was the common thread in the October retrospective",
      "we may need a new van",
      "Jan and Feb were away",
    ])
      expect(months(question).months, question).toEqual([]);
  });

  // Regression (review of session 38): the lift read every candidate fact's text, so a month
  // question made the prompt-recall hook open every fact file (864 ms against 36 ms at 10,000 facts).
  it("reads a fact's month off the index: saved in it, a day of it named, or its full name written", async () => {
    const ranked = rankedIdsOver([
      savedFact(
        "fact-0201",
        "Van service done",
        "Van service done at the garage, all fine.",
        "2026-03-30T10:00:00Z",
      ),
      savedFact(
        "fact-0202",
        "Van service booked",
        "Van service booked for 12 March at the garage.",
        "2026-01-10T10:00:00Z",
      ),
      savedFact(
        "fact-0203",
        "Van service costs",
        "The March van service bill from the garage came to £230.",
        "2026-04-02T10:00:00Z",
      ),
      savedFact(
        "fact-0204",
        "Van service in June",
        "Van service done at the garage, tyres checked too.",
        "2026-06-01T10:00:00Z",
      ),
      savedFact(
        "fact-0205",
        "Van service in August",
        "Van service done at the garage, oil changed as well.",
        "2026-08-01T10:00:00Z",
      ),
    ]);
    const hits = await ranked("van service at the garage in March");
    expect(hits.slice(0, 3).sort()).toEqual(["fact-0201", "fact-0202", "fact-0203"]);
  });

  // Regression (review of session 38): short forms stayed in the question as words beside the lift.
  it("takes the month's words out of the question, short forms too", async () => {
    const ranked = rankedIdsOver([
      savedFact(
        "fact-0301",
        "Boiler Oct",
        "Oct: boiler pressure low in Oct, Oct service booked.",
        "2026-05-02T10:00:00Z",
      ),
      savedFact(
        "fact-0302",
        "Boiler",
        "Boiler pressure dropped again, engineer coming.",
        "2026-10-14T10:00:00Z",
      ),
    ]);
    expect((await ranked("boiler pressure problems in oct"))[0]).toBe("fact-0302");
  });
});
