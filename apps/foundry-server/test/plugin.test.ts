// The assembled Claude Code plugin dist/plugin/foundry-core: its files, its .mcp.json actually
// starting the bundled server (from a copy of the folder, away from node_modules), and the
// PreToolUse hook blocking direct reads of .foundry/memory and recording gate_blocked.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import packageJson from "../package.json";
import { APP_DIR, BUNDLE, PLUGIN_DIR, callTool, cleanup, makeTempDir, requireBuild } from "./support/server-process";

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, "utf8")) as T;

interface McpJson {
  mcpServers: Record<string, { command: string; args: string[] }>;
}
interface HooksJson {
  hooks: { PreToolUse: Array<{ matcher: string; hooks: Array<{ type: string; command: string }> }> };
}

let plugin: string;

beforeAll(() => {
  requireBuild();
  // A copy in an unrelated temp folder: the plugin must not depend on anything beside it.
  plugin = path.join(makeTempDir("foundry-plugin-"), "foundry-core");
  fs.cpSync(PLUGIN_DIR, plugin, { recursive: true });
});
afterAll(cleanup);

describe("plugin files", () => {
  it("has a manifest named foundry-core with the package version", () => {
    expect(readJson(path.join(PLUGIN_DIR, ".claude-plugin/plugin.json"))).toMatchObject({ name: "foundry-core", version: packageJson.version });
  });

  it("registers the server as foundry in .mcp.json", () => {
    expect(readJson(path.join(PLUGIN_DIR, ".mcp.json"))).toEqual({
      mcpServers: { foundry: { command: "node", args: ["${CLAUDE_PLUGIN_ROOT}/mcp/server.mjs"] } },
    });
  });

  it("ships the bundle as mcp/server.mjs", () => {
    expect(fs.readFileSync(path.join(PLUGIN_DIR, "mcp/server.mjs")).equals(fs.readFileSync(BUNDLE))).toBe(true);
  });

  it.each(["runbook-author", "foundry-memory"])("has the %s skill with its name and a description", (skill) => {
    const text = fs.readFileSync(path.join(PLUGIN_DIR, "skills", skill, "SKILL.md"), "utf8");
    expect(text).toMatch(new RegExp(`^---\\nname: ${skill}\\ndescription: .{40,}\\n---\\n`));
  });

  it("teaches memory and blackboard use in the foundry-memory skill", () => {
    const text = fs.readFileSync(path.join(PLUGIN_DIR, "skills/foundry-memory/SKILL.md"), "utf8");
    for (const tool of ["memory_search", "memory_write", "runbook_list", "blackboard_write", "blackboard_read", "contract_validate"]) expect(text).toContain(`\`${tool}`);
    expect(text).toContain("mcp__plugin_foundry-core_foundry__");
  });

  it("declares a PreToolUse hook on the file-reading tools running the gate script", () => {
    const hooks = readJson<HooksJson>(path.join(PLUGIN_DIR, "hooks/hooks.json")).hooks.PreToolUse;
    expect(hooks).toEqual([
      {
        matcher: "Read|Grep|Glob|Bash|PowerShell|mcp__(?!.*__(memory_search|blackboard_read)$).*(read|search|grep|get_file|file_contents|view|open)",
        hooks: [{ type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/memory-gate.mjs"', timeout: 10 }],
      },
    ]);
    expect(fs.existsSync(path.join(PLUGIN_DIR, "hooks/memory-gate.mjs"))).toBe(true);
  });

  it("declares the context hooks, each running its own bundle shipped beside hooks.json", () => {
    const hooks = readJson<{ hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string }> }>> }>(path.join(PLUGIN_DIR, "hooks/hooks.json")).hooks;
    const declared = Object.fromEntries(Object.entries(hooks).map(([event, entries]) => [event, entries.map((entry) => [entry.matcher ?? "", entry.hooks.map((hook) => hook.command)])]));
    const command = (name: string): string => `node "\${CLAUDE_PLUGIN_ROOT}/hooks/${name}.mjs"`;
    expect(declared).toMatchObject({
      SessionStart: [["startup|resume|clear|compact", [command("session-start")]]],
      UserPromptSubmit: [["", [command("prompt-recall")]]],
      SubagentStop: [["", [command("subagent-stop")]]],
      PreCompact: [["manual|auto", [command("pre-compact")]]],
    });
    for (const name of ["session-start", "prompt-recall", "subagent-stop", "pre-compact"]) {
      expect(fs.statSync(path.join(PLUGIN_DIR, "hooks", `${name}.mjs`)).mode & 0o111, name).not.toBe(0);
    }
  });
});

describe("the plugin's .mcp.json", () => {
  it("starts the bundled server in the project folder", async () => {
    const project = makeTempDir("foundry-plugin-project-");
    const entry = readJson<McpJson>(path.join(plugin, ".mcp.json")).mcpServers.foundry as McpJson["mcpServers"][string];
    const expand = (value: string): string => value.replaceAll("${CLAUDE_PLUGIN_ROOT}", plugin);
    const transport = new StdioClientTransport({
      command: entry.command === "node" ? process.execPath : entry.command,
      args: entry.args.map(expand),
      cwd: project,
      env: { PATH: process.env.PATH ?? "", CLAUDE_PLUGIN_ROOT: plugin },
      stderr: "pipe",
    });
    const client = new Client({ name: "plugin-test", version: "0.0.0" });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: "foundry", version: packageJson.version });
      const written = await callTool(client, "memory_write", { title: "Plugin installs keep the project root", body: "The server serves the folder it starts in.", type: "convention" });
      expect(written.text).toMatch(/^created: fact-0001\n/);
      expect(fs.existsSync(path.join(project, ".foundry/memory/facts/fact-0001.md"))).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe("the memory gate hook", () => {
  const hookCommand = (): string => (readJson<HooksJson>(path.join(plugin, "hooks/hooks.json")).hooks.PreToolUse[0]?.hooks[0]?.command ?? "");

  /** Runs the hook as Claude Code does: its command in a shell, the event as JSON on stdin. */
  function runHook(project: string, toolName: string, toolInput: Record<string, unknown> | string) {
    const input = typeof toolInput === "string" ? toolInput : JSON.stringify({ session_id: "s", cwd: project, hook_event_name: "PreToolUse", tool_name: toolName, tool_input: toolInput });
    const result = spawnSync("sh", ["-c", hookCommand()], {
      input,
      encoding: "utf8",
      cwd: project,
      env: { PATH: process.env.PATH ?? "", CLAUDE_PLUGIN_ROOT: plugin, CLAUDE_PROJECT_DIR: project },
    });
    return { status: result.status, stderr: result.stderr, stdout: result.stdout };
  }

  const eventsOf = (project: string): Array<Record<string, unknown>> => {
    const file = path.join(project, ".foundry/metrics/events.jsonl");
    if (!fs.existsSync(file)) return [];
    return fs.readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
  };

  const REASON =
    "Blocked: .foundry/memory files are not read directly; loading them whole wastes context. Call memory_search (mcp__plugin_foundry-core_foundry__memory_search) with keywords for the facts you need; the budgeted index is the foundry://memory/index resource. To change memory, use memory_write.\n";

  it.each([
    ["Read", (project: string) => ({ file_path: path.join(project, ".foundry/memory/facts/fact-0001.md") })],
    ["Read", (project: string) => ({ file_path: path.join(project, ".foundry/memory/INDEX.md") })],
    ["Grep", () => ({ pattern: "flyway", path: ".foundry/memory" })],
    ["Grep", () => ({ pattern: "flyway", glob: ".foundry/memory/**/*.md" })],
    ["Glob", (project: string) => ({ pattern: "**/*.md", path: path.join(project, ".foundry/memory/facts") })],
    ["Glob", () => ({ pattern: ".foundry/memory/**" })],
    ["Bash", () => ({ command: "cat .foundry/memory/facts/*.md" })],
    ["Bash", () => ({ command: "cd app && grep -rn flyway ./.foundry/memory | head" })],
    ["Bash", () => ({ command: "while read l; do echo $l; done < .foundry/memory/INDEX.md" })],
    // Searches rooted at .foundry (an ancestor of memory) or aimed at fact files by name.
    ["Grep", () => ({ pattern: "Flyway", path: ".foundry", output_mode: "content" })],
    ["Grep", () => ({ pattern: "Flyway", path: "./.foundry/", output_mode: "content" })],
    ["Grep", (project: string) => ({ pattern: "Flyway", path: path.join(project, ".foundry") })],
    ["Grep", () => ({ pattern: "Flyway", glob: "fact-*.md", output_mode: "content" })],
    ["Glob", () => ({ pattern: "**/fact-*.md" })],
    ["Glob", () => ({ pattern: ".foundry/**" })],
    ["Glob", (project: string) => ({ pattern: "**/fact-*.md", path: project })],
    ["Bash", () => ({ command: "grep -r Flyway .foundry" })],
    ["Bash", () => ({ command: "cat .foundry/memory/facts/*" })],
    ["Bash", () => ({ command: "rg x .foundry/" })],
    ["Bash", () => ({ command: "find .foundry -name '*.md' -exec cat {} +" })],
    ["Bash", () => ({ command: "find . -name 'fact-*.md' -exec cat {} +" })],
    ["Bash", (project: string) => ({ command: `sed -n 1,20p ${project}/.foundry/memory/INDEX.md` })],
    // PowerShell (Claude Code on Windows) and other MCP servers' file readers.
    ["PowerShell", () => ({ command: "Get-Content .foundry\\memory\\INDEX.md" })],
    ["PowerShell", () => ({ command: "gc ./.foundry/memory/facts/fact-0001.md | Select-Object -First 5" })],
    ["PowerShell", () => ({ command: "Select-String -Path .foundry\\memory\\facts\\*.md -Pattern flyway" })],
    ["PowerShell", (project: string) => ({ command: `[System.IO.File]::ReadAllText('${project}\\.foundry\\memory\\INDEX.md')` })],
    ["mcp__filesystem__read_text_file", (project: string) => ({ path: path.join(project, ".foundry/memory/INDEX.md") })],
    ["mcp__filesystem__read_multiple_files", (project: string) => ({ paths: ["README.md", path.join(project, ".foundry/memory/facts/fact-0001.md")] })],
    ["mcp__filesystem__search_files", () => ({ path: ".foundry", pattern: "flyway" })],
    ["mcp__files__read_resource", (project: string) => ({ uri: `file://${project}/.foundry/memory/INDEX.md` })],
  ])("blocks %s %#, points to memory_search and records gate_blocked", (toolName, input) => {
    const project = makeTempDir("foundry-hook-");
    expect(runHook(project, toolName, input(project))).toEqual({ status: 2, stderr: REASON, stdout: "" });
    const events = eventsOf(project);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: "gate_blocked", tool: toolName });
    expect(new Date(events[0]?.ts as string).toISOString()).toBe(events[0]?.ts);
    expect(fs.readFileSync(path.join(project, ".foundry/.gitignore"), "utf8")).toBe("# Foundry metrics are local to each checkout\nmetrics/\n");
  });

  it.each([
    ["Read", { file_path: "src/index.ts" }],
    ["Read", { file_path: ".foundry/runbooks/deploy-production.md" }],
    ["Read", { file_path: "docs/.foundry-memory-notes.md" }],
    ["Grep", { pattern: "memory", path: "src" }],
    ["Glob", { pattern: "src/**/*.ts" }],
    ["Bash", { command: "git status && ls .foundry/memory/facts" }],
    ["Bash", { command: "pnpm test" }],
    ["Write", { file_path: ".foundry/memory/facts/fact-0009.md", content: "x" }],
    // Project-wide searches that do not name .foundry, and .foundry files outside memory.
    ["Grep", { pattern: "Flyway", path: ".", output_mode: "content" }],
    ["Grep", { pattern: "Flyway", output_mode: "content" }],
    ["Grep", { pattern: "Flyway", glob: "*.md" }],
    ["Grep", { pattern: "deploy", path: ".foundry/runbooks", output_mode: "content" }],
    ["Glob", { pattern: "**/*.md" }],
    ["Glob", { pattern: "**/fact-store.ts" }],
    ["Glob", { pattern: "runbooks/*.md", path: ".foundry" }],
    ["Bash", { command: "grep -rn Flyway . --exclude-dir=.foundry" }],
    ["Bash", { command: "cat .foundry/runbooks/deploy-production.md" }],
    ["Bash", { command: "find .foundry -name '*.md'" }],
    ["Bash", { command: "mkdir -p .foundry/memory && echo note > .foundry/memory/draft.txt" }],
    ["PowerShell", { command: "Get-Content src\\index.ts" }],
    ["PowerShell", { command: "Get-ChildItem .foundry\\memory\\facts" }],
    ["mcp__filesystem__read_text_file", { path: "src/index.ts" }],
    ["mcp__filesystem__write_file", { path: ".foundry/memory/facts/fact-0009.md", content: "x" }],
    ["mcp__filesystem__list_directory", { path: ".foundry/memory" }],
    ["mcp__plugin_foundry-core_foundry__memory_search", { query: "what is in .foundry/memory/INDEX.md" }],
  ])("lets %s %j through without an event", (toolName, input) => {
    const project = makeTempDir("foundry-hook-");
    expect(runHook(project, toolName, input)).toEqual({ status: 0, stderr: "", stdout: "" });
    expect(eventsOf(project)).toEqual([]);
  });

  it("lets a search of the whole project by its absolute path through", () => {
    const project = makeTempDir("foundry-hook-");
    expect(runHook(project, "Grep", { pattern: "Flyway", path: project, output_mode: "content" })).toEqual({ status: 0, stderr: "", stdout: "" });
    expect(runHook(project, "Bash", { command: `grep -rn Flyway ${project}/src` })).toEqual({ status: 0, stderr: "", stdout: "" });
    expect(eventsOf(project)).toEqual([]);
  });

  it("matches, in hooks.json, every tool the gate inspects and none it lets through", () => {
    const matcher = new RegExp(readJson<HooksJson>(path.join(plugin, "hooks/hooks.json")).hooks.PreToolUse[0]!.matcher);
    for (const name of ["Read", "Grep", "Glob", "Bash", "PowerShell", "mcp__filesystem__read_text_file", "mcp__filesystem__read_multiple_files", "mcp__filesystem__search_files", "mcp__github__get_file_contents"]) {
      expect(matcher.test(name), name).toBe(true);
    }
    for (const name of ["Write", "Edit", "mcp__filesystem__write_file", "mcp__filesystem__list_directory"]) expect(matcher.test(name), name).toBe(false);
  });

  // Issue #36 D8: the old matcher ran the gate (a node start-up, ~130 ms) before every call of
  // the tool it recommends.
  const OWN_READ_TOOLS = [
    "mcp__plugin_foundry-core_foundry__memory_search",
    "mcp__plugin_foundry-core_foundry__blackboard_read",
    "mcp__foundry__memory_search",
    "mcp__foya__mcp__foundry__memory_search",
    "mcp__foya__mcp__foundry__blackboard_read",
    "mcp__foya__mcp__mem__memory_search",
  ];

  it("does not run the gate on the plugin's own memory_search and blackboard_read, under any server name (#36 D8)", () => {
    const matcher = new RegExp(readJson<HooksJson>(path.join(plugin, "hooks/hooks.json")).hooks.PreToolUse[0]!.matcher);
    for (const name of OWN_READ_TOOLS) expect(matcher.test(name), name).toBe(false);
    for (const name of ["mcp__foya__mcp__filesystem__read_text_file", "mcp__memory__search_nodes", "mcp__foya__mcp__foundry__read_file"]) expect(matcher.test(name), name).toBe(true);
  });

  it.each(OWN_READ_TOOLS)("lets %s through with a memory path in its input, without an event (#36 D8)", (toolName) => {
    const project = makeTempDir("foundry-hook-");
    expect(runHook(project, toolName, { query: "x", path: ".foundry/memory/INDEX.md", wave: ".foundry/memory" })).toEqual({ status: 0, stderr: "", stdout: "" });
    expect(eventsOf(project)).toEqual([]);
  });

  it("records the block in the project found upward, as the server serves it, from a nested session folder", () => {
    const project = makeTempDir("foundry-hook-");
    fs.mkdirSync(path.join(project, ".git"));
    const nested = path.join(project, "src/app");
    fs.mkdirSync(nested, { recursive: true });
    expect(runHook(nested, "Read", { file_path: path.join(project, ".foundry/memory/INDEX.md") })).toEqual({ status: 2, stderr: REASON, stdout: "" });
    expect(eventsOf(project)).toMatchObject([{ event: "gate_blocked", tool: "Read" }]);
    expect(fs.existsSync(path.join(nested, ".foundry"))).toBe(false);
  });

  it("lets unparsable input through", () => {
    const project = makeTempDir("foundry-hook-");
    expect(runHook(project, "Read", "not json")).toEqual({ status: 0, stderr: "", stdout: "" });
  });

  it("writes events token_report counts, beside the server's own", async () => {
    const project = makeTempDir("foundry-hook-");
    runHook(project, "Read", { file_path: path.join(project, ".foundry/memory/INDEX.md") });
    runHook(project, "Bash", { command: "cat .foundry/memory/facts/fact-0001.md" });
    const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(plugin, "mcp/server.mjs")], cwd: project, env: { PATH: process.env.PATH ?? "" }, stderr: "pipe" });
    const client = new Client({ name: "plugin-test", version: "0.0.0" });
    await client.connect(transport);
    try {
      expect((await callTool(client, "token_report")).text).toContain("- Recorded events: gate_blocked=2, token_report=1\n");
    } finally {
      await client.close();
    }
  });
});

describe("build-plugin run again over a built folder", () => {
  // The build script empties dist/ before tsup; run alone, build-plugin must still leave nothing of
  // an earlier plugin/ behind (it writes into the folder tsup filled rather than replacing it).
  it("removes what plugin/ no longer has and keeps what tsup wrote", () => {
    // The app's place in the repository, as build-plugin reads the repository's tooling/ beside it.
    const repository = makeTempDir("foundry-build-plugin-");
    const app = path.join(repository, "apps", "foundry-server");
    for (const part of ["scripts", "plugin", "dist", "package.json", "LICENSE"]) fs.cpSync(path.join(APP_DIR, part), path.join(app, part), { recursive: true });
    fs.cpSync(path.join(APP_DIR, "..", "..", "tooling", "bundle-imports.mjs"), path.join(repository, "tooling", "bundle-imports.mjs"));
    const folder = path.join(app, "dist", "plugin", "foundry-core");
    fs.mkdirSync(path.join(folder, "skills", "retired-skill"));
    fs.writeFileSync(path.join(folder, "skills", "retired-skill", "SKILL.md"), "---\nname: retired-skill\n---\n");
    fs.writeFileSync(path.join(folder, "hooks", "retired-gate.mjs"), "");
    const chunks = fs.readdirSync(path.join(folder, "chunks")).sort();

    const run = spawnSync(process.execPath, [path.join(app, "scripts", "build-plugin.mjs")], { encoding: "utf8", timeout: 30_000 });
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(fs.readdirSync(path.join(folder, "skills")).sort()).toEqual(fs.readdirSync(path.join(APP_DIR, "plugin", "skills")).sort());
    expect(fs.readdirSync(path.join(folder, "hooks")).sort()).toEqual(fs.readdirSync(path.join(PLUGIN_DIR, "hooks")).sort());
    expect(fs.readdirSync(path.join(folder, "chunks")).sort()).toEqual(chunks);
  });

  // Regression (session 38): esbuild left a chunk for each dynamic import its tree shaking dropped
  // (ajv's standalone generator, the HTTP transport's stand-in), shipped though nothing loads it.
  it("removes a chunk no entry reaches, and keeps every chunk one does", () => {
    const repository = makeTempDir("foundry-build-plugin-");
    const app = path.join(repository, "apps", "foundry-server");
    for (const part of ["scripts", "plugin", "dist", "package.json", "LICENSE"]) fs.cpSync(path.join(APP_DIR, part), path.join(app, part), { recursive: true });
    fs.cpSync(path.join(APP_DIR, "..", "..", "tooling", "bundle-imports.mjs"), path.join(repository, "tooling", "bundle-imports.mjs"));
    const chunksFolder = path.join(app, "dist", "plugin", "foundry-core", "chunks");
    const chunks = fs.readdirSync(chunksFolder).sort();
    fs.writeFileSync(path.join(chunksFolder, "standalone-UNREACHED.mjs"), 'import "./chunk-unreached-too.mjs";\n');
    fs.writeFileSync(path.join(chunksFolder, "chunk-unreached-too.mjs"), "export {};\n");

    const run = spawnSync(process.execPath, [path.join(app, "scripts", "build-plugin.mjs")], { encoding: "utf8", timeout: 30_000 });
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(fs.readdirSync(chunksFolder).sort()).toEqual(chunks);
    const reachable = new Set(fs.readdirSync(path.join(APP_DIR, "dist", "plugin", "foundry-core", "chunks")));
    expect(chunks.filter((chunk) => !reachable.has(chunk))).toEqual([]);
    expect(chunks.some((chunk) => chunk.startsWith("standalone-") || chunk.startsWith("streamableHttp-"))).toBe(false);
  });
});
