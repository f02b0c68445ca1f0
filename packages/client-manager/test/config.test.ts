import { describe, expect, it } from "vitest";
import {
  ClientManagerError,
  describeTarget,
  expandServerConfig,
  expandVariables,
  importServers,
  publicServers,
  validateHostConfig,
} from "../src/index";

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return ClientManagerError.isInstance(error) ? error.code : "not a ClientManagerError";
  }
  return undefined;
}

describe("expandVariables", () => {
  const env = { TOKEN: "s3cret", EMPTY: "" };

  it("expands ${VAR} and ${VAR:-default}", () => {
    expect(expandVariables("Bearer ${TOKEN}", env)).toBe("Bearer s3cret");
    expect(expandVariables("${MISSING:-fallback}/${TOKEN}", env)).toBe("fallback/s3cret");
    expect(expandVariables("${EMPTY:-used-when-empty}", env)).toBe("used-when-empty");
    expect(expandVariables("no refs, $HOME stays", env)).toBe("no refs, $HOME stays");
  });

  it("names the variable, server and field when one is missing", () => {
    expect(() => expandVariables("${NOPE}", env, { server: "docs", field: "headers.X-Key" })).toThrow(
      'Environment variable NOPE is not set (server "docs", headers.X-Key); set it or write ${NOPE:-default}',
    );
    expect(codeOf(() => expandVariables("${NOPE}", env))).toBe("VARIABLE_MISSING");
  });

  it("expands every string of a server: stdio command, args, cwd, env; remote url and headers", () => {
    const stdio = expandServerConfig("s", { transport: "stdio", command: "${MISSING:-node}", args: ["${TOKEN}/a", "b"], cwd: "/w/${TOKEN}", env: { KEY: "${TOKEN}" } }, env);
    expect(stdio).toEqual({ transport: "stdio", command: "node", args: ["s3cret/a", "b"], cwd: "/w/s3cret", env: { KEY: "s3cret" } });
    const remote = expandServerConfig("r", { transport: "sse", url: "http://h/${TOKEN}", headers: { "X-Key": "${TOKEN}" } }, env);
    expect(remote).toEqual({ transport: "sse", url: "http://h/s3cret", headers: { "X-Key": "s3cret" } });
    // Regression: a Claude Code url of ${VAR:-default} was refused at import; it validates and expands at connect.
    const config = validateHostConfig({ servers: { u: { transport: "streamable_http", url: "${DOCS_URL:-https://docs.example.com/mcp}" } } });
    expect(expandServerConfig("u", config.servers.u!, {})).toMatchObject({ url: "https://docs.example.com/mcp" });
    expect(() => expandServerConfig("u", config.servers.u!, { DOCS_URL: "ftp://x" })).toThrow('servers.u.url expands to "ftp://x", which is not an http(s) URL; check the variables it uses');
  });
});

describe("validateHostConfig", () => {
  it("accepts the documented shape and defaults stdio when only command is given", () => {
    const config = validateHostConfig({
      servers: {
        memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: { A: "1" }, timeouts: { callMs: 5000 } },
        docs: { transport: "streamable_http", url: "https://example.com/mcp", headers: { "X-Team": "a" }, enabled: false, tools: { deny: ["delete_*"] } },
      },
    });
    expect(config.servers.memory).toMatchObject({ transport: "stdio", command: "npx" });
    expect(config.servers.docs).toMatchObject({ enabled: false, tools: { deny: ["delete_*"] } });
  });

  it.each([
    [{ servers: { a: { transport: "ftp", url: "x" } } }, 'servers.a.transport must be "stdio", "streamable_http" or "sse", got "ftp"'],
    [{ servers: { a: { transport: "stdio", command: "" } } }, "servers.a.command must be a non-empty string"],
    [{ servers: { a: { transport: "sse", url: "ftp://x" } } }, 'servers.a.url must use http or https, got "ftp:"'],
    [{ servers: { a: { transport: "stdio", command: "x", comand: "y" } } }, "servers.a.comand is not a field of a stdio server"],
    [{ servers: { a: { transport: "sse", url: "http://x", token: "t" } } }, "servers.a.token: bearer tokens do not belong in mcp.json"],
    [{ servers: { a: { transport: "stdio", command: "x", env: { N: 1 } } } }, "servers.a.env.N must be a string, got 1"],
    [{ servers: { a: { transport: "stdio", command: "x", timeouts: { callMs: 0 } } } }, "servers.a.timeouts.callMs must be an integer number of milliseconds from 1 to 3600000, got 0"],
    [{ servers: { "a__b": { transport: "stdio", command: "x" } } }, 'Server name "a__b" must be 1-32 letters, digits, "-" or single "_"'],
    [{ servers: { ["a".repeat(55)]: { transport: "stdio", command: "x" } } }, `Server name "${"a".repeat(55)}" is 55 characters; the limit is 32`],
    [{ mcpServers: {} }, 'Top-level field "mcpServers" is unknown'],
  ])("rejects %j with a message naming server and field", (value, message) => {
    expect(() => validateHostConfig(value)).toThrow(message);
    expect(codeOf(() => validateHostConfig(value))).toBe("CONFIG_INVALID");
  });
});

describe("importServers", () => {
  it("reads Claude's mcpServers format", () => {
    const { servers, warnings } = importServers(
      JSON.stringify({
        mcpServers: {
          "my.files": { command: "npx", args: ["-y", "server-filesystem", "/tmp"], env: { A: "b" } },
          remote: { type: "http", url: "https://example.com/mcp", headers: { Authorization: "Bearer ${KEY}" } },
          legacy: { type: "sse", url: "https://example.com/sse" },
          broken: { type: "stdio" },
        },
      }),
    );
    expect(Object.keys(servers)).toEqual(["my-files", "remote", "legacy"]);
    expect(servers["my-files"]).toEqual({ transport: "stdio", command: "npx", args: ["-y", "server-filesystem", "/tmp"], env: { A: "b" } });
    expect(servers.remote).toMatchObject({ transport: "streamable_http", url: "https://example.com/mcp" });
    expect(servers.legacy).toMatchObject({ transport: "sse" });
    expect(warnings).toContain('my.files: renamed to "my-files" (server names allow up to 32 letters, digits, "-" and single "_")');
    expect(warnings.some((warning) => warning.startsWith("broken: refused, servers.broken.command must be a non-empty string"))).toBe(true);
  });

  it("reads VS Code's servers format; regression: an undeclared ${input:} is refused, never sent as the token", () => {
    const { servers, warnings, tokens } = importServers({
      inputs: [],
      servers: { gh: { type: "http", url: "https://api.example.com/mcp", headers: { Authorization: "Bearer ${input:token}" } }, off: { command: "x", disabled: true } },
    });
    expect(servers.gh).toBeUndefined();
    expect(tokens).toEqual({});
    expect(servers.off).toMatchObject({ enabled: false });
    expect(warnings).toContain('gh: refused, headers.Authorization uses ${input:token}, but "inputs" declares no input with id "token"');
  });

  it("moves literal bearer tokens out of the headers (Claude and VS Code forms)", () => {
    const claude = importServers({ mcpServers: { x: { url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer sekrit123", "X-Team": "a" } } } });
    expect(claude.servers.x).toEqual({ transport: "streamable_http", url: "http://127.0.0.1:9/mcp", headers: { "X-Team": "a" } });
    expect(claude.tokens).toEqual({ x: "sekrit123" });
    expect(JSON.stringify(claude.servers)).not.toContain("sekrit123");
    expect(JSON.stringify(claude.warnings)).not.toContain("sekrit123");
    const vscode = importServers({ servers: { "y.z": { type: "http", url: "http://127.0.0.1:9/mcp", headers: { authorization: "bearer other-456" } } } });
    expect(vscode.servers["y-z"]).toEqual({ transport: "streamable_http", url: "http://127.0.0.1:9/mcp" });
    expect(vscode.tokens).toEqual({ "y-z": "other-456" });
    // ${VAR} references hold no secret and stay (with a warning: their value is sent); other
    // literal schemes leave the server for the credentials file as secret headers.
    const kept = importServers({ mcpServers: { v: { url: "http://h/mcp", headers: { Authorization: "Bearer ${KEY}" } }, b: { url: "http://h/mcp", headers: { Authorization: "Basic dXNlcjpwdw==" } } } });
    expect(kept.tokens).toEqual({});
    expect(kept.servers.v).toMatchObject({ headers: { Authorization: "Bearer ${KEY}" } });
    expect(kept.warnings).toContain("v: headers.Authorization sends the environment variable KEY to http://h/mcp on every connect; keep it only if that server is meant to receive it");
    expect(kept.servers.b).toEqual({ transport: "streamable_http", url: "http://h/mcp" });
    expect(kept.secretHeaders).toEqual({ b: { Authorization: "Basic dXNlcjpwdw==" } });
  });

  it("shortens names over 32 characters", () => {
    const long = "a".repeat(55);
    const { servers, warnings } = importServers({ mcpServers: { [long]: { command: "x" } } });
    expect(Object.keys(servers)).toEqual(["a".repeat(32)]);
    expect(warnings[0]).toContain(`renamed to "${"a".repeat(32)}"`);
  });

  it("refuses input that is neither format", () => {
    expect(() => importServers("{}")).toThrow('Expected {"mcpServers": {...}} (Claude, Cursor) or {"servers": {...}} (VS Code); found neither');
    expect(codeOf(() => importServers("not json"))).toBe("IMPORT_INVALID");
  });
});

describe("public view", () => {
  it("shows has_token and never the token", () => {
    const config = validateHostConfig({ servers: { b: { transport: "sse", url: "https://user:pw@h.example/sse?k=1" }, a: { command: "node", args: ["x y.js"] } } });
    const view = publicServers(config, { getToken: (server) => (server === "b" ? "tok-123" : undefined) });
    expect(view.map((server) => [server.name, server.has_token])).toEqual([["a", false], ["b", true]]);
    expect(JSON.stringify(view)).not.toContain("tok-123");
    expect(describeTarget(config.servers.a!)).toBe("node 'x y.js'");
    expect(describeTarget(config.servers.b!)).toBe("https://h.example/sse");
  });
});
