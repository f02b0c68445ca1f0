// foundry-core installed the way Claude Code users install it (issue #30): the plugin's npm
// package (the built apps/foundry-server/dist/plugin/foundry-core, packed) published to a local
// verdaccio on 127.0.0.1, npm's default registry pointed at it, then the real `claude plugin
// marketplace add` of a copy of the repository's .claude-plugin/ (unchanged) and `claude plugin
// install foundry-core@foundry-mcp` under a throwaway HOME. The installed plugin must hold its
// hooks, MCP server and skills at foundry-server's version, and its SessionStart hook must run
// from where Claude Code put it. The release stage does the same on Node 20, 22 and 24
// (scripts/release.mjs --registry).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { publishTarballs, startLocalRegistry } from "../../scripts/release/local-registry.mjs";
import { PLUGIN_PACKAGE, installFromMarketplace, packPlugin, pluginDir, pluginProblems, syncMarketplaceVersion } from "../../scripts/release/plugin-marketplace.mjs";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const serverVersion = (JSON.parse(fs.readFileSync(path.join(repoRoot, "apps/foundry-server/package.json"), "utf8")) as { version: string }).version;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-marketplace-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

interface HooksJson {
  hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
}

describe("foundry-core from the marketplace through npm", { timeout: 240_000 }, () => {
  it("names the plugin's npm package at foundry-server's version, and the built folder is that package", () => {
    const marketplace = JSON.parse(fs.readFileSync(path.join(repoRoot, ".claude-plugin/marketplace.json"), "utf8")) as { plugins: Array<{ name: string; source: unknown }> };
    expect(marketplace.plugins.map((plugin) => [plugin.name, plugin.source])).toEqual([["foundry-core", { source: "npm", package: PLUGIN_PACKAGE, version: serverVersion }]]);
    expect(JSON.parse(fs.readFileSync(path.join(pluginDir(), "package.json"), "utf8"))).toMatchObject({ name: PLUGIN_PACKAGE, version: serverVersion });
  });

  it("follows foundry-server's version when it is bumped (pnpm version-packages, pnpm release), and refuses a path source", () => {
    const root = path.join(temp, "bumped");
    fs.cpSync(path.join(repoRoot, ".claude-plugin"), path.join(root, ".claude-plugin"), { recursive: true });
    fs.mkdirSync(path.join(root, "apps/foundry-server"), { recursive: true });
    fs.writeFileSync(path.join(root, "apps/foundry-server/package.json"), JSON.stringify({ name: "@foundry-mcp/foundry-server", version: "9.8.7" }));
    expect(syncMarketplaceVersion(root, { write: false })).toEqual({ changed: true, problems: [] });
    expect(syncMarketplaceVersion(root, { write: true })).toEqual({ changed: true, problems: [] });
    const file = path.join(root, ".claude-plugin/marketplace.json");
    const marketplace = JSON.parse(fs.readFileSync(file, "utf8")) as { plugins: Array<{ source: unknown }> };
    expect(marketplace.plugins[0]?.source).toEqual({ source: "npm", package: PLUGIN_PACKAGE, version: "9.8.7" });
    expect(syncMarketplaceVersion(root, { write: true })).toEqual({ changed: false, problems: [] });
    fs.writeFileSync(file, JSON.stringify({ ...marketplace, plugins: [{ ...marketplace.plugins[0], source: "./apps/foundry-server/dist/plugin/foundry-core" }] }));
    expect(syncMarketplaceVersion(root, { write: true }).problems).toEqual([`.claude-plugin/marketplace.json: foundry-core's source is not {"source": "npm", "package": "${PLUGIN_PACKAGE}"}`]);
  });

  it("installs with claude plugin marketplace add + claude plugin install, and its SessionStart hook runs", async () => {
    const tarball = packPlugin(temp);
    const registry = await startLocalRegistry(path.join(temp, "registry"), { ...process.env });
    try {
      publishTarballs([tarball], registry);
      const home = path.join(temp, "home");
      fs.mkdirSync(home);
      const { marketplace, pluginDir: installed, installed: record } = installFromMarketplace(home, registry.env);
      expect(marketplace).toBe("foundry-mcp");
      expect(record).toMatchObject({ scope: "user", version: serverVersion });
      expect(installed.startsWith(path.join(home, ".claude/plugins/"))).toBe(true);
      expect(pluginProblems(installed, serverVersion)).toEqual([]);
      expect(fs.readFileSync(path.join(installed, "hooks/hooks.json"), "utf8")).toBe(fs.readFileSync(path.join(pluginDir(), "hooks/hooks.json"), "utf8"));
      expect(fs.readFileSync(path.join(installed, "mcp/server.mjs"))).toEqual(fs.readFileSync(path.join(pluginDir(), "mcp/server.mjs")));
      expect(fs.readdirSync(path.join(installed, "skills")).sort()).toEqual(["foundry-memory", "runbook-author"]);

      // SessionStart as Claude Code runs it: hooks.json's command in a shell, the event on stdin.
      const project = path.join(temp, "project");
      fs.mkdirSync(path.join(project, ".foundry/memory/facts"), { recursive: true });
      fs.writeFileSync(path.join(project, ".foundry/memory/facts/fact-0001.md"), "---\nid: fact-0001\ntype: constraint\ntitle: Money is stored as integer cents\nscope: project\ntags: []\nconfidence: high\nsource: code\ncreated: 2026-11-01T00:00:00Z\n---\nNever floats.\n");
      const hooks = JSON.parse(fs.readFileSync(path.join(installed, "hooks/hooks.json"), "utf8")) as HooksJson;
      const command = hooks.hooks.SessionStart?.[0]?.hooks[0]?.command ?? "";
      const event = { session_id: "s1", transcript_path: path.join(project, "t.jsonl"), cwd: project, hook_event_name: "SessionStart", source: "startup" };
      const ran = spawnSync("sh", ["-c", command], { input: JSON.stringify(event), cwd: project, encoding: "utf8", env: { PATH: process.env.PATH ?? "", CLAUDE_PLUGIN_ROOT: installed, CLAUDE_PROJECT_DIR: project } });
      expect([ran.status, ran.stderr]).toEqual([0, ""]);
      const output = JSON.parse(ran.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
      expect(output.hookSpecificOutput.hookEventName).toBe("SessionStart");
      expect(output.hookSpecificOutput.additionalContext).toContain("## constraint\n- Money is stored as integer cents\n");
    } finally {
      await registry.stop();
    }
  });
});
