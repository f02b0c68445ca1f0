import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import { actionFit, requestActions, toolActions, ACTION_MISFIT_FACTOR, READ_SIBLING_FACTOR } from "../../src/search/intent";
import { joinedWords, splitQueryWords, stemWord } from "../../src/search/text";

describe("word forms", () => {
  it("joins a word family and irregular forms to one stem", () => {
    expect(stemWord("deployment")).toBe(stemWord("deploy"));
    expect(stemWord("deployed")).toBe(stemWord("deploy"));
    expect(stemWord("analysis")).toBe(stemWord("analyze"));
    expect(stemWord("notification")).toBe(stemWord("notify"));
    expect(stemWord("written")).toBe(stemWord("write"));
    expect(stemWord("ran")).toBe(stemWord("run"));
  });

  it("keeps a mixed-case brand whole when the catalog knows it, and splits identifiers otherwise", () => {
    expect(joinedWords("Ask GitHub or PostgreSQL, not get_me")).toEqual(["github", "postgresql"]);
    expect(splitQueryWords("who am I on GitHub", (word) => word === "github")).toEqual(["who", "am", "i", "on", "github"]);
    expect(splitQueryWords("call getPullRequest", () => false)).toEqual(["call", "get", "pull", "request"]);
  });

  it("reads a time of day as the hour and am/pm", () => {
    expect(splitQueryWords("3pm in Berlin", () => false)).toEqual(["3", "pm", "in", "berlin"]);
  });
});

describe("action model", () => {
  it("reads the request's verbs firmly, not its past participles", () => {
    expect([...requestActions("remove a monitor")]).toEqual([["delete", "firm"]]);
    expect([...requestActions("purchases made in the store")]).toEqual([["list", "weak"]]);
    expect([...requestActions("run the nightly job")]).toEqual([["run", "firm"]]);
  });

  it("reads the question form weakly: which/all/plurals list, how-do-I explains, a question reads", () => {
    expect(requestActions("which files are modified in my working copy")).toEqual(new Map([["list", "weak"], ["read", "firm"]]));
    expect(requestActions("how do I instrument tracing in a Next.js app")).toEqual(new Map([["explain", "weak"]]));
    expect(requestActions("is the cluster reachable")).toEqual(new Map([["read", "firm"]]));
  });

  it("takes actions the vocabulary implies", () => {
    expect([...requestActions("mkdir for the build", ["creat", "directori"])]).toEqual([["create", "firm"]]);
  });

  it("reads a tool's action from its name, else its kind; a read tool named for a plural also lists", () => {
    expect(toolActions("list_pull_requests", "read")).toEqual(["list"]);
    expect(toolActions("get_teams", "read")).toEqual(["get", "list"]);
    expect(toolActions("get_me", "read")).toEqual(["get"]);
    expect(toolActions("merge_pull_request", "write")).toEqual(["update"]);
    expect(toolActions("execute_sql", "write")).toEqual(["run"]);
    expect(toolActions("sequentialthinking", "write")).toEqual(["write"]);
    expect(toolActions("network_requests", "read")).toEqual(["get", "list"]);
  });

  it("ranks a sibling down a little and a contradiction more; a hint never lifts a contradiction", () => {
    const list = requestActions("list the gists");
    expect(actionFit(list, ["list"])).toBe(1);
    expect(actionFit(list, ["get"])).toBe(READ_SIBLING_FACTOR);
    expect(actionFit(list, ["create"])).toBe(ACTION_MISFIT_FACTOR);
    expect(actionFit(requestActions("dump the people and links"), ["delete"])).toBe(ACTION_MISFIT_FACTOR);
    expect(actionFit(requestActions("show every alert"), ["list"])).toBe(1);
    expect(actionFit(requestActions("add a note"), ["write"])).toBe(1);
    expect(actionFit(requestActions("which PRs are waiting for review"), toolActions("merge_pull_request", "write"))).toBe(ACTION_MISFIT_FACTOR);
  });

  // Regression: list, get and create of one object scored alike (every read fitted every read, and
  // create fitted update), so the request's wording decided between siblings only by chance.
  it("separates list, get and create siblings of the same object", async () => {
    const catalog = new ToolCatalog();
    catalog.defineToolset({ name: "gists", prefix: "gists_", title: "Gists", description: "Code snippets." });
    const noop = { type: "object" } as const;
    catalog.register({ name: "gists_list_gists", toolset: "gists", kind: "read", description: "Gists of a user: id, title and when each gist changed.", inputSchema: noop, handler: () => null });
    catalog.register({ name: "gists_get_gist", toolset: "gists", kind: "read", description: "One gist by id: its title, files and content.", inputSchema: noop, handler: () => null });
    catalog.register({ name: "gists_create_gist", toolset: "gists", kind: "write", description: "A new gist from a title and files.", inputSchema: noop, handler: () => null });
    const first = async (query: string) => (await catalog.search({ query })).results[0]?.name;
    expect(await first("which gists does octocat have")).toBe("gists_list_gists");
    expect(await first("show gist 4711 with its files")).toBe("gists_get_gist");
    expect(await first("make a gist from these files")).toBe("gists_create_gist");
  });
});
