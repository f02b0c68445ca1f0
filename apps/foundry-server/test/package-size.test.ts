// The published tarballs' sizes, bounded (a regression of issue #30: four hook bundles and the
// CLI each inlined the memory package, and the tarball went from 622 kB to 2,194 kB, 10.5 MB
// installed). `npm pack --dry-run` lists what `npm publish` would send. Raising a bound is a
// decision: say why in the commit and in docs/ARCHITECTURE.md (foundry-server, Bundles).
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { APP_DIR, PLUGIN_DIR, requireBuild } from "./support/server-process";

/**
 * The bounds: today's sizes with some room, far under the regression. Each package holds each
 * bundle once: the plugin folder (dist/plugin/foundry-core) ships as its own npm package,
 * @foundry-mcp/foundry-core-plugin, and not again inside foundry-server's (since session 36:
 * 677 kB packed and 3.04 MB unpacked; with the plugin's copy it was 1,209 kB and 5.42 MB, past
 * the 1,200 kB bound). The plugin's package is 543 kB packed and 2.38 MB unpacked.
 */
const SERVER_BOUNDS = { packed: 800_000, unpacked: 3_600_000 };
const PLUGIN_BOUNDS = { packed: 650_000, unpacked: 2_900_000 };

interface PackReport {
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
}

/** What `npm pack` would send from `folder`, checked against `bounds` with the largest files named. */
function packWithin(folder: string, bounds: { packed: number; unpacked: number }): PackReport["files"] {
  const result = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: folder, encoding: "utf8", timeout: 100_000, env: { ...process.env, npm_config_loglevel: "silent" } });
  expect(result.status, result.stderr).toBe(0);
  const [report] = JSON.parse(result.stdout) as PackReport[];
  const largest = [...(report?.files ?? [])].sort((a, b) => b.size - a.size).slice(0, 6).map((file) => `${file.path} ${file.size}`);
  expect(report?.size, `tarball ${report?.size} bytes; largest files: ${largest.join(", ")}`).toBeLessThanOrEqual(bounds.packed);
  expect(report?.unpackedSize, `unpacked ${report?.unpackedSize} bytes; largest files: ${largest.join(", ")}`).toBeLessThanOrEqual(bounds.unpacked);
  return report?.files ?? [];
}

/** The four context hooks' entries under `folder`: each a small file over shared chunks, never a bundle of its own. */
function expectSmallHookEntries(files: PackReport["files"], folder: string): void {
  const hookEntries = files.filter((file) => new RegExp(`^${folder}hooks/(?:session-start|prompt-recall|subagent-stop|pre-compact)\\.mjs$`).test(file.path));
  expect(hookEntries).toHaveLength(4);
  for (const entry of hookEntries) expect(entry.size, entry.path).toBeLessThan(8_000);
}

beforeAll(requireBuild);

describe("the published tarballs", { timeout: 120_000 }, () => {
  it(`foundry-server's stays under ${SERVER_BOUNDS.packed} bytes packed and ${SERVER_BOUNDS.unpacked} unpacked, each bundle once and no plugin folder`, () => {
    const files = packWithin(APP_DIR, SERVER_BOUNDS);
    expect(files.filter((file) => file.path.startsWith("dist/plugin/")).map((file) => file.path)).toEqual([]);
    expectSmallHookEntries(files, "dist/");
  });

  it(`the plugin's (@foundry-mcp/foundry-core-plugin) stays under ${PLUGIN_BOUNDS.packed} bytes packed and ${PLUGIN_BOUNDS.unpacked} unpacked`, () => {
    const files = packWithin(PLUGIN_DIR, PLUGIN_BOUNDS);
    expect(files.map((file) => file.path)).toContain("mcp/server.mjs");
    expectSmallHookEntries(files, "");
  });
});
