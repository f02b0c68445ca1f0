// Docs true by test: every figure the README's headline table quotes must stand in
// docs/benchmarks.md (which `pnpm bench` writes), and every bench script must have a section there.
// A bench run that changes a figure, or a section lost in an edit, fails here until the README follows.
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

  it("finds every README headline figure in docs/benchmarks.md", () => {
    const rows = headlineRows();
    expect(rows.length).toBeGreaterThan(5);
    const missing = rows.flatMap(([claim, measured, baseline]) =>
      figuresIn(`${measured} | ${baseline}`)
        .map((figure) => figure.replace(/ ms$/, "").replace(/^~/, ""))
        .filter((figure) => !report.includes(figure))
        .map((figure) => `${figure} (${claim})`),
    );
    expect(missing, "README figures not in docs/benchmarks.md: run the bench and copy its figures").toEqual([]);
  });

  it("has a section for every bench script", () => {
    const missing = benchScripts().filter((script) => !report.includes(`_Source: \`${script}\``));
    expect(missing, "bench scripts without a section in docs/benchmarks.md: run `pnpm bench <script>`").toEqual([]);
  });
});
