import { describe, expect, it } from "vitest";
import { splitWords, stemWord, summarise } from "../../src/search/text";
import { closestNames } from "../../src/search/fuzzy";

describe("splitWords", () => {
  it("splits identifiers on _ - . and camelCase", () => {
    expect(splitWords("get_pullRequest-v2.list")).toEqual(["get", "pull", "request", "v2", "list"]);
    expect(splitWords("API-get-block-children")).toEqual(["api", "get", "block", "children"]);
    expect(splitWords("HTTPServer")).toEqual(["http", "server"]);
  });

  // Regression: "PRs" was split into "p" and "rs", so "which PRs…" never met "pull request".
  it("keeps an acronym's plural whole", () => {
    expect(splitWords("which PRs and APIs")).toEqual(["which", "prs", "and", "apis"]);
    expect(stemWord("prs")).toBe(stemWord("pr"));
  });

  // The shared analyser folds accents, so a request typed without them still meets the tool.
  it("folds accents of non-ASCII text", () => {
    expect(splitWords("Café crème_brûlée")).toEqual(["cafe", "creme", "brulee"]);
  });
});

describe("summarise", () => {
  it("keeps the first sentence on one line", () => {
    expect(summarise("Get a file.\nUse this when…")).toBe("Get a file.");
    expect(summarise("  Lists all\n  tables in one schema. More.")).toBe("Lists all");
    expect(summarise("x".repeat(200))).toHaveLength(160);
  });
});

describe("closestNames", () => {
  it("ranks names sharing words first", () => {
    const closest = closestNames("list_orders", ["uptime_get_monitor", "eshop_list_orders", "eshop_list_carts", "seo_get_gap"], 2);
    expect(closest).toEqual(["eshop_list_orders", "eshop_list_carts"]);
  });
});
