// Time fit (src/search/temporal-fit.ts): a request naming a day moves down the tools that say
// they give the present state and take no date.
import { describe, expect, it } from "vitest";
import { ToolCatalog, type SearchOptions } from "../../src/index";
import { asksAboutAnotherDay, NO_DAY_FACTOR, TemporalFit } from "../../src/search/temporal-fit";
import { externalCorpora, firstExternalHit } from "../__fixtures__/external-first-hit";

describe("asksAboutAnotherDay", () => {
  it("is true for a request naming a day", () => {
    expect(asksAboutAnotherDay("How's the weather in LA on March 9th?")).toBe(true);
    expect(asksAboutAnotherDay("weather in Vancouver, BC on the date 2023-03-02")).toBe(true);
  });

  it("is false for a request asking about the present, or only saying what day it is", () => {
    expect(asksAboutAnotherDay("What's the current weather in Paris on 2023-03-02?")).toBe(false);
    expect(asksAboutAnotherDay("What API version is Instana using? Today is Tuesday.")).toBe(false);
    expect(asksAboutAnotherDay("What's the weather in Rome? It's 2023 right now")).toBe(false);
    expect(asksAboutAnotherDay("what is the weather like in Hanoi")).toBe(false);
  });
});

describe("TemporalFit.reorder", () => {
  const fit = new TemporalFit(
    [
      { inputSchema: { type: "object", properties: { city: { type: "string" } } } },
      { inputSchema: { type: "object", properties: { city: { type: "string" }, date: { type: "string" } } } },
      { inputSchema: { type: "object", properties: { start_date: { type: "string" } } } },
      { inputSchema: { type: "object", properties: { date: { type: "string", enum: ["tomorrow", "in a week"] } } } },
    ],
    [["get", "current", "weather"], ["current", "histor", "weather"], ["latest", "read"], ["forecast", "weather"]],
  );

  it("scores down only the present-state tools that take no date, for a request naming a day", () => {
    const ranked = [
      { doc: 0, score: 10, mask: 0 },
      { doc: 1, score: 8, mask: 0 },
      { doc: 2, score: 7, mask: 0 },
    ];
    fit.reorder("weather in Oslo on March 3rd, 2023", ranked);
    expect(ranked).toEqual([
      { doc: 1, score: 8, mask: 0 },
      { doc: 2, score: 7, mask: 0 },
      { doc: 0, score: 10 * NO_DAY_FACTOR, mask: 0 },
    ]);
  });

  it("scores down a tool whose date parameter enumerates only days the request does not say", () => {
    const ranked = [
      { doc: 3, score: 10, mask: 0 },
      { doc: 1, score: 8, mask: 0 },
    ];
    fit.reorder("the weather forecast for Oslo on March 3rd, 2023", ranked);
    expect(ranked.map((hit) => [hit.doc, hit.score])).toEqual([
      [1, 8],
      [3, 10 * NO_DAY_FACTOR],
    ]);
    const asked = [
      { doc: 3, score: 10, mask: 0 },
      { doc: 1, score: 8, mask: 0 },
    ];
    fit.reorder("the weather forecast for Oslo in a week, on Friday", asked);
    expect(asked.map((hit) => [hit.doc, hit.score])).toEqual([
      [3, 10],
      [1, 8],
    ]);
  });

  it("leaves a request naming no day alone", () => {
    const ranked = [
      { doc: 0, score: 10, mask: 0 },
      { doc: 1, score: 8, mask: 0 },
    ];
    fit.reorder("weather in Oslo", ranked);
    expect(ranked.map((hit) => hit.doc)).toEqual([0, 1]);
  });
});

describe("time fit in a catalog", () => {
  const ranked = async (query: string, search: SearchOptions = {}) => {
    const catalog = new ToolCatalog({ search });
    const handler = () => ({ ok: true });
    catalog.defineToolset({ name: "weather", prefix: "", title: "weather", description: "weather" });
    catalog.register({ name: "get_current_weather", toolset: "weather", kind: "read", description: "Get the current weather in a city: temperature, wind and rain.", inputSchema: { type: "object", properties: { city: { type: "string", description: "The city." } } }, handler });
    catalog.register({ name: "get_weather_by_date", toolset: "weather", kind: "read", description: "Get the weather in a city on a given date.", inputSchema: { type: "object", properties: { city: { type: "string", description: "The city." }, date: { type: "string", description: "YYYY-MM-DD." } } }, handler });
    return (await catalog.search({ query, limit: 2 })).results.map((result) => result.name);
  };

  it("puts the tool taking a date first for a request naming a day", async () => {
    expect(await ranked("Can you get me the weather and temperature in Atlanta on March 7th, 2023?")).toEqual(["get_weather_by_date", "get_current_weather"]);
    expect(await ranked("Can you get me the weather and temperature in Atlanta on March 7th, 2023?", { temporalFit: false })).toEqual(["get_current_weather", "get_weather_by_date"]);
  });

  it("keeps the present-state tool first for a request about the present", async () => {
    expect(await ranked("Can you get me the weather and temperature in Atlanta right now? Today is 2023-03-07")).toEqual(["get_current_weather", "get_weather_by_date"]);
  });
});

describe.skipIf(externalCorpora.size === 0)("time fit in the external sets", () => {
  // Regression (issue 32, tools-bfcl22 round): each came below a current-weather function that takes no date.
  it.each([
    ["bfcl", "How's the weather in LA on March 9th?", "Weather_1_GetWeather"],
    ["bfcl", "Can you provide the weather information for Ciudad de Mexico on May 5th, 2023?", "Weather_1_GetWeather"],
    // …and below weather_forecast.get, whose date only takes "tomorrow", "the day after tomorrow" or "in a week".
    ["bfcl", "Canyou check the weather will be like in San Francisco on March 1st 2023?", "Weather_1_GetWeather"],
  ])("%s: %s → %s", async (set, query, expected) => {
    expect(await firstExternalHit(set, query)).toBe(expected);
  });
});
