// Claude Code's own validator (`claude plugin validate`, from the pinned @anthropic-ai/claude-code
// devDependency) on the built plugin folder copied outside the repository, with the plugin
// directory's profile and --strict: the checks a submission to the directory must pass.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_DIR, PLUGIN_DIR, cleanup, makeTempDir, requireBuild } from "./support/server-process";

// The package's launcher for installs without scripts (pnpm-workspace.yaml does not run its postinstall).
const CLAUDE = path.join(APP_DIR, "node_modules/@anthropic-ai/claude-code/cli-wrapper.cjs");

interface Report {
  success: boolean;
  manifest: { errors: unknown[]; warnings: unknown[] };
  provides: { skills: string[]; mcpServers: Array<{ name: string }>; hooks: Array<{ event: string; matcher: string }> };
  directory: { profile: string; findings: Array<{ code: string; blocking: boolean }> };
}

/** A copy of the built plugin in a fresh folder outside the repository; `drop` files are left out. */
function copyPlugin(drop: string[] = []): string {
  const target = path.join(makeTempDir("foundry-plugin-copy-"), "foundry-core");
  fs.cpSync(PLUGIN_DIR, target, { recursive: true });
  for (const file of drop) fs.rmSync(path.join(target, file));
  return target;
}

function validate(dir: string): { status: number | null; report: Report } {
  const result = spawnSync(process.execPath, [CLAUDE, "plugin", "validate", dir, "--profile", "directory", "--strict", "--json"], { encoding: "utf8", timeout: 60_000 });
  return { status: result.status, report: JSON.parse(result.stdout) as Report };
}

beforeAll(requireBuild);
afterAll(cleanup);

describe("claude plugin validate --profile directory --strict", { timeout: 90_000 }, () => {
  it("passes on the built plugin, with no warnings and no directory findings", () => {
    const dir = copyPlugin();
    expect(path.relative(path.resolve(APP_DIR, "../.."), dir).startsWith("..")).toBe(true);
    const { status, report } = validate(dir);
    expect(report.manifest).toMatchObject({ errors: [], warnings: [] });
    expect(report.directory).toMatchObject({ profile: "directory", findings: [] });
    expect(report.provides.skills).toEqual(["foundry-core:foundry-memory", "foundry-core:runbook-author"]);
    expect(report.provides.mcpServers.map((server) => server.name)).toEqual(["foundry"]);
    expect(report.provides.hooks.map((hook) => hook.event)).toEqual(["SessionStart", "UserPromptSubmit", "SubagentStop", "PreCompact", "PreToolUse"]);
    expect(report.success).toBe(true);
    expect(status).toBe(0);
  });

  it("refuses the plugin without its README, as it did before the README existed", () => {
    const { status, report } = validate(copyPlugin(["README.md"]));
    expect(report.directory.findings).toMatchObject([{ code: "README_MISSING", blocking: true }]);
    expect(status).toBe(1);
  });
});
