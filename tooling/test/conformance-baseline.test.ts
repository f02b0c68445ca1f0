// The expected-failures discipline of tooling/conformance.mjs: every entry says why, a failing
// scenario the file does not name and a listed scenario that passes are both reported.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { judgeBaseline, readBaseline, scenarioResults } from "../conformance.mjs";

const dirs: string[] = [];
function baselineFile(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "baseline-"));
  dirs.push(dir);
  const file = path.join(dir, "baseline.yml");
  fs.writeFileSync(file, text);
  return file;
}
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const OUTPUT = "noise ✗ early: 0 passed, 1 failed\n=== SUMMARY ===\n✓ ping: 2 passed, 0 failed\n✗ caching: 6 passed, 2 failed\n✗ tools-call-image: 1 passed, 1 failed\n✓ prompts-list: 2 passed, 0 failed\n\nTotal: 11 passed, 3 failed\n";

describe("conformance baselines", () => {
  it("reads the SUMMARY section only", () => {
    expect([...scenarioResults(OUTPUT).keys()]).toEqual(["ping", "caching", "tools-call-image", "prompts-list"]);
  });

  it("reads a client suite's summary, counting warnings as failures", () => {
    const results = scenarioResults("=== SUITE SUMMARY ===\n\n✓ auth/pre-registration: 14 passed, 0 failed\n✗ auth/basic-cimd: 14 passed, 0 failed, 1 warnings\n");
    expect(Object.fromEntries(results)).toEqual({ "auth/pre-registration": { passed: 14, failed: 0 }, "auth/basic-cimd": { passed: 14, failed: 1 } });
  });

  it("refuses an entry without a reason, naming the line", () => {
    const file = baselineFile("server:\n  - ping # fine\n  - caching\n");
    expect(() => readBaseline(file, "server")).toThrow(/baseline\.yml:3: entry caching has no reason/);
  });

  it("reads wholesale and per-check entries of one section", () => {
    const file = baselineFile("# header\nserver:\n  - caching:sep-2549-prompts-list-caching-hints # no prompts\nclient:\n  - auth/dpop # extension\n");
    expect(readBaseline(file, "server")).toEqual([{ entry: "caching:sep-2549-prompts-list-caching-hints", scenario: "caching", check: "sep-2549-prompts-list-caching-hints", reason: "no prompts" }]);
  });

  it("reports an unlisted failure, a listed scenario that passes, and an entry the run has not got", () => {
    const file = baselineFile("server:\n  - caching:one-check # why\n  - prompts-list # fixture prompts\n  - gone # removed from the suite\n");
    expect(judgeBaseline(scenarioResults(OUTPUT), readBaseline(file, "server"))).toEqual([
      "tools-call-image failed 1 check(s) and is not in the expected-failures file",
      "prompts-list passes now: remove it from the expected-failures file",
      "gone is listed but the run has no such scenario",
    ]);
  });
});
