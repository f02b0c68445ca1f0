// A tool matched only through its name (a word its own description, title and parameters never
// say) counts less than one its own text explains: such a name word is mostly a brand or a common
// word ("Now", "locator"), weak evidence alone (search/rank.ts, NAME_ONLY_FACTOR).
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import { externalCorpora, firstExternalHit } from "../__fixtures__/external-first-hit";

describe("ToolCatalog.search with a tool matched only by its name", () => {
  const catalog = () => {
    const tools = new ToolCatalog();
    tools.defineToolset({ name: "apps", prefix: "", title: "apps", description: "apps" });
    const handler = () => ({ ok: true });
    tools.register({ name: "now", toolset: "apps", kind: "read", description: "Get Google Trends and search trending keywords.", inputSchema: { type: "object" }, handler });
    tools.register({ name: "space_tracker", toolset: "apps", kind: "read", description: "Show the space station's coordinates, the names of its crew and the news of the day.", inputSchema: { type: "object" }, handler });
    tools.register({ name: "clock", toolset: "apps", kind: "read", description: "Tells the time now.", inputSchema: { type: "object" }, handler });
    tools.register({ name: "weather", toolset: "apps", kind: "read", description: "Forecast for a city.", inputSchema: { type: "object" }, handler });
    return tools;
  };

  // Regression (issue 32, search-names17 round): "right now" put the brand-named `now` first.
  it("ranks the tool whose description explains the request above one that only its name matches", async () => {
    const { results } = await catalog().search({ query: "where is the station now?" });
    expect(results[0]?.name).toBe("space_tracker");
    expect(results.map((result) => result.name)).toContain("now");
  });

  it("still finds a tool only its name matches, first when nothing else matches", async () => {
    expect((await catalog().search({ query: "google now" })).results[0]?.name).toBe("now");
    expect((await catalog().search({ query: "weather forecast" })).results[0]?.name).toBe("weather");
  });
});

describe.skipIf(externalCorpora.size === 0)("name-only matches in the external sets", () => {
  // Regression: each came second behind a tool only its name matched (`Now`, `abc_to_audio`).
  it.each([
    ["metatool", "I wonder where the International Space Station is right now. Any idea?", "locator"],
    ["metatool", "I want to create an audio version of my presentation slides. How can I do that?", "speechki_tts_plugin"],
  ])("%s: %s → %s first", async (set, query, expected) => {
    expect(await firstExternalHit(set, query)).toBe(expected);
  });
});
