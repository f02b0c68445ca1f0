// The repository's Claude Code marketplace (.claude-plugin/marketplace.json at the root), checked
// by Claude Code's own validator (the pinned @anthropic-ai/claude-code devDependency): as it
// stands in the repository (default and --strict), and on a copy outside the repository holding
// the marketplace and the built plugin at the path it names, with the plugin folder also checked
// under the plugin directory's profile.
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
  plugins: Array<{ name: string; source: string }>;
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

  it("lists foundry-core from the folder build-plugin writes, under the plugin's own name", () => {
    const [entry] = marketplace().plugins;
    expect(marketplace().plugins).toHaveLength(1);
    expect(entry?.name).toBe("foundry-core");
    expect(path.resolve(REPO, entry?.source ?? "")).toBe(PLUGIN_DIR);
    expect(JSON.parse(fs.readFileSync(path.join(PLUGIN_DIR, ".claude-plugin/plugin.json"), "utf8"))).toMatchObject({ name: entry?.name });
  });

  it.each([[[]], [["--strict"]]])("passes claude plugin validate %j in the repository, with no warnings or advice", (options) => {
    const { status, report } = validate(REPO, ...options);
    expect(report.manifest).toMatchObject({ type: "marketplace", errors: [], warnings: [] });
    expect(report.advice).toEqual([]);
    expect(report.success).toBe(true);
    expect(status).toBe(0);
  });

  it("passes on a copy outside the repository, its plugin also under --profile directory --strict", () => {
    const copy = makeTempDir("foundry-marketplace-");
    fs.cpSync(path.join(REPO, ".claude-plugin"), path.join(copy, ".claude-plugin"), { recursive: true });
    const pluginCopy = path.join(copy, marketplace().plugins[0]?.source ?? "");
    fs.cpSync(PLUGIN_DIR, pluginCopy, { recursive: true });
    const market = validate(copy, "--strict");
    expect(market.report).toMatchObject({ success: true, advice: [], manifest: { errors: [], warnings: [] } });
    expect(market.status).toBe(0);
    const plugin = validate(pluginCopy, "--profile", "directory", "--strict");
    expect(plugin.report).toMatchObject({ success: true, manifest: { errors: [], warnings: [] }, directory: { profile: "directory", findings: [] } });
    expect(plugin.status).toBe(0);
  });
});
