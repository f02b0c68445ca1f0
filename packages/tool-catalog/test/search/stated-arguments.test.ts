// Stated arguments (src/search/stated-arguments.ts): a tool requiring a day or a clock time that
// the request does not state moves down the head of the ranking.
import { describe, expect, it } from "vitest";
import { ToolCatalog, type SearchOptions } from "../../src/index";
import { requiredKinds, StatedArguments, statedKinds, UNSTATED_FACTOR } from "../../src/search/stated-arguments";
import { externalCorpora, firstExternalHit } from "../__fixtures__/external-first-hit";

describe("requiredKinds", () => {
  it("counts each required day or clock-time parameter, not optional ones, counts, names or timeouts", () => {
    const schema = {
      type: "object",
      required: ["from", "date_of_journey", "journey_start_time", "number_of_adults", "timeout", "hours"],
      properties: {
        from: { type: "string" },
        date_of_journey: { type: "string" },
        journey_start_time: { type: "string" },
        number_of_adults: { type: "integer" },
        timeout: { type: "string" },
        hours: { type: "integer" },
        return_date: { type: "string" },
      },
    };
    expect(requiredKinds(schema)).toEqual(["day", "clock"]);
    expect(requiredKinds({ type: "object", properties: { date: { type: "string" } } })).toEqual([]);
  });
});

describe("statedKinds", () => {
  it("reads days and clock times in the request's forms", () => {
    expect([...statedKinds("trains from Phoenix to Los Angeles on April 25, 2023")]).toEqual(["day"]);
    expect([...statedKinds("a table for two next Friday at 7:30 pm")]).toEqual(["day", "clock"]);
    expect([...statedKinds("wake me at 6 a.m.")]).toEqual(["clock"]);
    expect([...statedKinds("a house in Anaheim for 1 person")]).toEqual([]);
    expect([...statedKinds("9 amazing songs")]).toEqual([]);
  });
});

describe("StatedArguments.reorder", () => {
  const stated = new StatedArguments([
    { inputSchema: { type: "object", required: ["from", "date"], properties: { from: { type: "string" }, date: { type: "string" } } } },
    { inputSchema: { type: "object", required: ["from", "date", "start_time"], properties: { from: { type: "string" }, date: { type: "string" }, start_time: { type: "string" } } } },
    { inputSchema: { type: "object", properties: { from: { type: "string" } } } },
  ]);

  it("scores a tool down once per required parameter the request states nothing for", () => {
    const ranked = [
      { doc: 1, score: 10, mask: 0 },
      { doc: 0, score: 9.5, mask: 0 },
      { doc: 2, score: 8.5, mask: 0 },
    ];
    stated.reorder("find trains from Phoenix on April 25, 2023", ranked);
    expect(ranked.map((hit) => [hit.doc, hit.score])).toEqual([
      [0, 9.5],
      [1, 10 * UNSTATED_FACTOR],
      [2, 8.5],
    ]);
    const undated = [
      { doc: 1, score: 10, mask: 0 },
      { doc: 0, score: 9.5, mask: 0 },
      { doc: 2, score: 8.5, mask: 0 },
    ];
    stated.reorder("find trains from Phoenix", undated);
    expect(undated.map((hit) => [hit.doc, hit.score])).toEqual([
      [0, 9.5 * UNSTATED_FACTOR],
      [2, 8.5],
      [1, 10 * UNSTATED_FACTOR ** 2],
    ]);
  });

  it("leaves the order alone when the request states a day and a time", () => {
    const ranked = [
      { doc: 1, score: 10, mask: 0 },
      { doc: 0, score: 9.5, mask: 0 },
    ];
    stated.reorder("trains from Phoenix on April 25, 2023 at 9:00 am", ranked);
    expect(ranked).toEqual([
      { doc: 1, score: 10, mask: 0 },
      { doc: 0, score: 9.5, mask: 0 },
    ]);
  });
});

describe("stated arguments in a catalog", () => {
  const ranked = async (query: string, search: SearchOptions = {}) => {
    const catalog = new ToolCatalog({ search });
    const handler = () => ({ ok: true });
    catalog.defineToolset({ name: "trains", prefix: "", title: "trains", description: "trains" });
    const journey = { from: { type: "string", description: "Departure city." }, to: { type: "string", description: "Arrival city." }, date_of_journey: { type: "string", description: "MM/DD/YYYY." } };
    catalog.register({ name: "find_trains", toolset: "trains", kind: "read", description: "Find the trains that run to a city on a given date, with their classes and fares.", inputSchema: { type: "object", required: ["from", "to", "date_of_journey"], properties: journey }, handler });
    catalog.register({ name: "get_train_tickets", toolset: "trains", kind: "read", description: "Get tickets for trains to a city on a given date, departing at a given time.", inputSchema: { type: "object", required: ["from", "to", "date_of_journey", "journey_start_time"], properties: { ...journey, journey_start_time: { type: "string", description: "HH:MM." } } }, handler });
    return (await catalog.search({ query, limit: 2 })).results.map((result) => result.name);
  };

  it("puts first the tool whose required day and time the request states", async () => {
    expect(await ranked("trains to Boston on April 25, 2023")).toEqual(["find_trains", "get_train_tickets"]);
    expect(await ranked("trains to Boston on April 25, 2023", { statedArguments: false })).toEqual(["get_train_tickets", "find_trains"]);
  });

  it("keeps the ticket tool first when the request gives its time", async () => {
    expect(await ranked("trains to Boston on April 25, 2023 at 9:30 am")).toEqual(["get_train_tickets", "find_trains"]);
  });
});

describe.skipIf(externalCorpora.size === 0)("stated arguments in the external sets", () => {
  // Regression (issue 32, tools-bfcl23 round): each came below a sibling requiring a clock time or a day the request does not state.
  it.each([
    ["bfcl", "Find me trains departing from Phoenix, AZ to Los Angeles on April 25, 2023?", "Trains_1_FindTrains"],
    ["bfcl", "I'll be visiting Anaheim and need a house to stay, for 1 person.", "Hotels_2_SearchHouse"],
    ["bfcl", "I need to see if there is a psychologist in Novato CA.", "Services_4_FindProvider"],
  ])("%s: %s → %s", async (set, query, expected) => {
    expect(await firstExternalHit(set, query)).toBe(expected);
  });
});
