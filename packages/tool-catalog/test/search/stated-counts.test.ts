// Stated counts (src/search/stated-counts.ts): a tool requiring a count of things moves down the
// head of the ranking when the request counts nothing.
import { describe, expect, it } from "vitest";
import { ToolCatalog, type SearchOptions } from "../../src/index";
import { isCountParameter, StatedCounts, statesCount, UNSTATED_COUNT_FACTOR } from "../../src/search/stated-counts";
import { externalCorpora, firstExternalHit } from "../__fixtures__/external-first-hit";

describe("isCountParameter", () => {
  it("is true for a numeric parameter named as a count of things", () => {
    const counts = ["number_of_tickets", "num_passengers", "participant_count", "quantity"].map((name) => isCountParameter(name, { type: "integer" }));
    expect(counts).toEqual([true, true, true, true]);
  });

  it("is false for identifiers, other numbers and text", () => {
    expect(isCountParameter("issue_number", { type: "integer" })).toBe(false);
    expect(isCountParameter("pullNumber", { type: "number" })).toBe(false);
    expect(isCountParameter("deltaY", { type: "number" })).toBe(false);
    expect(isCountParameter("number_of_tickets", { type: "string" })).toBe(false);
  });
});

describe("statesCount", () => {
  it("is true for a cardinal before what it counts", () => {
    expect(statesCount("purchase two tickets for 'Space Adventure' on 2023 April 15th at 19:30")).toBe(true);
    expect(statesCount("I need a bus for 2 people from LA to SD on 2023.10.1.")).toBe(true);
    expect(statesCount("3 of my friends gave me 10 euros each")).toBe(true);
    expect(statesCount("a house rated 3.8 or higher for one person")).toBe(true);
  });

  it("is false for days, clock times, decimals, years and house numbers", () => {
    expect(statesCount("Are there any Cartoon movies showing at imax in Union City?")).toBe(false);
    expect(statesCount("a bus on april 23 for the trip")).toBe(false);
    expect(statesCount("a table at 9 pm tonight, rated 4.5 or more")).toBe(false);
    expect(statesCount("Can you find the one which is from 2022?")).toBe(false);
    expect(statesCount("a cab to 3236 Grand Avenue")).toBe(false);
  });
});

describe("StatedCounts.reorder", () => {
  const counts = new StatedCounts([
    { inputSchema: { type: "object", required: ["location", "number_of_tickets"], properties: { location: { type: "string" }, number_of_tickets: { type: "integer" } } } },
    { inputSchema: { type: "object", required: ["location"], properties: { location: { type: "string" }, number_of_tickets: { type: "integer" } } } },
  ]);

  it("scores down a tool requiring a count the request does not state", () => {
    const ranked = [
      { doc: 0, score: 10, mask: 0 },
      { doc: 1, score: 9.6, mask: 0 },
    ];
    counts.reorder("movies showing in Union City", ranked);
    expect(ranked.map((hit) => [hit.doc, hit.score])).toEqual([
      [1, 9.6],
      [0, 10 * UNSTATED_COUNT_FACTOR],
    ]);
  });

  it("leaves the order alone when the request counts something", () => {
    const ranked = [
      { doc: 0, score: 10, mask: 0 },
      { doc: 1, score: 9.6, mask: 0 },
    ];
    counts.reorder("two tickets in Union City", ranked);
    expect(ranked).toEqual([
      { doc: 0, score: 10, mask: 0 },
      { doc: 1, score: 9.6, mask: 0 },
    ]);
  });
});

describe("stated counts in a catalog", () => {
  const ranked = async (query: string, search: SearchOptions = {}) => {
    const catalog = new ToolCatalog({ search });
    const handler = () => ({ ok: true });
    catalog.defineToolset({ name: "movies", prefix: "", title: "movies", description: "movies" });
    const showing = { location: { type: "string", description: "City of the theater." }, genre: { type: "string", description: "Genre of the movie." } };
    catalog.register({ name: "find_movies", toolset: "movies", kind: "read", description: "Movies showing in a city.", inputSchema: { type: "object", required: ["location"], properties: showing }, handler });
    catalog.register({ name: "movie_tickets", toolset: "movies", kind: "read", description: "Movies showing in a city, and their tickets.", inputSchema: { type: "object", required: ["location", "number_of_tickets"], properties: { ...showing, number_of_tickets: { type: "integer", description: "How many tickets." } } }, handler });
    return (await catalog.search({ query, limit: 2 })).results.map((result) => result.name);
  };

  it("puts first the tool whose required count the request does not leave out", async () => {
    expect(await ranked("cartoon movies showing in Union City")).toEqual(["find_movies", "movie_tickets"]);
    expect(await ranked("cartoon movies showing in Union City", { statedCounts: false })).toEqual(["movie_tickets", "find_movies"]);
  });

  it("keeps the ticket tool first when the request counts the tickets", async () => {
    expect(await ranked("cartoon movies showing in Union City for 2 people")).toEqual(["movie_tickets", "find_movies"]);
  });
});

describe.skipIf(externalCorpora.size === 0)("stated counts in the external sets", () => {
  // Regression (issue 32, tools-bfcl24 round): each came below Movies_1_BuyMovieTickets, which requires a number of tickets the request does not state.
  it.each([
    ["bfcl", "I am interested in seeing an Imax show, preferrably a cartoon movie. Would you search for this in Santa Rosa?", "Movies_1_FindMovies"],
    ["bfcl", "Hi, I'm looking to watch an imaginative science fiction movie in regular format this weekend in Hayward, CA.", "Movies_1_FindMovies"],
    ["bfcl", "Search for me movies shown in Napa.I would like to watch at Century Napa Valley and XD.", "Movies_1_FindMovies"],
  ])("%s: %s → %s", async (set, query, expected) => {
    expect(await firstExternalHit(set, query)).toBe(expected);
  });
});
