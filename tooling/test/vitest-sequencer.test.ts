// The whole-suite order (tooling/vitest-sequencer.ts): the long files start first, longest first,
// and every other file keeps vitest's own order (projects by name, then larger files first).
import fs from "node:fs";
import path from "node:path";
import type { TestSpecification, Vitest } from "vitest/node";
import { describe, expect, it } from "vitest";
import { LONG_TEST_FILES, LongFilesFirstSequencer } from "../vitest-sequencer.ts";

const root = "/repo";
const sizes = new Map<string, number>();
function spec(project: string, file: string, size: number): TestSpecification {
  sizes.set(`${project}:${file}`, size);
  return { project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: true } }, moduleId: path.join(root, file) } as unknown as TestSpecification;
}
// No earlier run: vitest orders by project name, then by file size.
const ctx = { config: { root }, cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => ({ size: sizes.get(key) ?? 0 }) } } as unknown as Vitest;

describe("LongFilesFirstSequencer", () => {
  it("starts the long files first, longest first, and keeps vitest's order for the rest", async () => {
    const files = [
      spec("tooling", "tooling/test/hour-turn.test.ts", 100),
      spec("tooling", "tooling/test/release-dry-run.test.ts", 50),
      spec("jsonl", "packages/jsonl/test/line-framer.test.ts", 10),
      spec("reliability", "test/reliability/cycles.test.ts", 10),
      spec("jsonl", "packages/jsonl/test/frame-edges.test.ts", 20),
    ];
    const sorted = await new LongFilesFirstSequencer(ctx).sort(files);
    expect(sorted.map((file) => path.relative(root, file.moduleId))).toEqual([
      "tooling/test/release-dry-run.test.ts",
      "test/reliability/cycles.test.ts",
      "packages/jsonl/test/frame-edges.test.ts",
      "packages/jsonl/test/line-framer.test.ts",
      "tooling/test/hour-turn.test.ts",
    ]);
  });

  it("names files that exist", () => {
    const repo = path.resolve(import.meta.dirname, "../..");
    expect(LONG_TEST_FILES.filter((file) => !fs.existsSync(path.join(repo, file)))).toEqual([]);
  });
});
