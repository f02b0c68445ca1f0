import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClientManagerError } from "../src/index";
import { ConfigStore, loadHostConfig, resolveHomeFolder, saveHostConfig } from "../src/node";
import { makeTempDir } from "./helpers";

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function home(): string {
  const dir = makeTempDir();
  dirs.push(dir);
  return path.join(dir, "foya-home");
}

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe("ConfigStore", () => {
  it("resolves a host's home folder: its variable when set and not empty, else the folder in the user's home", () => {
    const where = { variable: "MY_HOST_HOME", folder: ".my-host" };
    expect(resolveHomeFolder(where, { MY_HOST_HOME: "/x/y" })).toBe("/x/y");
    expect(resolveHomeFolder(where, { MY_HOST_HOME: "" })).toBe(path.join(os.homedir(), ".my-host"));
    expect(resolveHomeFolder(where, {})).toBe(path.join(os.homedir(), ".my-host"));
  });

  it("writes mcp.json 0600 in a 0700 folder and reads it back", () => {
    const dir = home();
    saveHostConfig({ servers: { memory: { transport: "stdio", command: "node", args: ["m.js"] } } }, dir);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, "mcp.json"))).toBe(0o600);
    expect(loadHostConfig(dir)).toEqual({ servers: { memory: { transport: "stdio", command: "node", args: ["m.js"] } } });
    expect(fs.readdirSync(dir)).toEqual(["mcp.json"]);
  });

  it("keeps tokens apart in mcp-credentials.json (0600) and shows has_token only", () => {
    const store = new ConfigStore(home());
    store.addServer("docs", { transport: "streamable_http", url: "https://example.com/mcp" });
    store.addServer("local", { transport: "stdio", command: "node" });
    store.setToken("docs", "tok-secret-1");
    expect(mode(store.credentialsPath)).toBe(0o600);
    expect(fs.readFileSync(store.configPath, "utf8")).not.toContain("tok-secret-1");
    expect(JSON.parse(fs.readFileSync(store.credentialsPath, "utf8"))).toEqual({ tokens: { docs: "tok-secret-1" } });
    const view = store.publicView();
    expect(view.map((server) => [server.name, server.has_token])).toEqual([["docs", true], ["local", false]]);
    expect(JSON.stringify(view)).not.toContain("tok-secret-1");
    expect(store.removeServer("docs")).toBe(true);
    expect(store.hasToken("docs")).toBe(false);
  });

  it("tightens a folder that was too open", () => {
    const dir = home();
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    new ConfigStore(dir).setToken("a", "t");
    expect(mode(dir)).toBe(0o700);
  });

  it("enables, disables and imports", () => {
    const store = new ConfigStore(home());
    const result = store.importFrom({ mcpServers: { fs: { command: "npx", args: ["-y", "x"] } } });
    expect(result.added).toEqual(["fs"]);
    store.setEnabled("fs", false);
    expect(store.load().servers.fs?.enabled).toBe(false);
    expect(store.importFrom({ mcpServers: { fs: { command: "other" } } }).warnings).toContain("fs: already configured, kept the existing entry");
    expect(() => store.addServer("fs", { transport: "stdio", command: "y" })).toThrow('Server "fs" already exists; remove it first or pass replace: true');
  });

  it("imports a bearer token into mcp-credentials.json (0600), not mcp.json, and shows has_token", () => {
    const store = new ConfigStore(home());
    const result = store.importFrom({ mcpServers: { x: { url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer sekrit123" } } } });
    expect(result.added).toEqual(["x"]);
    expect(result.tokensStored).toEqual(["x"]);
    expect(fs.readFileSync(store.configPath, "utf8")).not.toContain("sekrit123");
    expect(store.load().servers.x).toEqual({ transport: "streamable_http", url: "http://127.0.0.1:9/mcp" });
    expect(JSON.parse(fs.readFileSync(store.credentialsPath, "utf8"))).toEqual({ tokens: { x: "sekrit123" } });
    expect(mode(store.credentialsPath)).toBe(0o600);
    expect(store.publicView()).toMatchObject([{ name: "x", has_token: true }]);
    // A name already configured keeps its entry and its token.
    const again = store.importFrom({ mcpServers: { x: { url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer other" } } } });
    expect(again.tokensStored).toEqual([]);
    expect(store.getToken("x")).toBe("sekrit123");
  });

  it("reports a broken file with its path", () => {
    const dir = home();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "mcp.json"), "{oops");
    let error: unknown;
    try {
      loadHostConfig(dir);
    } catch (caught) {
      error = caught;
    }
    expect(ClientManagerError.isInstance(error) && error.code).toBe("CONFIG_READ_FAILED");
    expect(String((error as Error).message)).toContain(`${path.join(dir, "mcp.json")} is not valid JSON`);
    fs.writeFileSync(path.join(dir, "mcp.json"), JSON.stringify({ servers: { x: { transport: "sse" } } }));
    expect(() => loadHostConfig(dir)).toThrow(`${path.join(dir, "mcp.json")}: servers.x.url must be an http(s) URL string, got undefined`);
  });

  // Regression: writePrivateJson renamed an unflushed temp file, so a crash could leave an empty
  // mcp.json or credentials file. Now the file is flushed before the rename and the folder after.
  it("flushes the new file before renaming it into place, then the folder", () => {
    const dir = home();
    const steps: string[] = [];
    const fsync = fs.fsyncSync;
    const rename = fs.renameSync;
    vi.spyOn(fs, "fsyncSync").mockImplementation((descriptor) => {
      steps.push("fsync");
      fsync(descriptor);
    });
    vi.spyOn(fs, "renameSync").mockImplementation((from, to) => {
      steps.push(`rename ${path.basename(String(to))}`);
      rename(from, to);
    });
    saveHostConfig({ servers: {} }, dir);
    expect(steps).toEqual(["fsync", "rename mcp.json", "fsync"]);
    expect(fs.readdirSync(dir)).toEqual(["mcp.json"]);
  });

  it("a write that cannot land is CONFIG_WRITE_FAILED naming the file, and leaves no temp file", () => {
    const dir = home();
    fs.mkdirSync(path.join(dir, "mcp.json"), { recursive: true });
    expect(() => saveHostConfig({ servers: {} }, dir)).toThrow(
      expect.objectContaining({ code: "CONFIG_WRITE_FAILED", message: expect.stringContaining(`Cannot write ${path.join(dir, "mcp.json")}: `) }),
    );
    expect(fs.readdirSync(dir)).toEqual(["mcp.json"]);
  });
});
