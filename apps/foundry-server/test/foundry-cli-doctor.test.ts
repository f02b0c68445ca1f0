// `foundry doctor`'s Node.js and plugin wiring checks (src/cli/plugin-wiring.ts), run as the
// built dist/foundry.mjs on real project folders with real Claude Code settings files.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FOUNDRY_CLI, foundry } from "./support/git-project";
import { cleanup, makeTempDir, requireBuild, writeFiles } from "./support/server-process";

afterAll(cleanup);

const INSTALL = "/plugin marketplace add foundry-mcp/foundry-mcp, then /plugin install foundry-core@foundry-mcp";
const ENABLED = JSON.stringify({ enabledPlugins: { "foundry-core@foundry-mcp": true } });

/** The doctor's lines about Node.js and the plugin. */
function wiringLines(stdout: string): string[] {
  return stdout.split("\n").filter((line) => / (node|plugin): /.test(line));
}

function project(files: Record<string, string> = {}): string {
  const root = makeTempDir("foundry-cli-doctor-");
  writeFiles(root, files);
  return root;
}

describe("foundry doctor: Node.js and plugin wiring", () => {
  requireBuild();

  it("says how to install the plugin when nothing wires Claude Code to the memory", () => {
    const doctor = foundry(project(), "doctor");
    expect(doctor.status).toBe(0);
    expect(wiringLines(doctor.stdout)).toEqual([
      `ok      node: ${process.version}.`,
      `note    plugin: foundry-core is not enabled in .claude/settings.json, .claude/settings.local.json or ~/.claude/settings.json, and .mcp.json registers no foundry server; install it: ${INSTALL} (a session started with --plugin-dir is not seen here).`,
    ]);
  });

  it("finds the plugin enabled in the project's settings, and disabled by the local settings over them", () => {
    const root = project({ ".claude/settings.json": ENABLED });
    expect(wiringLines(foundry(root, "doctor").stdout)[1]).toBe(
      "ok      plugin: foundry-core@foundry-mcp is enabled in .claude/settings.json: its hooks put the index and the facts a prompt needs in context.",
    );
    writeFiles(root, { ".claude/settings.local.json": JSON.stringify({ enabledPlugins: { "foundry-core@foundry-mcp": false } }) });
    const doctor = foundry(root, "doctor");
    expect(doctor.status).toBe(0);
    expect(wiringLines(doctor.stdout)[1]).toBe(
      "note    plugin: foundry-core@foundry-mcp is disabled in .claude/settings.local.json, so no hook puts memory in context; enable it with /plugin enable foundry-core@foundry-mcp.",
    );
  });

  it("finds the plugin enabled in the user's ~/.claude/settings.json", () => {
    const home = project({ ".claude/settings.json": ENABLED });
    const result = spawnSync(process.execPath, [FOUNDRY_CLI, "doctor"], { cwd: project(), env: { PATH: process.env.PATH ?? "", HOME: home }, encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(wiringLines(result.stdout)[1]).toBe(
      "ok      plugin: foundry-core@foundry-mcp is enabled in ~/.claude/settings.json: its hooks put the index and the facts a prompt needs in context.",
    );
  });

  it("is a PROBLEM when .mcp.json runs a missing server script or a settings file does not parse", () => {
    const root = project({
      ".mcp.json": JSON.stringify({ mcpServers: { foundry: { command: "node", args: ["tools/server.mjs", "--root", "."] } } }),
      ".claude/settings.json": "{ enabledPlugins: ",
    });
    const doctor = foundry(root, "doctor");
    expect(doctor.status).toBe(1);
    expect(wiringLines(doctor.stdout).slice(1)).toEqual([
      "PROBLEM plugin: .claude/settings.json is not a JSON object, so Claude Code cannot read it; fix it.",
      `PROBLEM plugin: .mcp.json's "foundry" runs ${path.join(root, "tools/server.mjs")}, which does not exist; build it or fix the path.`,
      `note    plugin: .mcp.json registers "foundry" as an MCP server (tools only), but foundry-core is not enabled, so no hook puts memory in context; install it: ${INSTALL}.`,
    ]);
    expect(doctor.stdout.trimEnd().split("\n").at(-1)).toBe("2 problems, 2 notes.");
  });
});
