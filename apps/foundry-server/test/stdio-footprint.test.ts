// foundry-server on stdio does not load Node's fetch stack (issue #33, decision 0025): server-kit
// imports the SDK's Streamable HTTP server transport (and @hono/node-server under it, which reads
// globalThis.Headers as it loads, so undici) only when an HTTP endpoint is created, and this
// server never creates one. Before, every start paid for it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE, cleanup, makeTempDir, requireBuild } from "./support/server-process";

const LOADED_BUILTINS = fileURLToPath(new URL("../../../tooling/loaded-builtins.mjs", import.meta.url));

beforeAll(() => requireBuild());
afterAll(async () => cleanup());

describe("foundry-server's start-up footprint", () => {
  it("answers a tool call on stdio without loading undici or http2", async () => {
    const root = makeTempDir("foundry-footprint-");
    const record = path.join(root, "loaded-builtins.json");
    const client = new Client({ name: "footprint-test", version: "0.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["--import", LOADED_BUILTINS, BUNDLE, "--root", root],
        cwd: root,
        env: { PATH: process.env.PATH ?? "", LOADED_BUILTINS_FILE: record },
        stderr: "ignore",
      }),
    );
    const result = await client.callTool({ name: "memory_search", arguments: { query: "anything" } });
    expect(result.isError).not.toBe(true);
    await client.close();
    await expect.poll(() => fs.existsSync(record)).toBe(true);
    const loaded = JSON.parse(fs.readFileSync(record, "utf8")) as string[];
    expect(loaded).not.toContain("internal/deps/undici/undici");
    expect(loaded).not.toContain("http2");
  });
});
