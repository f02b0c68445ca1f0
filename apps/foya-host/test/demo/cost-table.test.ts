// The demo's token table: figures from @foundry-mcp/tokens, totals, and the saving line.
import { estimateTokens } from "@foundry-mcp/tokens";
import { describe, expect, it } from "vitest";
import { formatCostTable, measureRows, savingLine } from "../../src/demo/cost-table";

const small = "one short answer";
const large = "a long list of tool definitions ".repeat(200);

describe("cost table", () => {
  const figures = measureRows([
    { step: "tool definitions", frugal: "4 tools", frugalText: small, eager: "300 tools", eagerText: large },
    { step: "search | describe", frugal: "names", frugalText: small, eager: "(already listed)", eagerText: undefined },
  ]);

  it("measures each side with estimateTokens and leaves absent sides at zero", () => {
    expect(figures[0]).toMatchObject({ frugalTokens: estimateTokens(small), eagerTokens: estimateTokens(large) });
    expect(figures[1]?.eagerTokens).toBe(0);
  });

  it("prints a markdown table with escaped cells and totals", () => {
    const table = formatCostTable("tools step", figures);
    const lines = table.trim().split("\n");
    expect(lines[0]).toBe("| tools step | foya path | tokens | eager alternative | tokens |");
    expect(lines[3]).toContain("search \\| describe");
    expect(lines[3]).toContain("| — |");
    expect(lines[4]).toBe(`| **total** | | **~${2 * estimateTokens(small)}** | | **~${estimateTokens(large)}** |`);
  });

  it("states the saving", () => {
    const saved = estimateTokens(large) - 2 * estimateTokens(small);
    expect(savingLine(figures)).toBe(`Saved ~${saved} tokens (${Math.round((saved / estimateTokens(large)) * 100)}% less than the eager path).`);
  });
});
