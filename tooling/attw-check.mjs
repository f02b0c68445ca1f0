// Are-the-types-wrong on a library as npm would ship it: packs the folder with pnpm (so
// `workspace:` ranges become versions), then runs the pinned @arethetypeswrong/cli on the tarball.
//
// Profile: `node16` with `cjs-resolves-to-esm` ignored. `node16` drops TypeScript's node10
// resolution (`moduleResolution: "node"`), which reads no `exports` map and so cannot see a
// subpath such as `@foundry-mcp/client-manager/node`; it is deprecated in TypeScript 5 and these
// packages need Node >= 20.19, whose resolver always reads `exports`. `cjs-resolves-to-esm` is
// what require(esm) means: a CommonJS consumer gets the ES module through the `default`
// condition; types must still resolve there, which attw keeps checking.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ATTW_ARGS = ["--profile", "node16", "--ignore-rules", "cjs-resolves-to-esm", "--format", "json"];
const IGNORED_RESOLUTIONS = new Set(["node10"]);
const IGNORED_KINDS = new Set(["CJSResolvesToESM"]);

/** Packs `folder` into a new temp dir; returns the tarball's path. */
export function packFolder(folder, destination = fs.mkdtempSync(path.join(os.tmpdir(), "foundry-pack-"))) {
  const packed = spawnSync("pnpm", ["pack", "--pack-destination", destination], { cwd: folder, encoding: "utf8" });
  const tarball = fs.readdirSync(destination).find((name) => name.endsWith(".tgz"));
  if (packed.status !== 0 || !tarball) throw new Error(`pnpm pack failed in ${folder}: ${packed.stderr || packed.stdout}`);
  return path.join(destination, tarball);
}

/** The attw problems of one library folder, as lines such as `./node: NoResolution under node16-esm`. */
export function attwProblems(folder, root) {
  const destination = fs.mkdtempSync(path.join(os.tmpdir(), "foundry-attw-"));
  try {
    const tarball = packFolder(folder, destination);
    const result = spawnSync("pnpm", ["exec", "attw", tarball, ...ATTW_ARGS], { cwd: root, encoding: "utf8", maxBuffer: 32 * 1024 * 1024 });
    let report;
    try {
      report = JSON.parse(result.stdout);
    } catch {
      return [`attw did not run (exit ${result.status}): ${(result.stderr || result.stdout).slice(0, 500)}`];
    }
    const problems = Object.values(report.problems ?? {})
      .flat()
      .filter((problem) => !IGNORED_KINDS.has(problem.kind) && !IGNORED_RESOLUTIONS.has(problem.resolutionKind))
      .map((problem) => `${problem.entrypoint ?? "."}: ${problem.kind}${problem.resolutionKind ? ` under ${problem.resolutionKind}` : ""}`);
    if (result.status !== 0 && problems.length === 0) problems.push(`attw exited ${result.status}: ${result.stderr.slice(0, 500)}`);
    return problems;
  } finally {
    fs.rmSync(destination, { recursive: true, force: true });
  }
}
