// What `foya serve` loads of Node on stdio (issue #33, relay start-up): the HTTP server side (the
// SDK's Streamable HTTP server transport and @hono/node-server under it) is not run, so Node's
// fetch stack (undici, which compiles llhttp's WebAssembly) is not loaded: a stdio relay paid for
// it at every start before, because the SDK module's top-level code ran at import even though
// foya never creates that transport (its --http is client-manager's own endpoint; serve-http.test.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
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

describe("foya serve's start-up footprint", () => {
  it("on stdio, relays a call without loading Node's fetch stack (undici) or the HTTP server side", async () => {
    const home = homeWithEverything();
    const record = path.join(temporaryFolder("footprint-record"), "loaded.json");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", LOADED_BUILTINS, FOYA, "serve"],
      env: { ...(process.env as Record<string, string>), FOYA_HOME: home, LOADED_BUILTINS_FILE: record },
      stderr: "ignore",
    });
    const client = new Client({ name: "footprint", version: "0" });
    await client.connect(transport);
    expect(textOf(await client.callTool({ name: "mcp__ev__echo", arguments: { message: "hi" } }))).toBe("Echo: hi");
    await client.close();
    await eventually(() => fs.existsSync(record), 20_000, "foya serve to exit and write its loaded builtins");
    const loaded = readLoaded(record);
    expect(loaded).toContain("child_process"); // the hook saw the process: it started its upstream
    expect(loaded).not.toContain(UNDICI);
    expect(loaded).not.toContain("http2");
  }, 60_000);

  it("the hook sees undici when something reads globalThis.Headers (the control)", () => {
    const record = path.join(temporaryFolder("footprint-record"), "loaded.json");
    const run = spawnSync(process.execPath, ["--import", LOADED_BUILTINS, "-e", "void globalThis.Headers"], { env: { ...process.env, LOADED_BUILTINS_FILE: record } });
    expect(run.status).toBe(0);
    expect(readLoaded(record)).toContain(UNDICI);
  });
});
