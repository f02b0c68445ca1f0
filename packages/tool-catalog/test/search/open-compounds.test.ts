import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import type { SearchOptions } from "../../src/search/tool-search";
import { Bm25fIndex } from "../../src/search/bm25f-index";
import { closedCompound } from "../../src/search/open-compounds";

const indexOf = (...texts: string[]) =>
  new Bm25fIndex(texts.map((description, at) => ({ name: `tool_${at}`, toolsetText: "dev", description, inputSchema: { type: "object" as const } })));

describe("closedCompound", () => {
  const index = indexOf("Runs the setup of a workspace.", "Lists the oncall schedule.", "Copies within a folder.", "Opens the login page.");

  it("joins two request words that some tool writes as one", () => {
    expect(closedCompound("set", "up", index)).toBe("setup");
    expect(closedCompound("log", "in", index)).toBe("login");
    expect(closedCompound("on", "call", index)).toBe("oncall");
    // A camel-case identifier's whole form is a word of the index too (a `newText` parameter).
    const parameters = new Bm25fIndex([{ name: "write_note", toolsetText: "notes", description: "Writes a note.", inputSchema: { type: "object", properties: { newText: { type: "string" } } } }]);
    expect(closedCompound("new", "text", parameters)).toBe("newtext");
  });

  it("leaves words apart when no tool holds the join, both are function words, or the join is short", () => {
    expect(closedCompound("look", "up", index)).toBeUndefined();
    expect(closedCompound("with", "in", index)).toBeUndefined();
    expect(closedCompound("log", "on", index)).toBeUndefined();
    expect(closedCompound("Set", "up", index)).toBeUndefined();
  });
});

describe("open compounds in a catalog's ranking", () => {
  const ranked = async (query: string, search: SearchOptions = {}) => {
    const catalog = new ToolCatalog({ search });
    catalog.defineToolset({ name: "music", prefix: "", title: "music", description: "music" });
    const tool = (name: string, description: string) =>
      catalog.register({ name, toolset: "music", kind: "read", description, inputSchema: { type: "object" }, handler: () => ({ ok: true }) });
    tool("share_playlist", "Shares a playlist with a friend.");
    tool("share_play_count", "Shares how often a song was played.");
    tool("write_note", "Writes a note.");
    return (await catalog.search({ query, limit: 5 })).results.map((result) => result.name);
  };

  it("finds the tool that writes the request's two words as one", async () => {
    expect(await ranked("share my play list")).toEqual(["share_playlist", "share_play_count"]);
    expect(await ranked("send a friend my play list")).toEqual(["share_playlist", "share_play_count"]);
    expect(await ranked("share my play list", { openCompounds: false })).toEqual(["share_play_count", "share_playlist"]);
  });

  it("leaves a pair no tool writes as one to its words", async () => {
    expect(await ranked("share the play count")).toEqual(["share_play_count", "share_playlist"]);
  });
});
