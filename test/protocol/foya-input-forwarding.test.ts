// client-manager as the client of a 2026-07-28 server that asks for input (SEP-2322): the
// upstream (server-kit's conformance fixture server, whose tools ask through ClientAsking)
// answers a call with an input-required result; client-manager puts each input request to its
// own handlers — for `foya serve`, the downstream client's elicitation — and retries with the
// answers, so the downstream client sees an ordinary elicitation and then the call's result.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, foya, foyaBin, stopProcess, temporaryDir } from "./support/programs";

const kitFixture = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../packages/server-kit/test/__fixtures__/conformance-server.mjs");
let upstream: ChildProcess;
let home: string;

beforeAll(async () => {
  upstream = spawn(process.execPath, [kitFixture], { stdio: ["ignore", "pipe", "pipe"] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`no listening line: ${seen}`)), 30_000);
    upstream.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening (\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    upstream.once("exit", (code) => reject(new Error(`fixture server exited (${code}): ${seen}`)));
  });
  home = temporaryDir("foya-input");
  foya(home, ["mcp", "add", "kit", "--transport", "streamable_http", "--url", url]);
}, 60_000);

afterAll(async () => {
  if (upstream) await stopProcess(upstream);
  cleanupTemporaryDirs();
});

describe("an upstream's input-required results through foya", () => {
  it("reach the downstream client as elicitations, and the call completes with the answers", async () => {
    const asked: string[] = [];
    const client = new Client({ name: "downstream", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: request.params.message.includes("color") ? { color: "green" } : { name: "Alice" } };
    });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [foyaBin, "serve"], env: { ...(process.env as Record<string, string>), FOYA_HOME: home }, stderr: "pipe" }));
    try {
      const status = JSON.parse(foya(home, ["mcp", "status", "--json"])) as { servers: Array<{ name: string; protocol: string | null }> };
      expect(status.servers.find((row) => row.name === "kit")?.protocol).toBe("2026-07-28");
      const one = await client.callTool({ name: "mcp__kit__test_input_required_result_elicitation", arguments: {} });
      expect(one.content).toEqual([{ type: "text", text: "Hello, Alice!" }]);
      expect(asked).toEqual(['[MCP server "kit"] What is your name?']);
      // Two rounds: the second question comes after the first answer, the state carried between.
      const two = await client.callTool({ name: "mcp__kit__test_input_required_result_multi_round", arguments: {} });
      expect(two.content).toEqual([{ type: "text", text: "Alice likes green" }]);
      expect(asked.slice(1)).toEqual(['[MCP server "kit"] Step 1: What is your name?', '[MCP server "kit"] Step 2: What is your favorite color?']);
    } finally {
      await client.close();
    }
  }, 90_000);
});
