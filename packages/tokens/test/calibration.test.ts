// Calibration: the estimator against a real BPE tokenizer (o200k_base, via gpt-tokenizer) on the
// committed sample texts of each kind. The README's error table comes from this measurement.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { detectTextKind, estimateTokens, type TextKind } from "../src/index";

const samplesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__/samples");
const KIND_BY_FILE: Record<string, TextKind> = {
  "prose.txt": "prose",
  "markdown.md": "markdown",
  "artifact.json": "json",
  "tools.json": "json",
  "code.ts.txt": "code",
  "code.py.txt": "code",
};

function measure() {
  const byKind = new Map<TextKind, { estimated: number; actual: number }>();
  const perFile: Array<{ file: string; kind: TextKind; estimated: number; actual: number }> = [];
  for (const file of readdirSync(samplesDir).sort()) {
    const kind = KIND_BY_FILE[file];
    if (!kind) throw new Error(`sample ${file} has no kind in KIND_BY_FILE`);
    const text = readFileSync(path.join(samplesDir, file), "utf8");
    const estimated = estimateTokens(text);
    const actual = encode(text).length;
    perFile.push({ file, kind, estimated, actual });
    const totals = byKind.get(kind) ?? { estimated: 0, actual: 0 };
    totals.estimated += estimated;
    totals.actual += actual;
    byKind.set(kind, totals);
  }
  return { byKind, perFile };
}

const relativeError = (estimated: number, actual: number) => (estimated - actual) / actual;

describe("estimateTokens calibration against o200k_base", () => {
  const { byKind, perFile } = measure();

  it("covers every kind of text with at least one sample", () => {
    expect([...byKind.keys()].sort()).toEqual(["code", "json", "markdown", "prose"]);
  });

  it("stays within ±10 % of the real tokenizer for each kind", () => {
    const table = [...byKind].map(([kind, t]) => `${kind}: ${t.estimated} vs ${t.actual} (${(relativeError(t.estimated, t.actual) * 100).toFixed(1)} %)`);
    console.info(`calibration\n${table.join("\n")}`);
    for (const [kind, totals] of byKind) {
      expect(Math.abs(relativeError(totals.estimated, totals.actual)), kind).toBeLessThanOrEqual(0.1);
    }
  });

  it("stays within ±5 % in aggregate", () => {
    const estimated = perFile.reduce((sum, f) => sum + f.estimated, 0);
    const actual = perFile.reduce((sum, f) => sum + f.actual, 0);
    expect(Math.abs(relativeError(estimated, actual))).toBeLessThanOrEqual(0.05);
  });

  it("stays within ±15 % on every single sample file", () => {
    for (const f of perFile) expect(Math.abs(relativeError(f.estimated, f.actual)), f.file).toBeLessThanOrEqual(0.15);
  });

  it("recognises the kind of each sample", () => {
    for (const f of perFile) {
      const text = readFileSync(path.join(samplesDir, f.file), "utf8");
      expect(detectTextKind(text), f.file).toBe(f.kind);
    }
  });
});
