// Words that play a function role in a request ("can you help me find…", "I need help with…",
// "right now") say how the user asks, not which tool: a tool named after them (`Now`,
// `ResearchHelper`, a `help` command) must not come first for that reason (search/function-roles.ts).
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import { functionRoles } from "../../src/search/function-roles";
import { externalCorpora, firstExternalHit } from "../__fixtures__/external-first-hit";

describe("functionRoles", () => {
  it("finds help asked of the assistant and the time filler, by stem", () => {
    expect(functionRoles("Can you help me find a hotel right now?")).toEqual({ requestForm: new Set(["help"]), timeFiller: new Set(["now"]) });
    expect(functionRoles("I need assistance in tailoring my resume").requestForm).toEqual(new Set(["assist"]));
    expect(functionRoles("could you assist us with the move").requestForm).toEqual(new Set(["assist"]));
  });

  it("finds a verb of handing over with the user as its object, or asked of the assistant", () => {
    expect(functionRoles("Can you give me some examples of famous movie quotes?").requestForm).toEqual(new Set(["give"]));
    expect(functionRoles("please tell us the opening hours and let me know the prices").requestForm).toEqual(new Set(["tell", "let"]));
    expect(functionRoles("Could you please provide a list of podcasts?").requestForm).toEqual(new Set(["provid"]));
    expect(functionRoles("would you offer some tips").requestForm).toEqual(new Set(["offer"]));
  });

  it("leaves help alone when it is what the request asks for", () => {
    expect(functionRoles("Help me.").requestForm.size).toBe(0);
    expect(functionRoles("show the help for the deploy command").requestForm.size).toBe(0);
    expect(functionRoles("what is happening now").timeFiller.size).toBe(0);
    expect(functionRoles("give the repository a new description").requestForm.size).toBe(0);
    expect(functionRoles("which tool can provide exchange rates").requestForm.size).toBe(0);
  });
});

describe("ToolCatalog.search with function-role words", () => {
  const catalog = () => {
    const tools = new ToolCatalog();
    tools.defineToolset({ name: "apps", prefix: "", title: "apps", description: "apps" });
    const handler = () => ({ ok: true });
    const register = (name: string, description: string) => tools.register({ name, toolset: "apps", kind: "read", description, inputSchema: { type: "object" }, handler });
    register("Now", "Get Google Trends and search trending keywords.");
    register("traffic_radar", "Real-time insights into internet traffic and threats.");
    register("ResearchHelper", "Answers questions about academic papers and draws mind maps from them.");
    register("ResearchFinder", "Search academic papers.");
    register("help", "Lists the commands of the application and what each does.");
    register("therapist_finder", "Discover a therapist by city and insurance.");
    register("get_current_time", "Tells the current time in a city.");
    register("tax_calculator", "Calculate sales tax given a U.S. address (or just a city) and an amount.");
    register("crafty_clues", "Guess the words that the AI craftily clues for you. Add restrictions to make the game more interesting!");
    return tools;
  };
  const names = async (query: string) => (await catalog().search({ query })).results.map((result) => result.name);

  // Regression (issue 32, tools-tune20 round): each came after a tool named for the function word.
  it("ranks the tool the request's content words describe above one named for its function words", async () => {
    expect((await names("Is there unusual internet traffic right now?"))[0]).toBe("traffic_radar");
    expect((await names("Can you help me find academic papers?"))[0]).toBe("ResearchFinder");
    expect((await names("Could you please help me find a therapist in Santa Rosa?"))[0]).toBe("therapist_finder");
    // tools-tune21 round: "give me" met "given a U.S. address".
    expect((await names("What's the point of playing if you're just going to give me impossible clues?"))[0]).toBe("crafty_clues");
  });

  it("still finds the help tool when help is what is asked, and the current time for right now", async () => {
    expect((await names("Help me."))[0]).toBe("help");
    expect((await names("what time is it in Tokyo right now"))[0]).toBe("get_current_time");
    expect((await names("google now trends"))[0]).toBe("Now");
  });
});

describe.skipIf(externalCorpora.size === 0)("function-role words in the external sets", () => {
  // Regression: each came after `Now`, `ResearchHelper` or `help`, named for a function word.
  it.each([
    ["metatool", "I need to know the time right now in Tokyo, Japan.", "timemachine"],
    ["metatool", "Can you help me with a Personality Test?", "mbti"],
    ["bfcl", "Could you please help me find a psychologist in Santa Rosa please?", "Services_4_FindProvider"],
    ["metatool", "Can you give me relevant search results?", "internetSearch"],
    ["metatool", "Can you provide me with a list of restaurants in Japan that I can reserve a table at?", "RestaurantBookingTool"],
  ])("%s: %s → %s first", async (set, query, expected) => {
    expect(await firstExternalHit(set, query)).toBe(expected);
  });
});
