import { describe, expect, it } from "vitest";
import { intentFits, requestIntents, toolIntent } from "../../src/search/intent";
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

describe("action intent", () => {
  it("reads the request's verbs, not its past participles", () => {
    expect([...requestIntents("remove a monitor")]).toEqual(["delete"]);
    expect([...requestIntents("which files are modified in my working copy")]).toEqual(["read"]);
    expect([...requestIntents("purchases made in the store")]).toEqual([]);
  });

  it("takes actions the vocabulary implies", () => {
    expect([...requestIntents("mkdir for the build", ["creat", "directori"])]).toEqual(["create"]);
  });

  it("treats a write tool without an action word as a change, which a question does not fit", () => {
    expect(toolIntent("merge_pull_request", "write")).toBe("update");
    expect(toolIntent("sequentialthinking", "write")).toBe("write");
    expect(intentFits(requestIntents("which PRs are waiting for review"), toolIntent("merge_pull_request", "write"))).toBe(false);
    expect(intentFits(requestIntents("add a note"), "write")).toBe(true);
    expect(intentFits(requestIntents("deploy a chart"), toolIntent("uninstall_helm_chart", "destructive"))).toBe(false);
  });
});
