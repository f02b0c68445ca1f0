// The README's install snippets: the section is exactly what scripts/install-snippets.mjs makes from
// the apps' server.json files; every VS Code and Cursor link decodes to a configuration that runs
// what server.json describes; each `claude mcp add` line, run with Claude Code's own CLI in an
// empty project, stores that same configuration; the Claude Desktop JSON parses to it too.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { installSection, START, END } from "../../scripts/install-snippets.mjs";
import { serverEntries } from "../../scripts/release/server-json.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CLAUDE = path.join(root, "apps/foundry-server/node_modules/@anthropic-ai/claude-code/cli-wrapper.cjs");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
const section = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "install-snippets-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

interface Entry { name: string; packages: Array<{ identifier: string; transport: { type: string; url?: string }; packageArguments?: Array<{ type: string; value?: string; name?: string; variables?: Record<string, { default?: string }> }> }> }
type Config = { type?: string; command?: string; args?: string[]; url?: string; headers?: Record<string, string> };

/** What server.json says a client must run or reach, written out here independently of the generator. */
function expected(entry: Entry): Config {
  const pkg = entry.packages[0]!;
  const positional = (pkg.packageArguments ?? []).filter((a) => a.type === "positional").map((a) => a.value!);
  if (pkg.transport.type === "stdio") return { type: "stdio", command: "npx", args: ["-y", pkg.identifier, ...positional] };
  const port = pkg.packageArguments!.find((a) => a.name === "--port")!.variables!.port!.default!;
  return { type: "http", url: pkg.transport.url!.replace("{port}", port), headers: { Authorization: "Bearer YOUR_TOKEN" } };
}

const entries = serverEntries(root) as Array<{ folder: string; entry: Entry }>;
const links = (prefix: string) => [...section.matchAll(new RegExp(`\\]\\((${prefix.replace(/[.?/]/g, "\\$&")}[^)]+)\\)`, "g"))].map((match) => new URL(match[1]!));
const byName = (name: string) => entries.find(({ entry }) => `io.github.foundry-mcp/${{ foundry: "foundry-server", foya: "foya-host", amicited: "amicited-gateway" }[name]}` === entry.name)!.entry;

describe("install snippets in the README", () => {
  it("are exactly what the generator makes from server.json (run `node scripts/install-snippets.mjs --write`)", () => {
    expect(readme.indexOf(START)).toBeGreaterThan(0);
    expect(section).toBe(installSection(root));
  });

  it("VS Code links decode to the configuration server.json describes", () => {
    const found = links("https://vscode.dev/redirect/mcp/install?");
    expect(found.map((url) => url.searchParams.get("name"))).toEqual(["foundry", "foya", "amicited"]);
    for (const url of found) expect(JSON.parse(url.searchParams.get("config")!), url.href).toEqual(expected(byName(url.searchParams.get("name")!)));
  });

  it("Cursor links decode (base64 JSON) to the same, without VS Code's type field", () => {
    const found = links("https://cursor.com/en/install-mcp?");
    expect(found.map((url) => url.searchParams.get("name"))).toEqual(["foundry", "foya", "amicited"]);
    for (const url of found) {
      const { type: _type, ...config } = expected(byName(url.searchParams.get("name")!));
      expect(JSON.parse(Buffer.from(url.searchParams.get("config")!, "base64").toString("utf8")), url.href).toEqual(config);
    }
  });

  it("code --add-mcp and Claude Desktop JSON carry the same configuration", () => {
    const addMcp = [...section.matchAll(/code --add-mcp '([^']+)'/g)].map((match) => JSON.parse(match[1]!) as Config & { name: string });
    expect(addMcp.map((config) => config.name)).toEqual(["foundry", "foya", "amicited"]);
    for (const { name, ...config } of addMcp) expect(config).toEqual(expected(byName(name)));
    const desktop = [...section.matchAll(/```json\n\s*(\{.+\})\n/g)].map((match) => JSON.parse(match[1]!) as { mcpServers: Record<string, Config> });
    expect(desktop.map((config) => Object.keys(config.mcpServers))).toEqual([["foundry"], ["foya"]]);
    expect(desktop[0]!.mcpServers.foundry).toEqual({ command: "npx", args: [...expected(byName("foundry")).args!, "--root", "/absolute/path/to/project"] });
    const { type: _type, ...foya } = expected(byName("foya"));
    expect(desktop[1]!.mcpServers.foya).toEqual(foya);
  });

  it("each `claude mcp add` line, run with Claude Code's CLI, stores that configuration", { timeout: 120_000 }, () => {
    const commands = [...section.matchAll(/^ {2}(claude mcp add .+)$/gm)].map((match) => match[1]!);
    expect(commands).toHaveLength(3);
    const project = path.join(temp, "project");
    fs.mkdirSync(path.join(temp, "home"), { recursive: true });
    fs.mkdirSync(project, { recursive: true });
    for (const command of commands) {
      // The snippet's words as a shell passes them (double quotes only hold the header).
      const words = [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!).slice(1);
      const result = spawnSync(process.execPath, [CLAUDE, words[0]!, words[1]!, "--scope", "project", ...words.slice(2)], { cwd: project, env: { PATH: process.env.PATH, HOME: path.join(temp, "home") }, encoding: "utf8", timeout: 60_000 });
      expect(result.status, `${command}\n${result.stdout}${result.stderr}`).toBe(0);
    }
    const stored = JSON.parse(fs.readFileSync(path.join(project, ".mcp.json"), "utf8")) as { mcpServers: Record<string, Config & { env?: object }> };
    expect(Object.keys(stored.mcpServers)).toEqual(["foundry", "foya", "amicited"]);
    for (const [name, config] of Object.entries(stored.mcpServers)) {
      const { env, ...rest } = config;
      expect(env ?? {}).toEqual({});
      expect(rest, name).toEqual(expected(byName(name)));
    }
  });
});
