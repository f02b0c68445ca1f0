#!/usr/bin/env node
// Builds foundry-server's Claude Desktop extension (an MCP Bundle, manifest_version 0.3) from the
// built one-file server dist/server.mjs and the plugin's icon. The manifest's static tool list is
// what the built server answers to tools/list (never hand-copied); the project folder is a
// `user_config` directory passed as --root. Validated and packed with the mcpb CLI from npm.
// `pnpm release` runs it; the bundle is not part of the npm tarball.
//
//   node scripts/build-mcpb.mjs [--out FILE]     (default release/foundry-server.mcpb)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundle = path.join(appDir, "dist", "server.mjs");
const icon = path.join(appDir, "plugin", ".claude-plugin", "icon.png");
// The CLI file its package.json names under bin (the package exports no ./package.json).
const mcpbBin = path.join(appDir, "node_modules", "@anthropic-ai", "mcpb", "dist", "cli", "cli.js");

/** The tools the built server lists, as the manifest's `tools` entries (name and description). */
export async function listedTools(serverFile) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "mcpb-tools-"));
  const client = new Client({ name: "build-mcpb", version: "1.0.0" });
  try {
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [serverFile, "--root", cwd], cwd, stderr: "ignore" }));
    const { tools } = await client.listTools();
    return tools.map((tool) => ({ name: tool.name, description: tool.description ?? "" }));
  } finally {
    await client.close();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

/** The manifest for a package.json and a tool list. */
export function bundleManifest(manifest, tools) {
  return {
    manifest_version: "0.3",
    name: "foundry-server",
    display_name: "Foundry memory",
    version: manifest.version,
    description: "Project memory for coding agents: ranked facts, a budgeted index, runbooks, contracts and a blackboard.",
    long_description: manifest.description,
    author: { name: "Foundry MCP" },
    repository: { type: "git", url: "https://github.com/foundry-mcp/foundry-mcp" },
    homepage: "https://github.com/foundry-mcp/foundry-mcp/tree/main/apps/foundry-server#readme",
    license: manifest.license,
    icon: "icon.png",
    keywords: ["mcp", "memory", "runbooks", "contracts", "blackboard"],
    server: {
      type: "node",
      entry_point: "server/server.mjs",
      mcp_config: { command: "node", args: ["${__dirname}/server/server.mjs", "--root", "${user_config.project_folder}"], env: {} },
    },
    tools,
    tools_generated: false,
    compatibility: { platforms: ["darwin", "win32", "linux"], runtimes: { node: manifest.engines.node } },
    user_config: {
      project_folder: {
        type: "directory",
        title: "Project folder",
        description: "The project whose .foundry/ folder holds the memory, runbooks and contracts (created on first write).",
        required: true,
      },
    },
  };
}

/** Runs the mcpb CLI; throws with its output when it fails. */
function mcpb(args) {
  const result = spawnSync(process.execPath, [mcpbBin, ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`mcpb ${args.join(" ")} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Stages, validates and packs the bundle into `out`; returns `{ file, bytes, tools }`. */
export async function buildMcpb(out) {
  if (!fs.existsSync(bundle)) throw new Error(`build-mcpb: ${bundle} is missing; run the build first.`);
  const manifest = JSON.parse(fs.readFileSync(path.join(appDir, "package.json"), "utf8"));
  const tools = await listedTools(bundle);
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "mcpb-stage-"));
  try {
    fs.mkdirSync(path.join(stage, "server"));
    fs.copyFileSync(bundle, path.join(stage, "server", "server.mjs"));
    fs.copyFileSync(icon, path.join(stage, "icon.png"));
    fs.writeFileSync(path.join(stage, "manifest.json"), `${JSON.stringify(bundleManifest(manifest, tools), null, 2)}\n`);
    mcpb(["validate", path.join(stage, "manifest.json")]);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.rmSync(out, { force: true });
    mcpb(["pack", stage, out]);
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
  return { file: out, bytes: fs.statSync(out).size, tools: tools.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const index = process.argv.indexOf("--out");
  const out = path.resolve(index > 0 && process.argv[index + 1] ? process.argv[index + 1] : path.join(appDir, "release", "foundry-server.mcpb"));
  const built = await buildMcpb(out);
  console.log(`build-mcpb: wrote ${built.file} (${(built.bytes / 1e3).toFixed(1)} kB, ${built.tools} tools)`);
}
