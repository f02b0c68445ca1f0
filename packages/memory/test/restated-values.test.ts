// A value restated over time without a word of change, and a now-marker's word asked elsewhere
// in the question (issue 32, the memory-states26 round; src/search/restated-values.ts and
// src/search/current-state.ts's markerTermsToDrop).
import { describe, expect, it } from "vitest";
import { dropRestated, mayAskFigure, statesAskedFigure } from "../src/search/restated-values";
import { markerTermsToDrop, nowThatTerms } from "../src/search/current-state";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";

// Other notes, so that the question's words are as rare as in a memory of weeks.
const filler = Array.from({ length: 12 }, (_, day) =>
  savedFact(`fact-01${String(day).padStart(2, "0")}`, `Standup note ${day}`, `Bea and Lior in. Quiet day ${day}, drizzle.`, "2026-06-20T12:00:00Z"),
);

const latency = [
  savedFact("fact-0001", "Search p95 after caching", "Lior added a 60-second cache for sailing search. p95 for search now 280 ms. Search target met.", "2026-07-03T10:00:00Z"),
  savedFact("fact-0002", "Search p95 September", "Sailing search p95 in September: 190 ms (with the replica and the cache).", "2026-09-24T10:00:00Z"),
  savedFact("fact-0003", "Search after the index", "Added a composite index. Search p95 down from 640 ms to 410 ms.", "2026-06-17T10:00:00Z"),
  ...filler,
];

describe("a figure restated under the same words", () => {
  // Regression (memory holdout 13, "search p95 now"): the older note saying "now" won over the
  // newer measurement, which says nothing of change.
  it("answers a now-question with the newest fact stating the figure", async () => {
    const ranked = rankedIdsOver(latency);
    expect((await ranked("search p95 now")).slice(0, 3)).toEqual(["fact-0002", "fact-0001", "fact-0003"]);
  });

  it("leaves a question not about the present to the words it shares", async () => {
    const ranked = rankedIdsOver(latency);
    expect((await ranked("search p95 after caching"))[0]).toBe("fact-0001");
  });

  it("reads a figure beside every asked word in the title or one sentence", () => {
    const asked = new Set(["search", "p95"]);
    expect(latency.slice(0, 3).map((fact) => statesAskedFigure(fact, asked))).toEqual([true, true, true]);
    expect(statesAskedFigure(savedFact("x", "Search page redesign", "The search box moves up, p95 unchanged. Shipped 3 June.", "2026-06-01T10:00:00Z"), asked)).toBe(false);
    expect(statesAskedFigure(latency[0]!, new Set())).toBe(false);
  });

  it("drops each older fact of the series just below the newer ones, to no less than 0.3 of its own score", () => {
    const facts = latency.slice(0, 3);
    const scores = [40, 30, 200];
    dropRestated(facts, scores, () => true);
    // fact-0003 (June) is older than both: below the lower newer score, but not under 0.3 × 200.
    expect(scores).toEqual([29.7, 30, 60]);
  });

  it("asks for a figure only with an amount or no question word", () => {
    expect(mayAskFigure(["search", "p95", "now"], false)).toBe(true);
    expect(mayAskFigure(["how", "long", "does", "a", "hold", "last", "now"], true)).toBe(true);
    expect(mayAskFigure(["where", "does", "david", "work", "now"], false)).toBe(false);
  });
});

describe("a marker's word asked elsewhere in the question", () => {
  const days = [
    savedFact("fact-0001", "Hiroshi's days changed: now Mon, Tue, Thu", "Hiroshi's days changed: now Mon, Tue, Thu (his other client moved him).", "2026-07-06T09:00:00Z"),
    savedFact("fact-0002", "Hiroshi wrote e2e tests for tickets: 14", "Hiroshi wrote e2e tests for tickets: 14 scenarios. Frozen clock moved to 2026-10-01.", "2026-09-10T09:00:00Z"),
    savedFact("fact-0003", "Hiroshi added a clock fixture", "Hiroshi added a frozen-clock fixture: e2e tests now run as if it's 2026-07-01.", "2026-06-22T09:00:00Z"),
    ...filler,
  ];

  // Regression (memory holdout 13, "which days is Hiroshi in these days"): "days" left the query
  // with the marker "these days", so the newer notes on Hiroshi won.
  it("keeps the word as a query word", async () => {
    const ranked = rankedIdsOver(days);
    expect((await ranked("which days is Hiroshi in these days"))[0]).toBe("fact-0001");
  });

  it("drops only the marker's words the question does not ask for elsewhere", () => {
    expect([...markerTermsToDrop("which days is hiroshi in these days".split(" "), ["these", "days"])]).toEqual([]);
    expect([...markerTermsToDrop("what does ines use these days".split(" "), ["these", "days"])]).toEqual(["dai"]);
  });
});

describe("the event a question reckons the present from", () => {
  const design = [
    savedFact("fact-0001", "Bea leaving?", "Bea mentioned she's cutting to one day a week from August: new job at an agency in Glasgow.", "2026-07-07T09:00:00Z"),
    savedFact("fact-0002", "Bea now Tuesdays only. Design questions to her", "Bea now Tuesdays only. Design questions to her by Monday evening.", "2026-08-04T09:00:00Z"),
    savedFact("fact-0003", "New freelance designer: Tomasz, 2 days a", "New freelance designer: Tomasz, 2 days a week from 14 September, for islander tickets.", "2026-09-07T09:00:00Z"),
    ...filler,
  ];

  // Regression (memory holdout 13, "who is our designer now that Bea has left"): the clause's
  // words ("Bea", "left") matched the notes on Bea leaving over the one naming the new designer.
  it("answers with the fact on what is asked, not on the event", async () => {
    const ranked = rankedIdsOver(design);
    expect((await ranked("who is our designer now that Bea has left"))[0]).toBe("fact-0003");
  });

  it("reads the clause after now that, and nothing without one", () => {
    expect(nowThatTerms("who is our designer now that bea has left".split(" "))).toEqual(["bea", "left"]);
    expect(nowThatTerms("who is our designer now".split(" "))).toEqual([]);
  });
});
