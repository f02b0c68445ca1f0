// What `foya serve` loads of Node on stdio (issue #33, relay start-up): the HTTP server side (the
// SDK's Streamable HTTP server transport and @hono/node-server under it) is not run, so Node's
// fetch stack (undici, which compiles llhttp's WebAssembly) is not loaded: a stdio relay paid for
// it at every start before, because the SDK module's top-level code ran at import even though
// foya never creates that transport (its --http is client-manager's own endpoint; serve-http.test.ts).
// Nor does telemetry load what it does not use: node:https (and tls under it) only for an https://
// collector, node:perf_hooks' public module only for a /metrics scrape (a regression of the
// telemetry package, whose bundled imports of both ran at every start, exporting or not).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { startOtlpReceiver } from "../../../tooling/otlp-receiver.mjs";
import { EVERYTHING, FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { eventually, textOf } from "./support/serve-client";

const LOADED_BUILTINS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../tooling/loaded-builtins.mjs");
/** Node's fetch stack: loaded when anything reads globalThis.Headers/fetch/Request/Response. */
const UNDICI = "internal/deps/undici/undici";

afterEach(() => removeTemporaryFolders());

function homeWithEverything(): string {
  const home = temporaryFolder("footprint-home");
  expect(runFoya(home, ["mcp", "add", "ev", "--", process.execPath, EVERYTHING, "stdio"]).status).toBe(0);
  return home;
}

const readLoaded = (file: string): string[] => JSON.parse(fs.readFileSync(file, "utf8")) as string[];

/** Relays one call through a `foya serve` run under the hook with `env` added; returns the builtins it loaded. */
async function builtinsOfOneRelay(env: Record<string, string> = {}): Promise<string[]> {
  const home = homeWithEverything();
  const record = path.join(temporaryFolder("footprint-record"), "loaded.json");
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", LOADED_BUILTINS, FOYA, "serve"],
    env: { ...(process.env as Record<string, string>), FOYA_HOME: home, LOADED_BUILTINS_FILE: record, ...env },
    stderr: "ignore",
  });
  const client = new Client({ name: "footprint", version: "0" });
  await client.connect(transport);
  expect(textOf(await client.callTool({ name: "mcp__ev__echo", arguments: { message: "hi" } }))).toBe("Echo: hi");
  await client.close();
  await eventually(() => fs.existsSync(record), 20_000, "foya serve to exit and write its loaded builtins");
  return readLoaded(record);
}

describe("foya serve's start-up footprint", () => {
  it("on stdio, relays a call without loading Node's fetch stack (undici), the HTTP server side, https or perf_hooks", async () => {
    const loaded = await builtinsOfOneRelay();
    expect(loaded).toContain("child_process"); // the hook saw the process: it started its upstream
    expect(loaded).not.toContain(UNDICI);
    expect(loaded).not.toContain("http2");
    expect(loaded).not.toContain("https");
    expect(loaded).not.toContain("perf_hooks");
  }, 60_000);

  it("exporting to an http:// collector, relays and exports without loading https or tls", async () => {
    const receiver = await startOtlpReceiver();
    try {
      const loaded = await builtinsOfOneRelay({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: "footprint-foya" });
      // foya flushes its spans as it exits: they arrived, so the exporter posted over node:http.
      expect(receiver.spans.filter((span) => span.service === "footprint-foya").map((span) => span.name)).toContain("tools/call mcp__ev__echo");
      expect(loaded).toContain("http");
      expect(loaded).not.toContain("https");
      expect(loaded).not.toContain("tls");
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it("the hook sees undici when something reads globalThis.Headers (the control)", () => {
    const record = path.join(temporaryFolder("footprint-record"), "loaded.json");
    const run = spawnSync(process.execPath, ["--import", LOADED_BUILTINS, "-e", "void globalThis.Headers"], { env: { ...process.env, LOADED_BUILTINS_FILE: record } });
    expect(run.status).toBe(0);
    expect(readLoaded(record)).toContain(UNDICI);
  });
});
