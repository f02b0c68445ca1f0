// Regression (issue 15, smaller findings): `foya mcp import` took `${AWS_SECRET_ACCESS_KEY}`-style
// headers without a word (the value is sent to the server on every connect), and kept literal
// non-bearer credentials in mcp.json. Now the first are reported and the second move to the
// 0600 credentials file, from where they are still sent on connect.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigStore, NodeClientManager } from "../src/node";
import { makeTempDir, startRecordingServer } from "./helpers";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe("secret-looking headers on import", () => {
  it("warns about secret ${VAR} references and moves literal secrets to mcp-credentials.json", { timeout: 30_000 }, async () => {
    const dir = makeTempDir();
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const recorder = await startRecordingServer();
    cleanup.push(recorder.close);
    const store = new ConfigStore(path.join(dir, "home"));
    const result = store.importFrom({
      mcpServers: {
        aws: { url: recorder.url, headers: { "X-Aws-Secret": "${AWS_SECRET_ACCESS_KEY}", "X-Team": "core" } },
        keyed: { url: recorder.url, headers: { "X-Api-Key": "sk-live-4242", "X-Team": "core" } },
      },
    });
    expect(result.added).toEqual(["aws", "keyed"]);
    expect(result.warnings).toEqual([
      `aws: headers.X-Aws-Secret sends the environment variable AWS_SECRET_ACCESS_KEY to ${recorder.url} on every connect; keep it only if that server is meant to receive it`,
      "keyed: headers.X-Api-Key moved to mcp-credentials.json (0600); sent on connect, never shown",
    ]);
    expect(fs.readFileSync(store.configPath, "utf8")).not.toContain("sk-live-4242");
    expect(store.load().servers.keyed).toEqual({ transport: "streamable_http", url: recorder.url, headers: { "X-Team": "core" } });
    expect(JSON.parse(fs.readFileSync(store.credentialsPath, "utf8"))).toEqual({ tokens: {}, headers: { keyed: { "X-Api-Key": "sk-live-4242" } } });
    expect(fs.statSync(store.credentialsPath).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(store.publicView())).not.toContain("sk-live-4242");

    const manager = new NodeClientManager({ config: store.load(), credentials: store, env: { AWS_SECRET_ACCESS_KEY: "aws-value" }, pingIntervalMs: 0, reconnect: { maxAttempts: 0 } });
    cleanup.push(() => manager.close());
    await manager.start();
    expect(manager.status().map((row) => row.state)).toEqual(["connected", "connected"]);
    expect(recorder.seen.some((headers) => headers["x-api-key"] === "sk-live-4242" && headers["x-team"] === "core")).toBe(true);
    expect(JSON.stringify(manager.status())).not.toContain("sk-live-4242");
    expect(store.removeServer("keyed")).toBe(true);
    expect(store.getHeaders("keyed")).toBeUndefined();
  });
});
