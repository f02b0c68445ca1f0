// Regression (issue 15, item 6): server names such as `toString` read a "token" from
// Object.prototype, and a remote server of that name was sent
// `Authorization: Bearer function toString() { [native code] }`.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { expandVariables, importServers } from "../src/index";
import { ConfigStore, NodeClientManager } from "../src/node";
import { makeTempDir, startRecordingServer } from "./helpers";

const PROTOTYPE_NAMES = ["toString", "constructor", "valueOf", "hasOwnProperty"];
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe("names that are also Object.prototype keys", () => {
  it("have no token in the credentials file and send no Authorization header", { timeout: 30_000 }, async () => {
    const home = path.join(makeTempDir(), "home");
    cleanup.push(() => fs.rmSync(path.dirname(home), { recursive: true, force: true }));
    const store = new ConfigStore(home);
    store.setToken("other", "tok-other");
    const recorder = await startRecordingServer();
    cleanup.push(recorder.close);
    for (const name of PROTOTYPE_NAMES) {
      store.addServer(name, { transport: "streamable_http", url: recorder.url, sseFallback: false });
      expect(store.getToken(name)).toBeUndefined();
      expect(store.hasToken(name)).toBe(false);
    }
    expect(store.publicView().map((server) => [server.name, server.has_token]).sort()).toEqual(PROTOTYPE_NAMES.map((name) => [name, false]).sort());
    const manager = new NodeClientManager({ config: store.load(), credentials: store, pingIntervalMs: 0, reconnect: { maxAttempts: 0 } });
    cleanup.push(() => manager.close());
    await manager.start();
    expect(manager.status().map((row) => row.state)).toEqual(["connected", "connected", "connected", "connected"]);
    expect(recorder.seen.length).toBeGreaterThan(0);
    expect(recorder.seen.every((headers) => headers.authorization === undefined)).toBe(true);
    expect(store.removeToken("toString")).toBe(false);
    expect(store.removeServer("constructor")).toBe(true);
    expect(Object.keys(store.load().servers).sort()).toEqual(["hasOwnProperty", "toString", "valueOf"]);
  });

  it("are plain names for import and ${VAR} expansion", () => {
    const imported = importServers({ mcpServers: { toString: { command: "node" }, constructor: { url: "https://example.com/mcp" } } });
    expect(Object.keys(imported.servers).sort()).toEqual(["constructor", "toString"]);
    expect(imported.warnings).toEqual([]);
    expect(() => expandVariables("x ${toString} y", {}, { server: "s", field: "headers.X" })).toThrow(
      'Environment variable toString is not set (server "s", headers.X); set it or write ${toString:-default}',
    );
  });
});
