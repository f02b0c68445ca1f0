// A question word meets the other forms of its word that the Porter stemmer keeps apart
// (text-analysis's derivational roots: comparison ~ compared, rental ~ rent, longer ~ long),
// found in the memory's sorted vocabulary (src/search/rank.ts, issue 32).
import { describe, expect, it } from "vitest";
import { storedFact } from "./__fixtures__/stored-fact";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";

const ids = rankedIdsOver([
  storedFact("fact-0001", "domain", "Laptops for the new hires", "Laptops for the new hires arrive in May."),
  storedFact("fact-0002", "domain", "Two laptop offers", "We compared the ThinkPad and the MacBook laptop offers; the ThinkPad is cheaper."),
  storedFact("fact-0003", "domain", "Van for the move", "The van for the office move is booked from Monday."),
  storedFact("fact-0004", "domain", "Van until Friday", "We rent the van until Friday, then it goes back to the depot."),
]);

describe("derivational families in memory search", () => {
  // Regression: "comparison" and "rental" met no indexed word, so the facts holding only the
  // question's other word came first.
  it("finds a fact that says the question's word in another form", async () => {
    expect(await ids("comparison of the laptop offers")).toEqual(["fact-0002", "fact-0001"]);
    expect(await ids("van rental")).toEqual(["fact-0004", "fact-0003"]);
  });

  // Regression: a relative held by one fact outscored the question's own word held by two (its
  // higher idf beat the 0.9 discount), so "rental" put the one fact saying "rent" first.
  it("never lets an alternative count as rarer than the question's own word", async () => {
    const rentalIds = rankedIdsOver([
      storedFact("fact-0001", "domain", "Van rental", "The van rental ends on Friday."),
      storedFact("fact-0002", "domain", "Bike rental", "The bike rental ends on Sunday."),
      storedFact("fact-0003", "domain", "Boat", "We rent the boat for the summer."),
    ]);
    const hits = await rentalIds("rental");
    expect(hits.slice(0, 2).sort()).toEqual(["fact-0001", "fact-0002"]);
    expect(hits[2]).toBe("fact-0003");
  });

  it("leaves words of different roots apart", async () => {
    expect(await ids("compass")).toEqual([]);
  });
});
