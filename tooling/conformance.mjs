// Runs the MCP conformance suite (@modelcontextprotocol/conformance 0.2.x, which needs Node 22:
// on Node 20 it runs on the pinned Node 22 from tooling/node-runtime.mjs) for the tests that
// measure our servers and clients, and keeps their expected-failures files true:
//   - every entry names a scenario (or `scenario:check-id`) and says why after a `#`;
//   - the CLI (given the file) fails the run on a failure outside it and on a listed scored
//     scenario that passes; judgeBaseline() adds the same two rules for the scenarios the
//     revision runs without scoring (extensions, pending), which the CLI leaves out of its verdict.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { nodeAtLeast } from "./node-runtime.mjs";

/** The CLI's entry file, resolved from a package that lists the suite as a devDependency. */
export function conformanceCli(packageDir) {
  const require = createRequire(path.join(packageDir, "package.json"));
  const manifestPath = require.resolve("@modelcontextprotocol/conformance/package.json");
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
  return path.join(path.dirname(manifestPath), manifest.bin.conformance);
}

/** Runs the CLI with `args` in `cwd` (where it writes results/); resolves with its exit code and output. */
export function runConformance(cli, args, { cwd, timeoutMs = 240_000, env = {} }) {
  return new Promise((resolve) => {
    execFile(nodeAtLeast(22), [cli, ...args], { cwd, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}\n${stderr}` });
    });
  });
}

/** `{ scenario → { passed, failed } }` from the run's SUMMARY lines (`✓ name: 3 passed, 0 failed[, 1 warnings]`). */
export function scenarioResults(output) {
  // Server runs print "=== SUMMARY ===", client suites "=== SUITE SUMMARY ===".
  const start = Math.max(output.lastIndexOf("=== SUMMARY ==="), output.lastIndexOf("=== SUITE SUMMARY ==="));
  const summary = start < 0 ? "" : output.slice(start);
  const results = new Map();
  // A warning fails a scenario under a baseline, as the CLI judges it: counted with the failures.
  for (const match of summary.matchAll(/^[✓✗] ([\w./:-]+): (\d+) passed, (\d+) failed(?:, (\d+) warnings)?$/gmu)) {
    results.set(match[1], { passed: Number(match[2]), failed: Number(match[3]) + Number(match[4] ?? 0) });
  }
  return results;
}

/** The entries of an expected-failures file's `section` list, each with its reason; throws on one without. */
export function readBaseline(file, section) {
  const entries = [];
  let inSection = false;
  for (const [index, line] of fs.readFileSync(file, "utf8").split("\n").entries()) {
    if (/^\S/.test(line)) inSection = line.startsWith(`${section}:`);
    const match = inSection ? /^\s+-\s+([\w./:-]+)\s*(?:#\s*(.*))?$/.exec(line) : null;
    if (!match) continue;
    const reason = match[2]?.trim();
    if (!reason) throw new Error(`${file}:${index + 1}: entry ${match[1]} has no reason; add "# why it fails"`);
    const [scenario, check] = match[1].split(/:(.*)/s);
    entries.push({ entry: match[1], scenario, check: check || undefined, reason });
  }
  return entries;
}

/** `{ passed, failed }` of a one-scenario run (`--scenario`), from its `Passed: 3/4, 1 failed, 0 warnings` line; undefined without one. */
export function singleScenarioResult(output) {
  const match = /^Passed: (\d+)\/\d+, (\d+) failed(?:, (\d+) warnings)?$/mu.exec(output);
  return match ? { passed: Number(match[1]), failed: Number(match[2]) + Number(match[3] ?? 0) } : undefined;
}

/**
 * What the CLI's own verdict leaves out: a failing scenario the file does not name at all, and a
 * scenario listed wholesale that passed. Per-check entries are judged by the CLI. [] when true.
 */
export function judgeBaseline(results, entries) {
  const problems = [];
  for (const [scenario, { failed }] of results) {
    const listed = entries.filter((entry) => entry.scenario === scenario);
    if (failed > 0 && listed.length === 0) problems.push(`${scenario} failed ${failed} check(s) and is not in the expected-failures file`);
    if (failed === 0 && listed.some((entry) => entry.check === undefined)) problems.push(`${scenario} passes now: remove it from the expected-failures file`);
  }
  for (const entry of entries) {
    if (!results.has(entry.scenario)) problems.push(`${entry.entry} is listed but the run has no such scenario`);
  }
  return problems;
}

/** Scored passes: scenarios of `required` that passed every check. */
export function passCount(results, required) {
  return required.filter((scenario) => results.get(scenario)?.failed === 0).length;
}

/** The scored scenarios of a requirement set (`server` or `client` list of requirements/<revision>.yaml). */
export function requiredScenarios(cli, revision, leg) {
  const file = path.join(path.dirname(cli), "..", "requirements", `${revision}.yaml`);
  return readRequirementList(fs.readFileSync(file, "utf8"), leg);
}

function readRequirementList(text, leg) {
  const list = [];
  let inLeg = false;
  for (const line of text.split("\n")) {
    if (/^\S/.test(line)) inLeg = line.startsWith(`${leg}:`);
    const match = inLeg ? /^\s+-\s+([\w./-]+)\s*$/.exec(line) : null;
    if (match) list.push(match[1]);
  }
  return list;
}
