// The MCP conformance suite's client auth/* scenarios (2025-11-25, run in parallel by one CLI
// process) against client-manager's OAuth client: test/__fixtures__/conformance-auth-client.mjs,
// built on dist/ (build first). Only the scenarios listed with a reason in
// __fixtures__/conformance/auth-2025-11-25.yml may fail; a listed one that passes fails the test.
// The SDK's reference client (everything-client in the suite's repository) is not in its npm
// package; docs/benchmarks.md has its figures.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conformanceCli, judgeBaseline, readBaseline, runConformance, scenarioResults } from "../../../tooling/conformance.mjs";
import { fixturesDir, makeTempDir } from "./helpers";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const cli = conformanceCli(packageDir);
const client = path.join(fixturesDir, "conformance-auth-client.mjs");
const baseline = path.join(fixturesDir, "conformance", "auth-2025-11-25.yml");
let workDir: string;
beforeAll(() => {
  workDir = makeTempDir("cm-auth-conformance-");
});
afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe("MCP conformance client auth scenarios", () => {
  it("only the listed auth/* scenarios fail (2025-11-25)", async () => {
    expect(fs.existsSync(path.join(packageDir, "dist/index.js")), "build the package first").toBe(true);
    const run = await runConformance(cli, ["client", "--command", `${process.execPath} ${client}`, "--suite", "auth", "--spec-version", "2025-11-25", "--timeout", "120000", "--expected-failures", baseline], { cwd: workDir });
    const results = scenarioResults(run.output);
    const passing = [...results.values()].filter((result) => result.failed === 0).length;
    console.log(`client-manager auth conformance 2025-11-25: ${passing}/${results.size} scenarios pass`);
    expect(results.size, run.output.slice(-3000)).toBeGreaterThanOrEqual(14);
    expect(judgeBaseline(results, readBaseline(baseline, "client"))).toEqual([]);
    expect(run.code, run.output.slice(-3000)).toBe(0);
  }, 240_000);
});
