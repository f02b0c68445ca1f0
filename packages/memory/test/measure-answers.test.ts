// Questions asking how often, how long or how many (issue 32, the memory-words24 round): "how
// often does the stock sync from the warehouse" is answered by the fact holding a number, "every
// five minutes", not by the fact naming the sync that shares more of the question's words
// (src/search/measure-answers.ts).
import { describe, expect, it } from "vitest";
import { savedFact, storedFact } from "./__fixtures__/stored-fact";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { namesNumber } from "../src/search/measure-answers";

// As notes are kept: the topic in full, then its measure in a line of its own.
const ranked = rankedIdsOver([
  savedFact("fact-0001", "Warehouse stock sync", "Shop stock comes from the warehouse system through a sync job.", "2025-03-02T09:00:00Z"),
  savedFact("fact-0002", "Sync interval", "The warehouse stock sync runs every five minutes.", "2025-03-03T09:00:00Z"),
  savedFact("fact-0003", "Cats neutering day", "Charity day: Ruth and Tom operating on the cats.", "2025-03-04T09:00:00Z"),
  savedFact("fact-0004", "Neutering done", "All the cats home by evening, 12 of them neutered.", "2025-03-05T09:00:00Z"),
]);

describe("questions asking for a measure", () => {
  // Regression (seen failing before the rule: fact-0001 first, 0002 second; fact-0003 first, 0004 second).
  it("puts the fact holding a number first, over the one naming the topic", async () => {
    expect((await ranked("how often does the stock sync from the warehouse")).slice(0, 2)).toEqual(["fact-0002", "fact-0001"]);
    expect((await ranked("how many cats were neutered")).slice(0, 2)).toEqual(["fact-0004", "fact-0003"]);
  });

  it("leaves a question asking for no measure, or for a sum, to the plain ranking", async () => {
    expect((await ranked("how much does the warehouse stock sync cost")).slice(0, 2)).toEqual(["fact-0001", "fact-0002"]);
    expect((await ranked("stock sync from the warehouse")).slice(0, 2)).toEqual(["fact-0001", "fact-0002"]);
    expect((await ranked("cats neutered")).slice(0, 2)).toEqual(["fact-0003", "fact-0004"]);
  });

  it("reads digits or a number word as a number, other words as none", () => {
    const holds = (body: string) => namesNumber(storedFact("fact-0101", "domain", "Note", body));
    expect(holds("The house is 152 m².")).toBe(true);
    expect(holds("Syncs every five minutes.")).toBe(true);
    expect(holds("Retry twice, then give up.")).toBe(true);
    expect(holds("Syncs often, nobody knows when.")).toBe(false);
    expect(holds("Someone said it took ages.")).toBe(false);
  });
});
