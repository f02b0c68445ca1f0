import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import { interleaveIntents, requestIntents } from "../../src/search/multi-step";
// The shared 419-tool corpus of real MCP servers (bench/corpus.mjs loads it beside the repository).
import { fillCatalog, loadCorpus } from "../../bench/corpus.mjs";

const corpus = loadCorpus();

describe("requestIntents", () => {
  it("cuts a request into one clause per action it names", () => {
    expect(requestIntents("find the sentry issue, create a github issue for it and send a slack message to the team")).toEqual([
      "find the sentry issue",
      "create a github issue for it",
      "send a slack message to the team",
    ]);
    expect(requestIntents("read the file package.json; commit the change with git, then merge the pull request")).toEqual(["read the file package.json", "commit the change with git", "merge the pull request"]);
  });

  it("keeps a single action whole, commas and 'and' inside it included", () => {
    expect(requestIntents("check the weather in Paris, France and Rome")).toEqual([]);
    expect(requestIntents("enter my email and password into the login fields")).toEqual([]);
    expect(requestIntents("rename report.txt to final.txt")).toEqual([]);
  });
});

describe("interleaveIntents", () => {
  it("puts the whole request's best first, then each clause's best in turn, each tool once", () => {
    const keys = (entry: string) => [entry];
    expect(interleaveIntents(["a", "b", "c", "d", "e", "f"], [["b", "c"], ["e", "a", "f"]], keys)).toEqual(["a", "b", "e", "c", "f", "d"]);
  });

  // Entries standing for near-duplicates carry several names (a tool and its variants).
  it("shows a clause's tool as the whole ranking has it and places each name once", () => {
    type Entry = { names: string[]; from: string };
    const keys = (entry: Entry) => entry.names;
    const whole: Entry[] = [
      { names: ["a"], from: "whole" },
      { names: ["b", "b2"], from: "whole" },
      { names: ["c"], from: "whole" },
      { names: ["b2"], from: "whole" },
      { names: ["d", "a"], from: "whole" },
      { names: ["e"], from: "whole" },
    ];
    const clauses: Entry[][] = [[{ names: ["b2"], from: "clause" }, { names: ["x"], from: "clause" }], [{ names: ["e"], from: "clause" }]];
    const page = interleaveIntents(whole, clauses, keys);
    // b2 is b's variant in the whole ranking: shown as b; x is in no whole entry: shown as the clause has it.
    expect(page).toEqual([whole[0], whole[1], whole[5], clauses[0]![1], whole[2]]);
  });
});

describe.skipIf(corpus === undefined)("multi-step requests over the shared 419-tool corpus", () => {
  const catalog = new ToolCatalog();
  // Collected even when skipped: without the corpus the suite is skipped, not crashed.
  const keyOf = corpus === undefined ? new Map<string, string>() : fillCatalog(catalog, corpus);
  const firstTen = async (query: string) => (await catalog.search({ query })).results.map((result) => [result.name, ...(result.variants ?? [])].map((name) => keyOf.get(name)));

  // Regression: the whole-sentence ranking filled the page with one action's tools (sentry teams,
  // git diffs) and left an action with no right tool in the first ten.
  it.each([
    ["find the sentry issue, create a github issue for it and send a slack message to the team", [["sentry/search_issues"], ["github/issue_write"], ["slack/slack_post_message"]]],
    ["read the file package.json, commit the change with git and then merge the pull request", [["filesystem/read_text_file", "filesystem/read_file"], ["git/git_commit"], ["github/merge_pull_request"]]],
  ])("%s: a right tool for each action in the first ten, on a page of the usual size", async (query, steps) => {
    const page = await firstTen(query);
    expect(page).toHaveLength(10);
    for (const right of steps) expect(page.flat()).toEqual(expect.arrayContaining([expect.toBeOneOf(right)]));
  });
});
