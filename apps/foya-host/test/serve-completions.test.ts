// Issue #36 D6: `foya serve` answered completion/complete with -32601 and left `completions` out of
// its capabilities although server-everything declares it. Here the real server-everything (stdio)
// sits behind foya: a 2025 client over stdio and a 2026-07-28 request over HTTP get the upstream's
// completions of its prompt and its resource template, under foya's names for them.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERYTHING, FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { connectServe, eventually, type ServeSession } from "./support/serve-client";

let home: string;
let session: ServeSession;
let http: ChildProcess;

beforeAll(async () => {
  home = temporaryFolder("completions-home");
  expect(runFoya(home, ["mcp", "add", "ev", "--", process.execPath, EVERYTHING, "stdio"]).status).toBe(0);
  session = await connectServe(home, []);
  http = spawn(process.execPath, [FOYA, "serve", "--http", "--port", "0"], { env: { ...process.env, FOYA_HOME: home }, stdio: ["ignore", "ignore", "ignore"] });
  await eventually(() => fs.existsSync(path.join(home, "serve.json")), 30_000, "serve.json");
});
afterAll(async () => {
  await session?.close();
  if (http?.exitCode === null) http.kill("SIGKILL");
  removeTemporaryFolders();
});

const departments = { ref: { type: "ref/prompt" as const, name: "ev__completable-prompt" }, argument: { name: "department", value: "S" } };
const engineers = { ref: { type: "ref/prompt" as const, name: "ev__completable-prompt" }, argument: { name: "name", value: "" }, context: { arguments: { department: "Engineering" } } };
const resourceIds = { ref: { type: "ref/resource" as const, uri: "foya://ev/demo://resource/dynamic/text/{resourceId}" }, argument: { name: "resourceId", value: "42" } };

describe("completion/complete through foya serve", () => {
  it("2025 over stdio: declares completions and forwards prompt and template completions to their owner", async () => {
    const { client } = session;
    expect(client.getServerCapabilities()?.completions).toEqual({});
    expect((await client.complete(departments)).completion.values).toEqual(["Sales", "Support"]);
    expect((await client.complete(engineers)).completion.values).toEqual(["Alice", "Bob", "Charlie"]);
    expect((await client.complete(resourceIds)).completion.values).toEqual(["42"]);
    await expect(client.complete({ ...departments, ref: { type: "ref/prompt", name: "nobody__x" } })).rejects.toThrow(
      "MCP error -32602: Unknown prompt: nobody__x. foya prompt names look like <server>__<name>.",
    );
  });

  it("2026-07-28 over HTTP: server/discover lists completions and completion/complete answers from the owner", async () => {
    const { url } = JSON.parse(fs.readFileSync(path.join(home, "serve.json"), "utf8")) as { url: string };
    const token = fs.readFileSync(path.join(home, "serve-token"), "utf8").trim();
    const envelope = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": {},
      "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
    };
    const modern = async (id: number, method: string, params: Record<string, unknown>) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}`, "mcp-protocol-version": "2026-07-28", "mcp-method": method },
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, _meta: envelope } }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { result: Record<string, unknown> };
    };
    const discovered = await modern(1, "server/discover", {});
    expect((discovered.result.capabilities as Record<string, unknown>).completions).toEqual({});
    const answer = await modern(2, "completion/complete", departments);
    expect((answer.result.completion as { values: string[] }).values).toEqual(["Sales", "Support"]);
    const ids = await modern(3, "completion/complete", resourceIds);
    expect((ids.result.completion as { values: string[] }).values).toEqual(["42"]);
  });
});
