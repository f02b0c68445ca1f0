// The published tarballs' sizes, bounded (a regression of issue #30: four hook bundles and the
// CLI each inlined the memory package, and the tarball went from 622 kB to 2,194 kB, 10.5 MB
// installed), and what foundry-server's ships more than once. `npm pack --dry-run` lists what
// `npm publish` would send. Raising a bound is a decision: say why in the commit and in
// docs/ARCHITECTURE.md (foundry-server, Bundles).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { APP_DIR, PLUGIN_DIR, requireBuild } from "./support/server-process";

/**
 * The bounds: today's sizes with ~5% room, far under the regression. foundry-server's package
 * holds the plugin folder (SPEC's built entry points; the acceptance check foundry-surface.mjs
 * reads it from what npx installed), and since session 37 the CLI and the top-level hook entries
 * import the chunks in it instead of a copy of their own in dist/chunks/: 1,209 kB → 1,040 kB
 * packed, 5.42 → 4.71 MB unpacked. The plugin's own package, @foundry-mcp/foundry-core-plugin,
 * is that folder: 543 kB packed, 2.38 MB unpacked.
 */
const SERVER_BOUNDS = { packed: 1_090_000, unpacked: 4_950_000 };
const PLUGIN_BOUNDS = { packed: 650_000, unpacked: 2_900_000 };

/**
 * The files foundry-server's tarball may hold twice, byte for byte: SPEC wants both server
 * bundles one self-contained file (dist/server.mjs runs from any folder; the plugin, which
 * Claude Code copies alone, starts its own), and the plugin's package carries its licence.
 */
const SHIPPED_TWICE = [
  ["LICENSE", "dist/plugin/foundry-core/LICENSE"],
  ["dist/plugin/foundry-core/mcp/server.mjs", "dist/server.mjs"],
];

interface PackReport {
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
}

/** What `npm pack` would send from `folder`. */
function packReport(folder: string): PackReport {
  const result = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: folder, encoding: "utf8", timeout: 100_000, env: { ...process.env, npm_config_loglevel: "silent" } });
  expect(result.status, result.stderr).toBe(0);
  const [report] = JSON.parse(result.stdout) as PackReport[];
  if (!report) throw new Error(`npm pack --dry-run --json in ${folder} reported no package`);
  return report;
}

/** `report` checked against `bounds`, with the largest files named when it is over. */
function expectWithin(report: PackReport, bounds: { packed: number; unpacked: number }): void {
  const largest = [...report.files].sort((a, b) => b.size - a.size).slice(0, 6).map((file) => `${file.path} ${file.size}`);
  expect(report.size, `tarball ${report.size} bytes; largest files: ${largest.join(", ")}`).toBeLessThanOrEqual(bounds.packed);
  expect(report.unpackedSize, `unpacked ${report.unpackedSize} bytes; largest files: ${largest.join(", ")}`).toBeLessThanOrEqual(bounds.unpacked);
}

/** The four context hooks' entries under `folder`: each a small file over shared chunks, never a bundle of its own. */
function expectSmallHookEntries(files: PackReport["files"], folder: string): void {
  const hookEntries = files.filter((file) => new RegExp(`^${folder}hooks/(?:session-start|prompt-recall|subagent-stop|pre-compact)\\.mjs$`).test(file.path));
  expect(hookEntries).toHaveLength(4);
  for (const entry of hookEntries) expect(entry.size, entry.path).toBeLessThan(8_000);
}

/** Paths of `files` (under `folder`) with the same bytes as another, in groups, each and all sorted by code unit. */
function sameContentGroups(folder: string, files: PackReport["files"]): string[][] {
  const pathsByHash = new Map<string, string[]>();
  for (const file of files) {
    const hash = createHash("sha256").update(fs.readFileSync(path.join(folder, file.path))).digest("hex");
    pathsByHash.set(hash, [...(pathsByHash.get(hash) ?? []), file.path]);
  }
  return [...pathsByHash.values()].filter((paths) => paths.length > 1).map((paths) => paths.sort()).sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
}

let server: PackReport;
beforeAll(() => {
  requireBuild();
  server = packReport(APP_DIR);
}, 120_000);

describe("the published tarballs", { timeout: 120_000 }, () => {
  it(`foundry-server's stays under ${SERVER_BOUNDS.packed} bytes packed and ${SERVER_BOUNDS.unpacked} unpacked, the plugin folder's hook entries as small as its own`, () => {
    expectWithin(server, SERVER_BOUNDS);
    expectSmallHookEntries(server.files, "dist/");
    expectSmallHookEntries(server.files, "dist/plugin/foundry-core/");
  });

  // Regression (session 37): the CLI and dist/hooks/*.mjs imported dist/chunks/, a copy of the
  // plugin's chunks/ (716 kB unpacked), and dist/hooks/ held copies of the plugin's hook entries.
  it("foundry-server's ships the shared chunks once, in the plugin folder, and nothing else twice but the server bundle and the licence", () => {
    const paths = server.files.map((file) => file.path);
    expect(paths.filter((file) => file.startsWith("dist/chunks/"))).toEqual([]);
    expect(paths.some((file) => file.startsWith("dist/plugin/foundry-core/chunks/"))).toBe(true);
    expect(sameContentGroups(APP_DIR, server.files)).toEqual(SHIPPED_TWICE);
  });

  it(`the plugin's (@foundry-mcp/foundry-core-plugin) stays under ${PLUGIN_BOUNDS.packed} bytes packed and ${PLUGIN_BOUNDS.unpacked} unpacked`, () => {
    const plugin = packReport(PLUGIN_DIR);
    expectWithin(plugin, PLUGIN_BOUNDS);
    expect(plugin.files.map((file) => file.path)).toContain("mcp/server.mjs");
    expectSmallHookEntries(plugin.files, "");
  });
});
