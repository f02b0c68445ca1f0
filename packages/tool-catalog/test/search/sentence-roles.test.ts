// Sentence roles (src/search/sentence-roles.ts): in a request of several sentences, the words only
// the scene-setting ones say count less than the words of the sentences that ask.
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import { sceneOnlyStems } from "../../src/search/sentence-roles";
import { externalCorpora, firstExternalHit } from "../__fixtures__/external-first-hit";

describe("sceneOnlyStems", () => {
  it("returns the words only the sentences that ask nothing hold", () => {
    const scene = sceneOnlyStems("I'm getting Cabin Fever from being cooped up at work. Find a theater event for me in San Francisco?");
    expect(["cabin", "fever", "work"].every((stem) => scene?.has(stem))).toBe(true);
    // Words the asking sentence holds keep their weight, even where the scene says them too.
    expect(["find", "theater", "event", "san", "francisco", "for"].some((stem) => scene?.has(stem))).toBe(false);
  });

  it("reads a statement opening with a subject or a subordinate clause as setting the scene", () => {
    expect(sceneOnlyStems("The build broke last night. Please rerun it")?.has("build")).toBe(true);
    expect(sceneOnlyStems("During our visit we want to see a play. Find a theater event")?.has("visit")).toBe(true);
    // A request form asks even when it opens with a subject.
    const scene = sceneOnlyStems("We need a house to stay. It is for one person.");
    expect(scene?.has("person")).toBe(true);
    expect(scene?.has("hous")).toBe(false);
  });

  it("leaves a one-sentence request, or one where every sentence asks or none does, alone", () => {
    expect(sceneOnlyStems("rename report.txt to final.txt and open a pull request")).toBeUndefined();
    expect(sceneOnlyStems("Find the issue. Then close it.")).toBeUndefined();
    expect(sceneOnlyStems("The site is down. The pager went off.")).toBeUndefined();
    expect(sceneOnlyStems("Perfect. Now show me the logs")).toBeUndefined();
  });
});

describe("ToolCatalog.search with scene-setting sentences", () => {
  const catalog = (sentenceRoles?: boolean) => {
    const tools = new ToolCatalog(sentenceRoles === undefined ? {} : { search: { sentenceRoles } });
    tools.defineToolset({ name: "travel", prefix: "", title: "travel", description: "travel" });
    const handler = () => ({ ok: true });
    tools.register({ name: "plan_vacation_trip", toolset: "travel", kind: "read", description: "Plan a vacation trip for someone travelling: flights, visits and a holiday itinerary.", inputSchema: { type: "object" }, handler });
    tools.register({ name: "find_house", toolset: "travel", kind: "read", description: "Find a house to rent.", inputSchema: { type: "object" }, handler });
    return tools;
  };
  const query = "I am going on vacation, travelling on a trip with visits. Will you find a house for me?";

  // Regression (issue 32, search-tools17 round): the scene's words (vacation, trip) put the
  // travel planner ahead of the house search the request asks for.
  it("ranks the tool the asking sentence wants first", async () => {
    expect((await catalog().search({ query })).results[0]?.name).toBe("find_house");
  });

  it("sentenceRoles: false weighs every sentence alike", async () => {
    expect((await catalog(false).search({ query })).results[0]?.name).toBe("plan_vacation_trip");
  });
});

describe.skipIf(externalCorpora.size === 0)("scene-setting sentences in the external sets", () => {
  // Regression: each came second or lower behind a tool the scene's words matched.
  it.each([
    ["bfcl", "During our visit to San Francisco for a regional conference, my colleagues and I are looking to attend an interesting event on the evening of the 1st October 2023. Find us a Theater event happening in San Francisco on that date?", "Events_3_FindEvents"],
    ["bfcl", "I'm getting Cabin Fever from being cooped up at work and home. find a theater event for me on the 9th of march 2023 in San Francisco? march 2023 is 2023 march", "Events_3_FindEvents"],
    ["metatool", "This pollution is making me sick! Check the air quality forecast for zip code 22222.", "airqualityforeast"],
  ])("%s: %s → %s first", async (set, query, expected) => {
    expect(await firstExternalHit(set, query)).toBe(expected);
  });
});
