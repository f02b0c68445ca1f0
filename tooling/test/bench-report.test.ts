// `pnpm bench WORD…` (scripts/bench/report-sections.mjs): a partial run replaces only the sections its
// scripts printed, keeps every other one as it was, and dates what it wrote.
import { describe, expect, it } from "vitest";
import { mergeSections, sectionsOfOutput, splitSections } from "../../scripts/bench/report-sections.mjs";

const REPORT = `# Benchmarks

- Date: 2026-11-30 03:47 UTC

## Memory

| facts | warm |
| --- | --- |
| 1,000 | 0.36 |

A note written beside the memory table.

## Tool catalog

| tools | median search |
| --- | --- |
| 419 | 0.15 ms |
`;

const WHEN = new Date("2026-12-04T12:30:00Z");

describe("bench report sections", () => {
  it("splits the report at its ## headings, keeping the preamble apart", () => {
    const { preamble, sections } = splitSections(REPORT);
    expect(preamble).toBe("# Benchmarks\n\n- Date: 2026-11-30 03:47 UTC\n");
    expect(sections.map((section) => section.heading)).toEqual(["## Memory", "## Tool catalog"]);
    expect(sections[0]?.text).toContain("A note written beside the memory table.");
  });

  it("replaces a section in place and keeps the others byte for byte", () => {
    const fresh = sectionsOfOutput("## Tool catalog\n\n| tools | median search |\n| --- | --- |\n| 419 | 0.12 ms |\n", "packages/tool-catalog/bench/run.mjs", "6", WHEN);
    const merged = mergeSections(REPORT, fresh);
    expect(merged).toContain("| 419 | 0.12 ms |\n\n_Source: `packages/tool-catalog/bench/run.mjs`, 6 s, run on 2026-12-04 12:30 UTC._");
    expect(merged).not.toContain("0.15 ms");
    expect(merged).toContain("| 1,000 | 0.36 |\n\nA note written beside the memory table.\n\n## Tool catalog");
    expect(merged.indexOf("## Memory")).toBeLessThan(merged.indexOf("## Tool catalog"));
  });

  it("appends a section the report did not have, after the others", () => {
    const fresh = sectionsOfOutput("## Gateway throughput by store\n\n| store | calls/s |\n", "bench/gateway-instances.mjs", "120", WHEN);
    const merged = mergeSections(REPORT, fresh);
    expect(merged.trimEnd().endsWith("_Source: `bench/gateway-instances.mjs`, 120 s, run on 2026-12-04 12:30 UTC._")).toBe(true);
    expect(splitSections(merged).sections.map((section) => section.heading)).toEqual(["## Memory", "## Tool catalog", "## Gateway throughput by store"]);
  });

  it("dates every section a script printed, not just its last", () => {
    const fresh = sectionsOfOutput("## A\n\none\n\n## B\n\ntwo\n", "x/bench/run.mjs", "3", WHEN);
    expect(fresh.map((section) => section.text.split("\n").at(-1))).toEqual([
      "_Source: `x/bench/run.mjs`, 3 s, run on 2026-12-04 12:30 UTC._",
      "_Source: `x/bench/run.mjs`, 3 s, run on 2026-12-04 12:30 UTC._",
    ]);
  });

  it("refuses a script's output with no section instead of writing an empty one", () => {
    expect(() => sectionsOfOutput("just a table\n", "y/bench/run.mjs", "1", WHEN)).toThrow('y/bench/run.mjs printed no "## " section; a bench script prints markdown sections');
  });
});
