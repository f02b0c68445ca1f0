import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";
import { argumentWords } from "../../src/search/arguments";

const nothingKnown = () => false;

describe("argumentWords", () => {
  it("takes paths, dotted names, ids, numbers, channels and quoted or named titles", () => {
    expect([...argumentWords("rename report.txt to final.txt", nothingKnown)]).toEqual(["report", "txt", "final"]);
    expect([...argumentWords("show config/settings.yaml", nothingKnown)]).toEqual(["config", "settings", "yaml"]);
    expect([...argumentWords("what was said in #incidents on PR 88", nothingKnown)]).toEqual(["incidents", "88"]);
    expect([...argumentWords('make a branch called hotfix and a page "Release notes"', nothingKnown)]).toEqual(["release", "notes", "hotfix"]);
    expect([...argumentWords("refund cus_123", nothingKnown)]).toEqual(["cus", "123"]);
  });

  it("leaves plain words and vocabulary words with digits alone", () => {
    expect([...argumentWords("list the open pull requests", nothingKnown)]).toEqual([]);
    expect([...argumentWords("p99 latency of r2 in k8s", (word) => word === "p99")]).toEqual([]);
  });
});

describe("argument-aware ranking", () => {
  // Regression: a file name in the request ("final.txt") named another tool (finalize_invoice)
  // and outranked the tool that does what was asked.
  it("weighs a value's words less where a tool's name holds them", async () => {
    const catalog = new ToolCatalog();
    catalog.defineToolset({ name: "files", prefix: "files_", title: "Files", description: "Local files." });
    catalog.defineToolset({ name: "billing", prefix: "billing_", title: "Billing", description: "Invoices." });
    const noop = { type: "object" } as const;
    catalog.register({ name: "files_move_file", toolset: "files", kind: "write", description: "Move or rename a file.", inputSchema: noop, handler: () => null });
    catalog.register({ name: "billing_finalize_invoice", toolset: "billing", kind: "write", description: "Finalize a draft invoice so it can be paid.", inputSchema: noop, handler: () => null });
    const names = async (query: string) => (await catalog.search({ query })).results.map((result) => result.name);
    expect((await names("rename report.txt to final.txt"))[0]).toBe("files_move_file");
    expect((await names("finalize the draft invoice"))[0]).toBe("billing_finalize_invoice");
  });
});
