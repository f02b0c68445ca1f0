// The repository's Claude Code marketplace (.claude-plugin/marketplace.json at the root), checked
// by Claude Code's own validator (the pinned @anthropic-ai/claude-code devDependency): as it
// stands in the repository (default and --strict), and on a copy outside the repository, with
// the plugin it installs (the built folder, which is the npm package the entry names) checked
// under the plugin directory's profile. The install itself, through npm and the real
// `claude plugin install`, is tooling/test/plugin-marketplace-install.test.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_DIR, PLUGIN_DIR, cleanup, makeTempDir, requireBuild } from "./support/server-process";

const REPO = path.resolve(APP_DIR, "../..");
const CLAUDE = path.join(APP_DIR, "node_modules/@anthropic-ai/claude-code/cli-wrapper.cjs");
const MARKETPLACE = path.join(REPO, ".claude-plugin/marketplace.json");

interface Marketplace {
  name: string;
  plugins: Array<{ name: string; source: { source: string; package: string; version: string } }>;
}
interface Report {
  success: boolean;
  manifest: { type: string; errors: unknown[]; warnings: unknown[] };
  advice: unknown[];
  directory: { profile: string; findings: unknown[] } | null;
}

function validate(target: string, ...options: string[]): { status: number | null; report: Report } {
  const result = spawnSync(process.execPath, [CLAUDE, "plugin", "validate", target, ...options, "--json"], { encoding: "utf8", timeout: 60_000 });
  return { status: result.status, report: JSON.parse(result.stdout) as Report };
}

beforeAll(requireBuild);
afterAll(cleanup);

describe("the repository's marketplace", { timeout: 120_000 }, () => {
  const marketplace = (): Marketplace => JSON.parse(fs.readFileSync(MARKETPLACE, "utf8")) as Marketplace;

  // Regression: the entry named ./apps/foundry-server/dist/plugin/foundry-core, a build folder not
  // in git, so `/plugin marketplace add foundry-mcp/foundry-mcp` from GitHub could not install it.
  it("lists foundry-core from the npm package whose root is the folder build-plugin writes, at foundry-server's version", () => {
    const [entry] = marketplace().plugins;
    const { version } = JSON.parse(fs.readFileSync(path.join(APP_DIR, "package.json"), "utf8")) as { version: string };
    expect(marketplace().plugins).toHaveLength(1);
    expect(entry).toMatchObject({ name: "foundry-core", source: { source: "npm", package: "@foundry-mcp/foundry-core-plugin", version } });
    expect(Object.keys(entry?.source ?? {}).sort()).toEqual(["package", "source", "version"]);
    expect(JSON.parse(fs.readFileSync(path.join(PLUGIN_DIR, "package.json"), "utf8"))).toMatchObject({ name: entry?.source.package, version });
    expect(JSON.parse(fs.readFileSync(path.join(PLUGIN_DIR, ".claude-plugin/plugin.json"), "utf8"))).toMatchObject({ name: entry?.name, version });
  });

  it.each([[[]], [["--strict"]]])("passes claude plugin validate %j in the repository, with no warnings or advice", (options) => {
    const { status, report } = validate(REPO, ...options);
    expect(report.manifest).toMatchObject({ type: "marketplace", errors: [], warnings: [] });
    expect(report.advice).toEqual([]);
    expect(report.success).toBe(true);
    expect(status).toBe(0);
  });

  it("passes on a copy outside the repository, its plugin package (with package.json) also under --profile directory --strict", () => {
    const copy = makeTempDir("foundry-marketplace-");
    fs.cpSync(path.join(REPO, ".claude-plugin"), path.join(copy, ".claude-plugin"), { recursive: true });
    const pluginCopy = path.join(makeTempDir("foundry-plugin-package-"), "foundry-core");
    fs.cpSync(PLUGIN_DIR, pluginCopy, { recursive: true });
    expect(fs.existsSync(path.join(pluginCopy, "package.json"))).toBe(true);
    const market = validate(copy, "--strict");
    expect(market.report).toMatchObject({ success: true, advice: [], manifest: { errors: [], warnings: [] } });
    expect(market.status).toBe(0);
    const plugin = validate(pluginCopy, "--profile", "directory", "--strict");
    expect(plugin.report).toMatchObject({ success: true, manifest: { errors: [], warnings: [] }, directory: { profile: "directory", findings: [] } });
    expect(plugin.status).toBe(0);
  });
});
