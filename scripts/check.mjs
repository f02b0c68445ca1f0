#!/usr/bin/env node
// The whole test command (README, .ci/run): set up, then lint (with the layering rule and
// publint), typecheck, and every test project in one vitest run. Ends with one plain line
// "tests: N passed, N failed, N skipped" and a non-zero exit on any failure.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { repoRoot, run, runBeside, setup, toolEnvironment } from "./setup.mjs";

const started = Date.now();
const [command, ...prefix] = setup();
console.log("• lint: eslint (layering rule), the type-aware pass (promises) and package checks (publint)");
// The type-aware pass is one single-threaded process of ~100 s CPU: it runs beside the other
// lint steps and the typecheck instead of before them (2 cores; about 1.5 min less in all).
const typedLint = runBeside(command, [...prefix, "exec", "eslint", "--max-warnings", "0", "--config", "eslint.typed.config.mjs", "packages", "apps"]);
run(command, [...prefix, "exec", "eslint", "--max-warnings", "0", "."]);
run("node", ["tooling/check-packages.mjs", "--require-built"]);
console.log("• typecheck");
run(command, [...prefix, "exec", "turbo", "run", "typecheck", "--output-logs=errors-only"]);
console.log(`• the type-aware lint pass (started with lint): ${await typedLint.finish()}s`);

console.log("• tests");
const reportDir = mkdtempSync(path.join(os.tmpdir(), "foundry-check-"));
const reportFile = path.join(reportDir, "vitest.json");
const tests = spawnSync(command, [...prefix, "exec", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`], {
  cwd: repoRoot,
  stdio: "inherit",
  env: toolEnvironment(),
});
let summary = null;
try {
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  // A file that fails before its tests run (an import error, a missing tool with CI set) has no
  // failed test of its own; count it as one failure so the closing line never reads "0 failed".
  const brokenFiles = (report.testResults ?? []).filter((file) => file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed")).length;
  summary = { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles, brokenFiles, skipped: report.numPendingTests + report.numTodoTests };
} catch (error) {
  console.error(`could not read the test report: ${error.message}`);
}
rmSync(reportDir, { recursive: true, force: true });
const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (summary) {
  const broken = summary.brokenFiles > 0 ? ` (${summary.brokenFiles} of them test files that failed before their tests ran)` : "";
  console.log(`\ntests: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped${broken}`);
}
console.log(`check finished in ${minutes} min`);
if (tests.status !== 0 || !summary || summary.failed > 0 || summary.passed === 0) process.exit(tests.status || 1);
