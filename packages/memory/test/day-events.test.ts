// What happened on a day (issue 32, the memory-days26 round; src/search/day-events.ts): among the
// facts of the asked day, which the question meets through its date alone, the one naming its
// particulars in rare words comes before the routine one-liners saved the same day.
import { describe, expect, it } from "vitest";
import { buildSearchIndex } from "../src/search/incremental-index";
import { specificity } from "../src/search/day-events";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";

// Routine notes, written alike on many days (their words are held by many facts).
const routine = Array.from({ length: 20 }, (_, at) => {
  const day = String(at + 1).padStart(2, "0");
  return at % 2 === 0
    ? savedFact(`fact-r${day}`, `Bumped dependencies ${at + 1}/6`, "Dependencies bumped, patch notes read, tests green.", `2025-06-${day}T09:00:00Z`)
    : savedFact(`fact-r${day}`, `Tidy-up idea ${at + 1}/6`, "Someday: tidy old branches, no ticket, no rush.", `2025-06-${day}T09:00:00Z`);
});
const facts = [
  ...routine,
  savedFact("fact-0001", "Bumped dependencies 17/7", "Dependencies bumped, patch notes read, tests green.", "2025-07-17T08:00:00Z"),
  savedFact("fact-0002", "Tidy-up idea 17/7", "Someday: tidy old branches, no ticket, no rush.", "2025-07-17T09:00:00Z"),
  savedFact("fact-0003", "Prod deploy rolled back", "Prod deploy of berth 1.42.0 rolled back after six minutes: the sailings endpoint returned 500 for the check-in app. Deepak approved, Nkechi wrote it.", "2025-07-17T10:00:00Z"),
  savedFact("fact-0004", "Release train", "Berth release train leaves on 17 July: Deepak approves, Nkechi and Oksana ship the check-in endpoint changes.", "2025-07-01T09:00:00Z"),
];

describe("what happened on a day", () => {
  // Regression (memory holdout 13, "what happened on 17 July"): the day's routine one-liners,
  // shorter, came before the rollback, which only its saving day ties to the question.
  it("puts the fact of the day holding rare words above the day's routine notes", async () => {
    expect((await rankedIdsOver(facts)("what happened on 17 July")).slice(0, 3)).toEqual(["fact-0003", "fact-0002", "fact-0001"]);
  });

  it("leaves a fact saved before the day that names it (the plan) at its own score", async () => {
    expect((await rankedIdsOver(facts)("what happened on 17 July")).indexOf("fact-0004")).toBe(3);
  });

  it("leaves a question alone when a fact of the day holds another of its words", async () => {
    expect((await rankedIdsOver(facts)("what dependencies were bumped on 17 July"))[0]).toBe("fact-0001");
  });

  it("counts each word held by at most 5% of the facts by its rarity, numbers and the question's words left out", () => {
    const index = buildSearchIndex(facts);
    const at = (id: string) => index.facts.findIndex((fact) => fact.id === id);
    // Of 24 facts a word held by one is 1.24 (log 24 / log 20); "nkechi" and "deepak" are held by two, over the bound of 1.2.
    expect(specificity(index, at("fact-0001"), new Set())).toBe(0);
    expect(specificity(index, at("fact-0003"), new Set(["prod"])).toFixed(4)).toBe((10 * Math.log(24) / Math.log(20)).toFixed(4));
  });
});
