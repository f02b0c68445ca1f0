// The built `foya` CLI as a person uses it, against real servers: server-everything over stdio and
// Streamable HTTP, foundry-server's bundle, and a dead URL beside them. Tokens never printed,
// files private, errors one line with a non-zero exit, no process left behind.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERYTHING, FOUNDRY_SERVER, FOYA, LONG_NAMES, modeOf, processesMentioning, removeTemporaryFolders, runFoya, startEverythingHttp, temporaryFolder } from "./support/processes";

const SECRET = `SECRET-${Math.random().toString(36).slice(2)}`;
let home: string;
let root: string;
let http: Awaited<ReturnType<typeof startEverythingHttp>>;
let sse: Awaited<ReturnType<typeof startEverythingHttp>>;
let printed = "";
const foya = (...args: string[]) => {
  const result = runFoya(home, args);
  printed += result.stdout + result.stderr;
  return result;
};

beforeAll(async () => {
  expect(fs.existsSync(FOYA), `build first: ${FOYA}`).toBe(true);
  home = path.join(temporaryFolder("home"), "foya");
  root = temporaryFolder("root");
  http = await startEverythingHttp("streamableHttp");
  sse = await startEverythingHttp("sse");
});

afterAll(() => {
  http?.stop();
  sse?.stop();
  removeTemporaryFolders();
});

describe("foya mcp add / list", () => {
  it("adds a stdio server, an HTTP server with a token, and a dead one", () => {
    expect(foya("mcp", "add", "ev", "--", process.execPath, EVERYTHING, "stdio").status).toBe(0);
    expect(foya("mcp", "add", "mem", "--env", "NOTE=${HOME}", "--", process.execPath, FOUNDRY_SERVER, "--root", root).status).toBe(0);
    const added = foya("mcp", "add", "web", "--transport", "streamable_http", "--url", http.url, "--bearer-token", SECRET);
    expect(added.status).toBe(0);
    expect(added.stdout).toContain("bearer token stored in mcp-credentials.json");
    expect(foya("mcp", "add", "dead", "--transport", "streamable_http", "--url", "http://127.0.0.1:9/mcp").status).toBe(0);
    expect(foya("mcp", "add", "legacy", "--transport", "sse", "--url", sse.url).status).toBe(0);
  });

  it("lists them as JSON with has_token and never the token", () => {
    const list = foya("mcp", "list", "--json");
    expect(list.status).toBe(0);
    const parsed = JSON.parse(list.stdout) as { servers: Array<{ name: string; has_token: boolean; transport: string }> };
    const byName = Object.fromEntries(parsed.servers.map((server) => [server.name, server]));
    expect(Object.keys(byName).sort()).toEqual(["dead", "ev", "legacy", "mem", "web"]);
    expect(byName.web).toMatchObject({ transport: "streamable_http", has_token: true });
    expect(byName.ev).toMatchObject({ transport: "stdio", has_token: false });
    expect(list.stdout).not.toContain(SECRET);
  });

  it("keeps the token out of mcp.json, in a 0600 credentials file in a 0700 folder", () => {
    const config = fs.readFileSync(path.join(home, "mcp.json"), "utf8");
    expect(config).not.toContain(SECRET);
    const credentials = path.join(home, "mcp-credentials.json");
    expect(fs.readFileSync(credentials, "utf8")).toContain(SECRET);
    expect(modeOf(credentials)).toBe(0o600);
    expect(modeOf(path.join(home, "mcp.json"))).toBe(0o600);
    expect(modeOf(home)).toBe(0o700);
  });

  it("prints a table for people", () => {
    const list = foya("mcp", "list");
    expect(list.stdout).toMatch(/^name\s+enabled\s+transport\s+auth\s+token\s+target/m);
    expect(list.stdout).toMatch(/^web\s+enabled\s+streamable_http\s+bearer\s+yes/m);
  });
});

describe("foya mcp status", () => {
  it("shows live servers connected with counts and the dead one as an error", () => {
    const status = foya("mcp", "status", "--json");
    expect(status.status).toBe(0);
    const rows = Object.fromEntries((JSON.parse(status.stdout).servers as Array<Record<string, unknown>>).map((row) => [row.name, row]));
    expect(rows.ev).toMatchObject({ state: "connected", tools: 13, resources: 7, prompts: 4, transport: "stdio" });
    expect(rows.web).toMatchObject({ state: "connected", tools: 13, transport: "streamable_http", target: http.url });
    expect(rows.mem).toMatchObject({ state: "connected", tools: 9 });
    expect(rows.legacy).toMatchObject({ state: "connected", tools: 13, transport: "sse" });
    expect(rows.dead).toMatchObject({ state: "error" });
    expect(String(rows.dead?.lastError)).not.toBe("");
    expect(status.stdout).not.toContain(SECRET);
  });

  it("prints the table with each last error on its own line", () => {
    const status = foya("mcp", "status");
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/^name\s+state\s+tools\s+resources\s+prompts\s+tool tokens\s+transport\s+protocol\s+target$/m);
    expect(status.stdout).toMatch(/^ev\s+connected\s+13\s+7\s+4\s+~\d+\s+stdio\s/m);
    expect(status.stdout).toMatch(/^dead: .+ \(at \d{4}-\d\d-\d\dT/m);
  });
});

describe("foya tools / call / resources / prompts", () => {
  it("lists host tool names of one server", () => {
    const tools = foya("tools", "--server", "ev", "--json");
    expect(tools.status).toBe(0);
    const names = (JSON.parse(tools.stdout).tools as Array<{ name: string }>).map((tool) => tool.name);
    expect(names).toContain("mcp__ev__echo");
    expect(names.every((name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name))).toBe(true);
  });

  it("calls a tool over stdio and over HTTP with the token", () => {
    const echo = foya("call", "mcp__ev__echo", "--args", '{"message":"hello foya"}');
    expect(echo.status, echo.stderr).toBe(0);
    expect(echo.stdout.trim()).toBe("Echo: hello foya");
    const sum = foya("call", "mcp__web__get-sum", "--args", '{"a":2,"b":40}', "--json");
    expect(sum.status, sum.stderr).toBe(0);
    expect(JSON.parse(sum.stdout)).toMatchObject({ server: "web", tool: "get-sum", isError: false });
    expect(sum.stdout).toContain("42");
    const legacy = foya("call", "mcp__legacy__echo", "--args", '{"message":"over sse"}');
    expect(legacy.stdout.trim()).toBe("Echo: over sse");
  });

  it("writes a fact through foundry-server", () => {
    const write = foya("call", "mcp__mem__memory_write", "--args", JSON.stringify({ title: "Queue is RabbitMQ", body: "We use RabbitMQ for jobs.", type: "convention" }));
    expect(write.status).toBe(0);
    expect(write.stdout).toContain("created: fact-0001");
    expect(fs.existsSync(path.join(root, ".foundry", "memory", "facts", "fact-0001.md"))).toBe(true);
  });

  it("lists and reads resources and renders a prompt", () => {
    const resources = foya("resources", "--server", "mem", "--json");
    expect(JSON.parse(resources.stdout).resources.map((item: { uri: string }) => item.uri)).toContain("foundry://memory/index");
    const read = foya("read", "mem", "foundry://memory/index");
    expect(read.status, read.stderr).toBe(0);
    expect(read.stdout).toContain("Queue is RabbitMQ");
    expect(read.stderr).toContain("# mem foundry://memory/index (text/markdown)");
    const prompt = foya("prompt", "ev", "args-prompt", "--args", '{"city":"Prague"}');
    expect(prompt.status, prompt.stderr).toBe(0);
    expect(prompt.stdout).toContain("Prague");
  });
});

describe("errors are one line and a non-zero exit", () => {
  it.each([
    [["call", "mcp__ev__nope"], 1, "Unknown tool mcp__ev__nope"],
    [["call", "nope"], 1, "Unknown tool nope"],
    [["call", "mcp__ev__echo", "--args", "{bad"], 2, "--args is not valid JSON"],
    [["frobnicate"], 2, 'Unknown command "frobnicate"'],
    // A name an object inherits is no command either.
    [["toString"], 2, 'Unknown command "toString"'],
    [["constructor"], 2, 'Unknown command "constructor"'],
    [["mcp", "add", "x"], 2, "needs its command after --"],
    [["mcp", "add", "x", "--transport", "carrier-pigeon", "--url", "http://a"], 2, "--transport must be stdio, streamable_http or sse"],
    [["mcp", "add", "bad name", "--", "node"], 2, 'Server name "bad name" must be 1-32 letters'],
    [["mcp", "add", "a__b", "--", "node"], 2, 'Server name "a__b" must be 1-32 letters'],
    [["mcp", "add", "a".repeat(55), "--", "node"], 2, `Server name "${"a".repeat(55)}" is 55 characters; the limit is 32`],
    [["mcp", "add", "h", "--url", "http://127.0.0.1:1/mcp", "--header", `Authorization=Bearer ${SECRET}`], 2, "would store a credential"],
    [["mcp", "remove", "ghost"], 1, 'No MCP server named "ghost"'],
    [["read", "ghost", "x://y"], 1, 'No MCP server named "ghost"'],
    [["tools", "--servr", "ev"], 2, "Unknown option --servr"],
    [["tools", "--server", "dead"], 1, 'MCP server "dead" is not connected (error)'],
  ])("foya %j", (args, code, message) => {
    const result = foya(...(args as string[]));
    expect(result.status).toBe(code);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("a tool's error result exits 1 with the result on stdout", () => {
    const result = foya("call", "mcp__mem__runbook_get", "--args", '{"slug":"missing"}');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("mcp__mem__runbook_get returned an error result.");
  });
});

describe("help, replacing, prompts and long names", () => {
  it.each([["mcp", "--help"], ["mcp", "-h"]])("foya %s %s prints the mcp help and exits 0", (...args) => {
    const result = foya(...args);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("Usage: foya mcp <subcommand> [options]");
    expect(result.stderr).toBe("");
  });

  it("says Replaced when a server name is added again", () => {
    const first = foya("mcp", "add", "twice", "--", process.execPath, LONG_NAMES);
    expect(first.stdout).toMatch(/^Added twice \(stdio\)\./);
    const again = foya("mcp", "add", "twice", "--", process.execPath, LONG_NAMES);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/^Replaced twice \(stdio\)\./);
  });

  it("says in one line that a server has no prompts", () => {
    const result = foya("prompt", "twice", "anything");
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('foya: MCP server "twice" has no prompts; list the prompts of every server with foya prompts.');
    expect(foya("mcp", "remove", "twice").status).toBe(0);
  });

  it("calls a tool by the hashed host name foya tools prints, under a 32-character server name", () => {
    const server = "s".repeat(32);
    expect(foya("mcp", "add", server, "--", process.execPath, LONG_NAMES).status).toBe(0);
    const listed = foya("tools", "--server", server, "--json");
    expect(listed.status, listed.stderr).toBe(0);
    const name = (JSON.parse(listed.stdout).tools as Array<{ name: string }>)[0]?.name ?? "";
    expect(name).toMatch(new RegExp(`^mcp__${server}__look_up_every_op_[0-9a-f]{8}$`));
    const call = foya("call", name);
    expect(call.status, call.stderr).toBe(0);
    expect(call.stdout.trim()).toBe("no open incidents");
    expect(foya("mcp", "remove", server).status).toBe(0);
  });
});

describe("enable, disable, remove, import", () => {
  it("disables a server so that it is neither started nor listed as tools", () => {
    expect(foya("mcp", "disable", "dead").status).toBe(0);
    const status = JSON.parse(foya("mcp", "status", "--json").stdout).servers as Array<{ name: string; state: string }>;
    expect(status.find((row) => row.name === "dead")?.state).toBe("disabled");
    expect(foya("mcp", "enable", "dead").status).toBe(0);
    expect(foya("mcp", "disable", "dead").status).toBe(0);
  });

  it("shows a missing ${VAR} as that server's error only", () => {
    expect(foya("mcp", "add", "needsvar", "--env", "API_KEY=${FOYA_TEST_SURELY_UNSET}", "--", process.execPath, EVERYTHING, "stdio").status).toBe(0);
    const rows = JSON.parse(foya("mcp", "status", "--json").stdout).servers as Array<{ name: string; state: string; lastError: string | null }>;
    expect(rows.find((row) => row.name === "needsvar")).toMatchObject({ state: "error" });
    expect(rows.find((row) => row.name === "needsvar")?.lastError).toContain("FOYA_TEST_SURELY_UNSET");
    expect(rows.find((row) => row.name === "ev")?.state).toBe("connected");
    const list = foya("mcp", "list", "--json");
    expect(list.stdout).toContain('"API_KEY": "${FOYA_TEST_SURELY_UNSET}"');
    expect(foya("mcp", "remove", "needsvar").status).toBe(0);
  });

  it("removes a server and its token", () => {
    expect(foya("mcp", "remove", "web").status).toBe(0);
    expect(foya("mcp", "list", "--json").stdout).not.toContain('"web"');
    expect(fs.readFileSync(path.join(home, "mcp-credentials.json"), "utf8")).not.toContain(SECRET);
  });

  it("imports Claude and VS Code files", () => {
    const folder = temporaryFolder("import");
    const claude = path.join(folder, "claude.json");
    fs.writeFileSync(claude, JSON.stringify({ mcpServers: { claudeev: { command: process.execPath, args: [EVERYTHING, "stdio"] } } }));
    const vscode = path.join(folder, "vscode.json");
    fs.writeFileSync(vscode, JSON.stringify({ servers: { remote: { type: "http", url: "http://127.0.0.1:9/mcp" } } }));
    expect(foya("mcp", "import", claude).stdout).toContain(`Imported 1 from ${claude} (read as claude-code): claudeev.`);
    expect(foya("mcp", "import", vscode).stdout).toContain(`Imported 1 from ${vscode} (read as vscode): remote.`);
    const servers = JSON.parse(foya("mcp", "list", "--json").stdout).servers as Array<{ name: string; transport: string }>;
    expect(servers.find((server) => server.name === "remote")?.transport).toBe("streamable_http");
    expect(foya("call", "mcp__claudeev__echo", "--args", '{"message":"imported"}').stdout).toContain("Echo: imported");
  });

  it("imports bearer tokens from Authorization headers into the credentials file only", () => {
    const folder = temporaryFolder("import-token");
    const claude = path.join(folder, "claude.json");
    fs.writeFileSync(claude, JSON.stringify({ mcpServers: { tokclaude: { url: "http://127.0.0.1:9/mcp", headers: { Authorization: `Bearer ${SECRET}` } } } }));
    const vscode = path.join(folder, "vscode.json");
    fs.writeFileSync(vscode, JSON.stringify({ servers: { tokvscode: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: `Bearer ${SECRET}-vs` } } } }));
    const first = foya("mcp", "import", claude);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Imported 1 from ${claude} (read as claude-code): tokclaude.\nSecrets of tokclaude went to mcp-credentials.json (0600), not mcp.json.`);
    expect(foya("mcp", "import", vscode).status).toBe(0);
    expect(fs.readFileSync(path.join(home, "mcp.json"), "utf8")).not.toContain(SECRET);
    const credentials = path.join(home, "mcp-credentials.json");
    expect(JSON.parse(fs.readFileSync(credentials, "utf8")).tokens).toMatchObject({ tokclaude: SECRET, tokvscode: `${SECRET}-vs` });
    expect(modeOf(credentials)).toBe(0o600);
    const servers = JSON.parse(foya("mcp", "list", "--json").stdout).servers as Array<{ name: string; has_token: boolean; headers?: Record<string, string> }>;
    expect(servers.find((server) => server.name === "tokclaude")).toMatchObject({ has_token: true, headers: {} });
    expect(servers.find((server) => server.name === "tokvscode")).toMatchObject({ has_token: true, headers: {} });
    expect(foya("mcp", "remove", "tokclaude").status).toBe(0);
    expect(foya("mcp", "remove", "tokvscode").status).toBe(0);
  });

  it("never printed the token and left no process behind", () => {
    expect(printed).not.toContain(SECRET);
    expect(processesMentioning(root)).toEqual([]);
  });
});
