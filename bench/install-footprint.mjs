#!/usr/bin/env node
// The install census, as `pnpm bench` collects it: runs the release dry run (scripts/release.mjs,
// which packs, installs and checks each package and builds foundry-server.mcpb) on this Node with
// --registry, then the registry round trip on Node 22 and 24 (tooling/node-runtime.mjs), and
// prints the footprint table, the .mcpb's size and, per Node version, the time from an empty
// folder (cold npm cache, empty local registry storage) to a first answer through npx.
// A census rather than an interleaved timing: one run per version, figures not assertions.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { nodeRuntime } from "../tooling/node-runtime.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "footprint-"));
const section = path.join(dir, "section.md");

/** One dry run with the registry round trip on `bin`; its JSON report, or undefined when it failed. */
function dryRun(label, bin, extra) {
  const report = path.join(dir, `report-${label}.json`);
  const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH}` };
  const result = spawnSync(bin, ["scripts/release.mjs", "--dry-run", "--no-build", "--registry", "--report", report, ...extra], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) console.error(`install-footprint: the dry run on Node ${label} failed (exit ${result.status})`);
  return fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, "utf8")) : undefined;
}

const runs = [["20", process.execPath, ["--markdown", section]], ["22", nodeRuntime(22).bin, []], ["24", nodeRuntime(24).bin, []]].map(([label, bin, extra]) => ({ label, report: dryRun(label, bin, extra) }));
const first = runs[0].report;
const steps = [...new Set(runs.flatMap((run) => run.report?.registry?.steps.map((step) => step.step.replace(/ to http:\/\/\S+/, "")) ?? []))];
const cell = (run, name) => {
  const step = run.report?.registry?.steps.find((s) => s.step.replace(/ to http:\/\/\S+/, "") === name);
  return step ? `${step.ok ? "" : "✗ "}${(step.ms / 1000).toFixed(1)}` : "—";
};
const lines = [
  fs.existsSync(section) ? fs.readFileSync(section, "utf8").trimEnd() : "## Install footprint of each tarball (release dry run)\n\nThe Node 20 dry run failed; no table.",
  "",
  `foundry-server's Claude Desktop extension (\`foundry-server.mcpb\`, built by \`pnpm release\`): ${first?.mcpb ? `${(first.mcpb.bytes / 1e3).toFixed(1)} kB, ${first.mcpb.tools} tools` : "not built"}.`,
  "",
  "### From an empty folder to a first answer through npx (seconds)",
  "",
  "`pnpm release --dry-run --registry` publishes every package to a local verdaccio on 127.0.0.1 whose storage starts empty",
  "(third-party packages are proxied from the npm registry), then runs each step from an empty folder with a fresh npm cache:",
  "the time includes fetching and installing every dependency, as a user's first `npx` does. One run per Node version.",
  "",
  `| step | ${runs.map((run) => `Node ${run.report?.node ?? run.label}`).join(" | ")} |`,
  `| --- | ${runs.map(() => "---:").join(" | ")} |`,
  ...steps.map((name) => `| ${name} | ${runs.map((run) => cell(run, name)).join(" | ")} |`),
];
process.stdout.write(`${lines.join("\n")}\n`);
fs.rmSync(dir, { recursive: true, force: true });
process.exitCode = runs.every((run) => run.report && run.report.problems.length === 0) ? 0 : 1;
