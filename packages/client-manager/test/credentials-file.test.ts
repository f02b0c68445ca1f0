// The credentials file as OAuth and imports use it: every kind of edit (bearer tokens, OAuth
// state, imported secret env values) goes through ConfigStore's mcp.lock, and none drops another's
// data. Regression: OAuth state writes used to bypass the lock that guards every other edit.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigStore } from "../src/node";
import { makeTempDir } from "./helpers";

describe("mcp-credentials.json", () => {
  it("an OAuth state write waits for mcp.lock like every other edit (CONFIG_LOCKED when it is held)", () => {
    const home = makeTempDir("cm-cred-lock-");
    const store = new ConfigStore(home, { lockTimeoutMs: 150 });
    store.saveOAuth("docs", { tokens: { access_token: "a1", token_type: "Bearer" } });
    // Held by a live process (this one, as another ConfigStore edit elsewhere would hold it).
    fs.writeFileSync(store.lockPath, `${process.pid} held\n`);
    try {
      expect(() => store.saveOAuth("docs", { tokens: { access_token: "a2", token_type: "Bearer" } })).toThrow(expect.objectContaining({ code: "CONFIG_LOCKED" }));
      expect(() => store.clearOAuth("docs")).toThrow(expect.objectContaining({ code: "CONFIG_LOCKED" }));
      expect(() => store.setOAuthClientSecret("docs", "s")).toThrow(expect.objectContaining({ code: "CONFIG_LOCKED" }));
    } finally {
      fs.rmSync(store.lockPath, { force: true });
    }
    expect(store.loadOAuth("docs")?.tokens?.access_token).toBe("a1");
  });

  it("tokens, OAuth state and imported env secrets live side by side; removing a server takes all of its own", () => {
    const store = new ConfigStore(makeTempDir("cm-cred-mix-"));
    store.importFrom({ inputs: [{ id: "k", password: true }], servers: { tool: { type: "stdio", command: "node", env: { KEY: "${input:k}" } } } }, { format: "vscode", inputs: { k: "env-secret" } });
    store.addServer("docs", { transport: "streamable_http", url: "http://127.0.0.1:9/mcp" });
    store.setToken("docs", "bearer-secret");
    store.saveOAuth("docs", { tokens: { access_token: "oauth-secret", token_type: "Bearer" } });
    const file = JSON.parse(fs.readFileSync(store.credentialsPath, "utf8"));
    expect(file).toEqual({ tokens: { docs: "bearer-secret" }, env: { tool: { KEY: "env-secret" } }, oauth: { docs: { tokens: { access_token: "oauth-secret", token_type: "Bearer" } } } });
    expect(store.removeServer("docs")).toBe(true);
    expect(JSON.parse(fs.readFileSync(store.credentialsPath, "utf8"))).toEqual({ tokens: {}, env: { tool: { KEY: "env-secret" } } });
    expect(fs.readFileSync(path.join(store.home, "mcp.json"), "utf8")).not.toContain("env-secret");
  });
});
