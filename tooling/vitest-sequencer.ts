// The order of the whole-suite run on few cores: vitest's own order runs projects by name, so
// the longest file (the release dry run, ~140 s, in "tooling") started last and ran alone while
// the other worker had nothing left. These files start first; the rest keep vitest's order.
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files of over ~40 s in the full run (per-file timings of session 21), longest first. */
export const LONG_TEST_FILES = [
  "tooling/test/release-dry-run.test.ts",
  "packages/client-manager/test/conformance-auth.test.ts",
  "test/reliability/cycles.test.ts",
  "apps/amicited-gateway/test/tenant-isolation.test.ts",
];

export class LongFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_TEST_FILES.indexOf(path.relative(this.ctx.config.root, file.moduleId).split(path.sep).join("/"));
      return index < 0 ? LONG_TEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: files of equal rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
