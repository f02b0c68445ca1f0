// Importing server-kit runs no HTTP server code (issue #33, decision 0025): the SDK's Streamable
// HTTP server transport is imported when an HTTP endpoint is created (sessions/legacy-http.ts),
// because loading it runs @hono/node-server, which reads globalThis.Headers and so loads Node's
// fetch stack (undici). A stdio host that imports this package must not pay that at start-up.
// Checked on the built package, as a consumer imports it, in a fresh process.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const DIST = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const LOADED_BUILTINS = fileURLToPath(new URL("../../../tooling/loaded-builtins.mjs", import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** The Node builtins a fresh process loaded running `script` (an ES module's text). */
function builtinsLoadedBy(script: string): string[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "server-kit-footprint-"));
  folders.push(folder);
  const record = path.join(folder, "loaded.json");
  const run = spawnSync(process.execPath, ["--import", LOADED_BUILTINS, "--input-type=module", "-e", script], { env: { ...process.env, LOADED_BUILTINS_FILE: record }, encoding: "utf8" });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return JSON.parse(fs.readFileSync(record, "utf8")) as string[];
}

describe("importing server-kit", () => {
  it("loads neither undici nor http2 (the SDK's HTTP server transport is not run)", () => {
    expect(fs.existsSync(DIST), "build server-kit first").toBe(true);
    const loaded = builtinsLoadedBy(`const kit = await import(${JSON.stringify(DIST)}); if (typeof kit.LineStdioTransport !== "function") process.exit(3);`);
    expect(loaded).not.toContain("internal/deps/undici/undici");
    expect(loaded).not.toContain("http2");
  });

  it("loads them once an HTTP endpoint is created (the control: the hook sees the HTTP side)", () => {
    const loaded = builtinsLoadedBy(
      `const kit = await import(${JSON.stringify(DIST)});
const endpoint = kit.createMcpHttpEndpoint({ identity: { serverInfo: { name: "t", version: "0" }, capabilities: {} }, app: {}, edge: { checkToken: async () => undefined }, sessions: { limits: { idleMs: 60000 }, sweep: async () => {} }, events: {}, countFreeRequest: async () => {}, wording: { server: "t", maxEvents: "-", maxEventsPerSession: "-" } });
endpoint.close();`, // the import it started holds the process until it is done; then the hook records

    );
    expect(loaded).toContain("http2");
    expect(loaded).toContain("internal/deps/undici/undici");
  });
});
