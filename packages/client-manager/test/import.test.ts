// Faithful import of other clients' configurations: one realistic file per client (fixtures in
// __fixtures__/import, with every variable form the client knows), asserting the resulting
// servers, the warnings, the secrets taken out, and that a server whose values cannot be
// translated is refused whole. Then the stored form: secrets only in the 0600 credentials file,
// --dry-run writing nothing, and a real server receiving what was imported.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importInputs, importServers, type ImportOptions } from "../src/index";
import { ConfigStore, NodeClientManager } from "../src/node";
import { everythingEntry, fixturesDir, HOST_VOICE, makeTempDir } from "./helpers";

const root = path.join(fixturesDir, "import");
const HOME = "/home/ana";

function load(relative: string, options: ImportOptions = {}) {
  const file = path.join(root, relative);
  return importServers(fs.readFileSync(file, "utf8"), { sourcePath: file, userHome: HOME, readFile: (name) => fs.readFileSync(name, "utf8"), voice: HOST_VOICE, ...options });
}

describe("import: Claude Desktop", () => {
  it("takes values literally and refuses a ${VAR} Claude Desktop would not expand", () => {
    const result = load("claude_desktop_config.json");
    expect(result.format).toBe("claude-desktop");
    expect(result.servers).toEqual({
      filesystem: { transport: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/Users/ana/Desktop", "/Users/ana/Downloads"] },
      memory: { transport: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: { MEMORY_FILE_PATH: "/Users/ana/.memory/graph.jsonl" } },
    });
    const reason = "env.GITHUB_PERSONAL_ACCESS_TOKEN: Claude Desktop passes ${GITHUB_TOKEN} on literally, but foya would expand it; write the value itself";
    expect(result.refused).toEqual([{ name: "github", reason }]);
    expect(result.warnings).toEqual([`github: refused, ${reason}`]);
  });
});

describe("import: Claude Code", () => {
  it(".mcp.json keeps ${VAR} and ${VAR:-default} as references in command, args, env, url and headers", () => {
    const result = load("claude-code/repo/.mcp.json");
    expect(result.format).toBe("claude-code");
    expect(result.servers).toEqual({
      docs: { transport: "streamable_http", url: "${DOCS_MCP_URL:-https://docs.example.com/mcp}", headers: { Authorization: "Bearer ${DOCS_API_KEY}", "X-Team": "${TEAM:-platform}" } },
      notes: {
        transport: "stdio",
        command: "${NODE_BIN:-node}",
        args: ["${HOME}/tools/notes-server.mjs", "--root", "${NOTES_ROOT:-./notes}"],
        env: { NOTES_TOKEN: "${NOTES_TOKEN}", LOG_LEVEL: "${LOG_LEVEL:-info}" },
      },
      events: { transport: "sse", url: "https://events.example.com/sse" },
    });
    expect(result.refused).toEqual([{ name: "helper", reason: 'field "headersHelper" has no foya equivalent' }]);
    expect(result.tokens).toEqual({});
  });

  it("~/.claude.json: user-scope servers and every project's, a clash renamed with a warning, a literal token taken out", () => {
    const result = load("claude-code/home/.claude.json");
    expect(Object.keys(result.servers)).toEqual(["search", "db", "db-2", "shop-api", "cms"]);
    expect(result.servers["db-2"]).toEqual({ transport: "stdio", command: "npx", args: ["-y", "db-mcp", "--url", "${SHOP_DB_URL:-postgres://localhost/shop}"] });
    expect(result.servers["shop-api"]).toEqual({ transport: "streamable_http", url: "https://api.shop.example.com/mcp" });
    expect(result.servers.cms).toEqual({ transport: "sse", url: "${CMS_URL}/sse" });
    expect(result.tokens).toEqual({ "shop-api": "sk-shop-0123456789" });
    expect(result.warnings).toEqual(['db (project /home/ana/work/shop): renamed to "db-2", another server in this file is named "db"']);
    expect(JSON.stringify([result.servers, result.warnings])).not.toContain("sk-shop-0123456789");
  });

  it("~/.claude.json with one project: its entry replaces the user-scope one of the same name; an unknown project is refused", () => {
    const result = load("claude-code/home/.claude.json", { project: "/home/ana/work/shop" });
    expect(Object.keys(result.servers)).toEqual(["search", "db", "shop-api"]);
    expect(result.servers.db?.transport === "stdio" && result.servers.db.args).toEqual(["-y", "db-mcp", "--url", "${SHOP_DB_URL:-postgres://localhost/shop}"]);
    expect(result.warnings).toEqual(["db: the project /home/ana/work/shop defines it too; its entry replaces the user-scope one"]);
    expect(() => load("claude-code/home/.claude.json", { project: "/nowhere" })).toThrow('No project "/nowhere" in this file; projects with servers: /home/ana/work/shop, /home/ana/work/blog');
  });
});

describe("import: Cursor", () => {
  it("resolves ${workspaceFolder}, ${userHome}, ${pathSeparator}, turns ${env:X} into ${X:-}, reads envFile into secrets", () => {
    const workspace = path.join(root, "cursor/repo");
    const result = load("cursor/repo/.cursor/mcp.json");
    expect(result.format).toBe("cursor");
    expect(result.servers).toEqual({
      "workspace-files": { transport: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", workspace, "/home/ana/shared"] },
      linear: { transport: "streamable_http", url: "https://mcp.linear.example.com/mcp", headers: { Authorization: "Bearer ${LINEAR_API_KEY:-}", "X-Workspace": "repo" } },
      "local-db": { transport: "stdio", command: "node", args: [`${workspace}/scripts/db-mcp.mjs`], env: { DB_NAME: "app_dev" } },
    });
    expect(result.secretEnv).toEqual({ "local-db": { DB_PASSWORD: "hunter2-cursor", DB_HOST: "127.0.0.1" } });
    expect(result.refused).toEqual([{ name: "bad-config-ref", reason: "args[0]: ${config:editor.fontSize} is a Cursor variable foya cannot translate" }]);
    expect(result.warnings).toContain("local-db: envFile's DB_PASSWORD, DB_HOST go to mcp-credentials.json (0600) and are passed to the server on start");
    expect(JSON.stringify([result.servers, result.warnings])).not.toContain("hunter2-cursor");
  });

  it("an envFile that cannot be read refuses its server", () => {
    const result = importServers({ mcpServers: { db: { command: "node", envFile: "/nonexistent/.env" } } }, { format: "cursor", readFile: (file) => fs.readFileSync(file, "utf8") });
    expect(result.servers).toEqual({});
    expect(result.refused).toEqual([{ name: "db", reason: "envFile /nonexistent/.env cannot be read: ENOENT" }]);
  });
});

describe("import: VS Code", () => {
  const answers = { "github-pat": "ghp_pat_value_123", "perplexity-key": "pplx-key-456", "project-name": "shop" };

  it("lists the inputs the servers use, in order, with their password flag", () => {
    const file = path.join(root, "vscode/repo/.vscode/mcp.json");
    expect(importInputs(fs.readFileSync(file, "utf8"), { sourcePath: file })).toEqual([
      { id: "github-pat", description: "GitHub Personal Access Token", password: true },
      { id: "perplexity-key", description: "Perplexity API Key", password: true },
      { id: "project-name", description: "Project name", password: false },
    ]);
  });

  it(".vscode/mcp.json: answers fill inputs (password ones as credentials), workspace paths resolved, dev dropped with a warning", () => {
    const workspace = path.join(root, "vscode/repo");
    const result = load("vscode/repo/.vscode/mcp.json", { inputs: answers });
    expect(result.servers).toEqual({
      github: { transport: "streamable_http", url: "https://api.githubcopilot.com/mcp/" },
      perplexity: { transport: "stdio", command: "npx", args: ["-y", "server-perplexity-ask"], env: { PROJECT: "shop" } },
      memory: {
        transport: "stdio",
        command: "node",
        args: [`${workspace}/tools/memory-server.mjs`, "--root", workspace],
        cwd: workspace,
        env: { HOME_DIR: "/home/ana", EDITOR_SHELL: "${SHELL:-}" },
      },
      "remote-sse": { transport: "sse", url: "https://legacy.example.com/sse" },
    });
    expect(result.tokens).toEqual({ github: "ghp_pat_value_123" });
    expect(result.secretEnv).toEqual({ perplexity: { PERPLEXITY_API_KEY: "pplx-key-456" }, memory: { MEMORY_SECRET: "mem-secret-value", MEMORY_MODE: "strict" } });
    expect(result.refused).toEqual([{ name: "token-in-args", reason: "args[3] holds a password input; foya keeps secrets only in env or header values (stored in mcp-credentials.json)" }]);
    expect(result.warnings).toEqual([
      'memory: field "dev" dropped (VS Code\'s development mode (watch and debug) has no foya equivalent)',
      "memory: envFile's MEMORY_SECRET, MEMORY_MODE go to mcp-credentials.json (0600) and are passed to the server on start",
      "token-in-args: refused, args[3] holds a password input; foya keeps secrets only in env or header values (stored in mcp-credentials.json)",
    ]);
    const printed = JSON.stringify([result.servers, result.warnings, result.refused]);
    for (const secret of ["ghp_pat_value_123", "pplx-key-456", "mem-secret-value"]) expect(printed).not.toContain(secret);
  });

  it("an unanswered input refuses its server, naming the input and how to give it", () => {
    const result = load("vscode/repo/.vscode/mcp.json", { inputs: { "project-name": "shop" } });
    expect(result.refused.map((entry) => entry.name)).toEqual(["github", "perplexity", "token-in-args"]);
    expect(result.refused[0]?.reason).toBe('headers.Authorization needs the input "github-pat" (GitHub Personal Access Token); answer it when asked, or pass --input github-pat=VALUE');
    expect(Object.keys(result.servers)).toEqual(["memory", "remote-sse"]);
  });

  it("settings.json: mcp.servers read; ${workspaceFolder} without a workspace refuses, with one it resolves", () => {
    const result = load("vscode/user/settings.json");
    expect(result.format).toBe("vscode");
    expect(result.servers).toEqual({
      fetch: { transport: "stdio", command: "uvx", args: ["mcp-server-fetch"] },
      weather: { transport: "streamable_http", url: "https://weather.example.com/mcp", headers: { "X-Api-Key": "${WEATHER_KEY:-}" } },
    });
    expect(result.refused).toEqual([
      { name: "project-files", reason: "args[2] uses ${workspaceFolder}, but this file belongs to no workspace; pass the workspace folder (foya mcp import --workspace DIR)" },
    ]);
    const withWorkspace = load("vscode/user/settings.json", { workspaceFolder: "/home/ana/work/shop" });
    expect(withWorkspace.servers["project-files"]).toEqual({ transport: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/home/ana/work/shop"] });
  });
});

describe("import into a FOYA_HOME", () => {
  it("stores secrets only in the 0600 credentials file, and --dry-run writes nothing", () => {
    const store = new ConfigStore(makeTempDir("cm-import-"));
    const file = path.join(root, "vscode/repo/.vscode/mcp.json");
    const text = fs.readFileSync(file, "utf8");
    const options = { sourcePath: file, inputs: { "github-pat": "ghp_pat_value_123", "perplexity-key": "pplx-key-456", "project-name": "shop" } };
    const dry = store.importFrom(text, { ...options, dryRun: true });
    expect(dry.added).toEqual(["github", "perplexity", "memory", "remote-sse"]);
    expect(fs.existsSync(store.configPath)).toBe(false);
    expect(fs.existsSync(store.credentialsPath)).toBe(false);
    const done = store.importFrom(text, options);
    expect(done.tokensStored).toEqual(["github"]);
    expect(done.secretsStored).toEqual(["perplexity", "memory"]);
    const config = fs.readFileSync(store.configPath, "utf8");
    for (const secret of ["ghp_pat_value_123", "pplx-key-456", "mem-secret-value"]) expect(config).not.toContain(secret);
    expect((fs.statSync(store.credentialsPath).mode & 0o777).toString(8)).toBe("600");
    expect(store.getToken("github")).toBe("ghp_pat_value_123");
    expect(store.getEnv("perplexity")).toEqual({ PERPLEXITY_API_KEY: "pplx-key-456" });
    expect(JSON.stringify(store.publicView())).not.toContain("pplx-key-456");
    store.removeServer("perplexity");
    expect(store.getEnv("perplexity")).toBeUndefined();
  });

  it("a stdio server gets its imported secret env and its ${env:X} args expanded at start", async () => {
    const store = new ConfigStore(makeTempDir("cm-import-run-"));
    const json = { inputs: [{ id: "key", password: true }], servers: { every: { type: "stdio", command: "node", args: ["${env:EVERYTHING_ENTRY}", "stdio"], env: { API_KEY: "${input:key}" } } } };
    store.importFrom(json, { format: "vscode", inputs: { key: "imported-secret-789" } });
    expect(fs.readFileSync(store.configPath, "utf8")).not.toContain("imported-secret-789");
    const config = store.load();
    expect(config.servers.every).toEqual({ transport: "stdio", command: "node", args: ["${EVERYTHING_ENTRY:-}", "stdio"] });
    const manager = new NodeClientManager({ config, credentials: store, env: { ...process.env, EVERYTHING_ENTRY: everythingEntry }, pingIntervalMs: 0, reconnect: { maxAttempts: 0 } });
    try {
      await manager.start();
      expect(manager.status()[0]?.state, manager.status()[0]?.lastError).toBe("connected");
      const result = await manager.callTool("mcp__every__get-env", {});
      expect(JSON.stringify(result.content)).toContain("imported-secret-789");
    } finally {
      await manager.close();
    }
  });
});
