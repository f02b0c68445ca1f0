// What `serve --stdio` loads of Node (issue #33, decision 0029): no HTTP server stack. server-kit
// imports the SDK's Streamable HTTP server transport (@hono/node-server under it) only when an
// HTTP endpoint is created (decision 0025), but in the one-file bundle those modules' `import …
// from "http2"` was hoisted to the top, so every stdio start loaded http2 (and tls under it). The
// bundle is split now: that import is a chunk that loads when HTTP serving asks for it, as the
// control below shows (HTTP serving loads http2 and answers).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { beforeAll, describe, expect, it } from "vitest";
import { endProcess, GATEWAY, payload, PROCESS_GRACE_MS, trackResources, type WorkspaceTokens } from "./support/gateway-process";

const LOADED_BUILTINS = fileURLToPath(new URL("../../../tooling/loaded-builtins.mjs", import.meta.url));
/** Node's fetch stack (see foya's and foundry-server's footprint tests). */
const UNDICI = "internal/deps/undici/undici";

const resources = trackResources("all");
let dir: string;
let tokens: Record<string, WorkspaceTokens>;
const records = resources.directory("gw-footprint-");

beforeAll(() => {
  ({ dir, tokens } = resources.data());
});

const readLoaded = (file: string): string[] => JSON.parse(fs.readFileSync(file, "utf8")) as string[];

async function listDomains(client: Client): Promise<unknown> {
  return payload(await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } })).rows;
}

describe("the gateway's start-up footprint", () => {
  it("serve --stdio answers a call without loading http2, tls or Node's fetch stack", async () => {
    const record = path.join(records, "stdio.json");
    // Its stdio transport's process ends when it closes: here, or by the tracker if the test fails first.
    const client = resources.closing(new Client({ name: "footprint", version: "0" }));
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["--import", LOADED_BUILTINS, GATEWAY, "serve", "--stdio", "--data", dir],
        env: { ...(process.env as Record<string, string>), AMICITED_TOKEN: tokens.demo!.readToken, LOADED_BUILTINS_FILE: record },
        stderr: "ignore",
      }),
    );
    expect(await listDomains(client)).toEqual(expect.arrayContaining([expect.objectContaining({ domain_id: expect.any(Number) })]));
    await client.close();
    await expect.poll(() => fs.existsSync(record), { timeout: 20_000 }).toBe(true);
    const loaded = readLoaded(record);
    expect(loaded).toContain("net"); // the hook saw the process
    expect(loaded).not.toContain("http2");
    expect(loaded).not.toContain("tls");
    expect(loaded).not.toContain(UNDICI);
  }, 60_000);

  it("serving HTTP loads the split-off HTTP stack and answers (the control)", async () => {
    const record = path.join(records, "http.json");
    const server = resources.spawned(
      spawn(process.execPath, ["--import", LOADED_BUILTINS, GATEWAY, "serve", "--data", dir, "--port", "0"], {
        env: { ...process.env, LOADED_BUILTINS_FILE: record },
        stdio: ["ignore", "ignore", "pipe"],
      }),
    );
    const url = await new Promise<string>((resolve, reject) => {
      let text = "";
      server.stderr!.on("data", (chunk: Buffer) => {
        text += String(chunk);
        const match = /listening on (http:\/\/\S+\/mcp)/.exec(text);
        if (match) resolve(match[1] as string);
      });
      server.once("exit", () => reject(new Error(`gateway exited: ${text}`)));
    });
    const client = await resources.open(url, tokens.demo!.readToken);
    expect(await listDomains(client)).toEqual(expect.arrayContaining([expect.objectContaining({ domain_id: expect.any(Number) })]));
    await client.close();
    // The record is written as the process exits.
    await endProcess(server, PROCESS_GRACE_MS);
    expect(readLoaded(record)).toContain("http2");
  }, 60_000);
});
