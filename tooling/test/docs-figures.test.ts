// Docs true by test: every figure the README's headline table quotes must stand in
// docs/benchmarks.md (which `pnpm bench` writes) in the row of its own set (or, for a figure given
// in prose, the same paragraph), the gateway README's tools/list figures must be the report's, and
// every bench script must have a section there. A bench run
// that changes a figure, or a section lost in an edit, fails here until the README follows.
// Regression (session 19): a figure passed when its number stood anywhere in the report, so a
// README row could quote another set's figure (BFCL's beside MetaTool's name) and still pass.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const report = readFileSync(path.join(root, "docs/benchmarks.md"), "utf8");

/** The README's "## Benchmarks" table rows as [claim, measured, baseline]. */
function headlineRows(): string[][] {
  const section = readme.slice(readme.indexOf("\n## Benchmarks"));
  const table = section.slice(section.indexOf("| claim |"));
  return table
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2)
    .map((line) => line.slice(1, -1).split("|").map((cell) => cell.trim()));
}

/** The figures in a cell: numbers with the unit or sign that makes them a figure (×, %, ms, ~). */
function figuresIn(cell: string): string[] {
  return [...cell.matchAll(/~?\d[\d,]*(?:\.\d+)?(?:–\d[\d,]*(?:\.\d+)?)?(?:×|%| ms)?/g)].map((match) => match[0]).filter((figure) => /[.×%~–]|ms/.test(figure));
}

/**
 * Where each README headline figure comes from: per row (by the start of its claim), one label per
 * figure of `measured | baseline` in order, each the strings that the report's table row (or
 * paragraph) holding that figure must also hold: the set, and the system where a set has several.
 */
const FIGURE_SOURCES: Record<string, string[][]> = {
  "memory: tokens per session": [["| 200 |"], ["| 10000 |"]],
  "memory: right fact first (recall@1), 60 labelled queries": [["| @foundry-mcp/memory (BM25F"], ["| plain BM25, all files |"]],
  "memory: right fact first on holdout 18": [
    ["| holdout 18 (", "| memory after |"],
    ["| holdout 18 (", "| memory after |"],
    ["| holdout 18 (", "| plain BM25, active facts |"],
    ["| holdout 18 (", "| plain BM25, active facts |"],
  ],
  "memory: right fact first on holdout 17": [
    ["| holdout 17 (", "| memory after |"],
    ["| holdout 17 (", "| memory after |"],
    ["| holdout 17 (", "| plain BM25, active facts |"],
    ["| holdout 17 (", "| plain BM25, active facts |"],
  ],
  "memory: right fact first on holdout 16": [
    ["| holdout 16 (", "| memory after |"],
    ["| holdout 16 (", "| memory after |"],
    ["| holdout 16 (", "| plain BM25, active facts |"],
    ["| holdout 16 (", "| plain BM25, active facts |"],
  ],
  "memory: right fact first on holdout 15": [
    ["| holdout 15 (", "| memory after |"],
    ["| holdout 15 (", "| memory after |"],
    ["| holdout 15 (", "| plain BM25, active facts |"],
    ["| holdout 15 (", "| plain BM25, active facts |"],
  ],
  "memory: right fact first on holdout 14": [
    ["| holdout 14 (", "| memory after |"],
    ["| holdout 14 (", "| memory after |"],
    ["| holdout 14 (", "| plain BM25, active facts |"],
    ["| holdout 14 (", "| plain BM25, active facts |"],
  ],
  "memory: right fact first on holdout 13": [
    ["| holdout 13 (", "| memory after |"],
    ["| holdout 13 (", "| memory after |"],
    ["| holdout 13 (", "| plain BM25, active facts |"],
    ["| holdout 13 (", "| plain BM25, active facts |"],
  ],
  "memory: right fact first on holdout 12": [
    ["| holdout 12 (", "| memory after |"],
    ["| holdout 12 (", "| memory after |"],
    ["| holdout 12 (", "| plain BM25, active facts |"],
    ["| holdout 12 (", "| plain BM25, active facts |"],
  ],
  "tools: tokens of tools/list, gateway": [["| tools/list |"], ["| one round: search"]],
  "tools: one full find → describe → run round": [["| progressive: four base tools"], ["| eager: every tool listed"]],
  "tools: right tool first on holdout 10": [
    ["| holdout 10 (", "| catalog after |"],
    ["| holdout 10 (", "| catalog after |"],
    ["| holdout 10 (", "| plain BM25 |"],
    ["| holdout 10 (", "| plain BM25 |"],
  ],
  "tools: right tool first on sets nobody here wrote": [
    ["| BFCL v4 live_multiple,", "| catalog after |"],
    ["| BFCL v4 live_multiple,", "| catalog after |"],
    ["| MetaTool, 199 tools", "| catalog after |"],
    ["| MetaTool, 199 tools", "| catalog after |"],
    ["| BFCL v4 live_multiple,", "| plain BM25 |"],
    ["| BFCL v4 live_multiple,", "| plain BM25 |"],
    ["| MetaTool, 199 tools", "| plain BM25 |"],
    ["| MetaTool, 199 tools", "| plain BM25 |"],
  ],
  "aggregator overhead, one `tools/call` through `foya serve`": [
    ["| 1 | foya serve (stdio) |"],
    ["| 1 | foya serve (stdio) |"],
    ["| 1 | foya serve (stdio) |"],
    ["| 1 | bare SDK relay (stdio) |"],
  ],
  "connecting 50 servers": [["| 50 |"]],
  "gateway throughput, `run_tool` at 32 clients": [["| 32 |"], ["| 32 |"]],
};

/** The report's units a figure may be quoted from: each table row, and each paragraph of prose. */
function unitsOf(text: string): string[] {
  const units: string[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => void (paragraph.length > 0 && units.push(paragraph.join("\n")), (paragraph = []));
  for (const line of text.split("\n")) {
    if (line.startsWith("|")) {
      endParagraph();
      units.push(line);
    } else if (line.trim() === "") endParagraph();
    else paragraph.push(line);
  }
  endParagraph();
  return units;
}

/** Whether `unit` holds `figure` as a whole number (0.30 is not in 0.300, 1.1 not in 21.1). */
function holdsFigure(unit: string, figure: string): boolean {
  const escaped = figure.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\d.,])${escaped}(?![\\d]|[.,]\\d)`).test(unit);
}

/**
 * The README rows' figures that do not stand in the report beside their set's label, as
 * `figure (claim)`; rows without an entry in `sources` (or with another number of figures) are named too.
 */
function misplacedFigures(rows: string[][], report: string, sources: Record<string, string[][]>): string[] {
  const units = unitsOf(report);
  return rows.flatMap(([claim = "", measured, baseline]) => {
    const figures = figuresIn(`${measured} | ${baseline}`).map((figure) => figure.replace(/ ms$/, "").replace(/^~/, ""));
    const key = Object.keys(sources).find((start) => claim.startsWith(start));
    const labels = key === undefined ? undefined : sources[key];
    if (!labels || labels.length !== figures.length) return [`${figures.length} figures, ${labels?.length ?? "no"} labels in FIGURE_SOURCES (${claim})`];
    return figures.flatMap((figure, at) => {
      const label = labels[at] ?? [];
      const found = units.some((unit) => label.every((part) => unit.includes(part)) && holdsFigure(unit, figure));
      return found ? [] : [`${figure} beside ${label.join(" + ")} (${claim})`];
    });
  });
}

function benchScripts(): string[] {
  const found: string[] = [];
  for (const group of ["packages", "apps"]) {
    for (const name of readdirSync(path.join(root, group))) {
      if (existsSync(path.join(root, group, name, "bench", "run.mjs"))) found.push(`${group}/${name}/bench/run.mjs`);
    }
  }
  for (const file of readdirSync(path.join(root, "bench"))) if (file.endsWith(".mjs") && !file.startsWith("_")) found.push(`bench/${file}`);
  return found;
}

describe("docs true by test", () => {
  it("reads figures, not counts or names", () => {
    expect(figuresIn("1716 calls/s (1614–1748 over 3 rounds), 0.98× of calling")).toEqual(["1614–1748", "0.98×"]);
    expect(figuresIn("51.1% (recall@5 78.7%)")).toEqual(["51.1%", "78.7%"]);
    expect(figuresIn("~1110 tokens, ×106 fewer")).toEqual(["~1110"]);
    expect(figuresIn("added p50 0.70 ms, 0.87 of")).toEqual(["0.70 ms", "0.87"]);
  });

  it("finds a figure only as a whole number in the row of its own set", () => {
    const table = "| set | system | top-1 |\n| --- | --- | --- |\n| BFCL v4 live_multiple, 1053 requests | catalog after | 72.6% |\n| MetaTool, 199 tools | catalog after | 51.7% |\n\nProse: the relay adds 0.300 ms.";
    const sources = { "tools: right tool first": [["| MetaTool, 199 tools", "| catalog after |"]], "relay": [["the relay adds"]] };
    expect(misplacedFigures([["tools: right tool first on MetaTool", "51.7%", ""]], table, sources)).toEqual([]);
    // The wrong set's figure: it stands in the report, but in BFCL's row.
    expect(misplacedFigures([["tools: right tool first on MetaTool", "72.6%", ""]], table, sources)).toEqual(["72.6% beside | MetaTool, 199 tools + | catalog after | (tools: right tool first on MetaTool)"]);
    expect(misplacedFigures([["relay", "0.30 ms", ""]], table, sources)).toEqual(["0.30 beside the relay adds (relay)"]);
    expect(misplacedFigures([["unknown row", "1.5×", ""]], table, sources)).toEqual(["1 figures, no labels in FIGURE_SOURCES (unknown row)"]);
  });

  it("finds every README headline figure in docs/benchmarks.md, in its own set's row", () => {
    const rows = headlineRows();
    expect(rows.length).toBeGreaterThan(5);
    expect(
      misplacedFigures(rows, report, FIGURE_SOURCES),
      "README figures not in their set's row of docs/benchmarks.md: copy the bench's figures, or name a new row's sets in FIGURE_SOURCES",
    ).toEqual([]);
  });

  // The gateway README's opening figures (tokens of tools/list, base tools and every toolset) and
  // its ratio are the report's "| tools/list |" row; they had gone stale at 591 / 73,358 and 124×.
  it("quotes the gateway's tools/list tokens and ratio as the report's row has them", () => {
    const gateway = readFileSync(path.join(root, "apps/amicited-gateway/README.md"), "utf8");
    const row = /^\| tools\/list \| ~(\d+) \| ~(\d+) \| ([\d.]+)× \|$/m.exec(report);
    expect(row, "docs/benchmarks.md has no '| tools/list |' row").not.toBeNull();
    const [, base, all, ratio] = row!;
    const quoted = /base tools costs about ([\d,]+) tokens\. Pinning every toolset \(`\?toolsets=all`\) costs\s+about ([\d,]+) tokens/.exec(gateway);
    expect(quoted, "the gateway README's opening token figures").not.toBeNull();
    expect([quoted![1]!.replaceAll(",", ""), quoted![2]!.replaceAll(",", "")]).toEqual([base, all]);
    expect(gateway).toContain(`(about ${Math.round(Number(ratio))}× apart)`);
  });

  it("has a section for every bench script", () => {
    const missing = benchScripts().filter((script) => !report.includes(`_Source: \`${script}\``));
    expect(missing, "bench scripts without a section in docs/benchmarks.md: run `pnpm bench <script>`").toEqual([]);
  });
});
