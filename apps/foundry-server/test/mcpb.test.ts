// The Claude Desktop extension: scripts/build-mcpb.mjs (run by `pnpm release`) builds, validates
// and packs the bundle with the mcpb CLI from npm; here it is unpacked with that CLI and its
// manifest's command is run as Claude Desktop runs it (`${__dirname}` and `${user_config.*}`
// substituted, from an unrelated working folder), and tools/list is compared with the manifest.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_DIR, cleanup, makeTempDir, requireBuild } from "./support/server-process.js";

const MCPB = path.join(APP_DIR, "node_modules/@anthropic-ai/mcpb/dist/cli/cli.js");

interface BundleManifest {
  manifest_version: string;
  version: string;
  icon: string;
  server: { type: string; entry_point: string; mcp_config: { command: string; args: string[]; env: Record<string, string> } };
  tools: Array<{ name: string; description: string }>;
  compatibility: { runtimes: { node: string } };
  user_config: Record<string, { type: string; required: boolean }>;
}

/** What Claude Desktop does to the manifest's args before it starts the server. */
function substitute(value: string, dirname: string, userConfig: Record<string, string>): string {
  return value.replace(/\$\{__dirname\}/g, dirname).replace(/\$\{user_config\.([A-Za-z0-9_]+)\}/g, (_, key: string) => userConfig[key] ?? "");
}

function run(args: string[]): string {
  const result = spawnSync(process.execPath, args, { cwd: APP_DIR, encoding: "utf8" });
  expect(result.status, `${args.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

describe("foundry-server.mcpb", { timeout: 60_000 }, () => {
  let unpacked: string;
  let bundleFile: string;
  let manifest: BundleManifest;
  const pkg = JSON.parse(fs.readFileSync(path.join(APP_DIR, "package.json"), "utf8")) as { version: string; engines: { node: string } };

  beforeAll(() => {
    requireBuild();
    const work = makeTempDir("mcpb-");
    bundleFile = path.join(work, "foundry-server.mcpb");
    expect(run(["scripts/build-mcpb.mjs", "--out", bundleFile])).toMatch(/^build-mcpb: wrote .*foundry-server\.mcpb \(\d+\.\d kB, 9 tools\)\n$/);
    unpacked = path.join(work, "unpacked");
    run([MCPB, "unpack", bundleFile, unpacked]);
    manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8")) as BundleManifest;
  });
  afterAll(cleanup);

  it("holds a 0.3 manifest the mcpb CLI validates, the one-file server and the icon", () => {
    run([MCPB, "validate", path.join(unpacked, "manifest.json")]);
    expect([manifest.manifest_version, manifest.version, manifest.compatibility.runtimes.node]).toEqual(["0.3", pkg.version, pkg.engines.node]);
    expect(fs.readdirSync(unpacked).sort()).toEqual(["icon.png", "manifest.json", "server"]);
    expect(fs.readFileSync(path.join(unpacked, manifest.icon)).subarray(1, 4).toString()).toBe("PNG");
    expect(fs.readFileSync(path.join(unpacked, manifest.server.entry_point))).toEqual(fs.readFileSync(path.join(APP_DIR, "dist/server.mjs")));
    expect(manifest.user_config).toEqual({ project_folder: expect.objectContaining({ type: "directory", required: true }) });
  });

  it("runs as Claude Desktop would: tools/list is the manifest's tool list, and writes land in the configured project folder", async () => {
    const project = makeTempDir("mcpb-project-");
    const elsewhere = makeTempDir("mcpb-cwd-");
    const { command, args, env } = manifest.server.mcp_config;
    const resolved = args.map((arg) => substitute(arg, unpacked, { project_folder: project }));
    expect(resolved).toEqual([path.join(unpacked, "server/server.mjs"), "--root", project]);
    const client = new Client({ name: "claude-desktop-like", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command, args: resolved, cwd: elsewhere, env: { PATH: process.env.PATH ?? "", ...env }, stderr: "ignore" }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => ({ name: tool.name, description: tool.description }))).toEqual(manifest.tools);
      const written = await client.callTool({ name: "memory_write", arguments: { title: "Bundles run from Claude Desktop", body: "The extension writes here.", type: "convention" } });
      expect(written.isError ?? false).toBe(false);
      expect(fs.readdirSync(path.join(project, ".foundry/memory/facts"))).toEqual(["fact-0001.md"]);
      expect(fs.existsSync(path.join(elsewhere, ".foundry"))).toBe(false);
    } finally {
      await client.close();
    }
  });
});
