// `foya serve --http` under SIGTERM with fifty calls in flight (issue #33): a real upstream that
// holds each call until the test releases it (the gateway's fixture, shared rather than copied),
// five SDK clients with their listening SSE streams, /readyz turning false at once, new requests
// refused with the shutdown error, and the JSON log (one object per line, never the token; stdio too).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { textOf } from "./support/serve-client";

const HELD = fileURLToPath(new URL("../../amicited-gateway/test/__fixtures__/held-upstream.mjs", import.meta.url));
const CALLS = 50;
const CLIENTS = 5;
const running: { serve: ChildProcess; clients: Client[] }[] = [];

afterEach(async () => {
  for (const { serve, clients } of running.splice(0)) {
    for (const client of clients) await client.close().catch(() => undefined);
    if (serve.exitCode === null) serve.kill("SIGKILL");
  }
  removeTemporaryFolders();
});

async function heldServe(drainSeconds: number) {
  const home = temporaryFolder("serve-drain-home");
  const arrivals = path.join(home, "arrivals");
  const release = path.join(home, "release");
  expect(runFoya(home, ["mcp", "add", "held", "--env", `HELD_ARRIVALS=${arrivals}`, "--env", `HELD_RELEASE=${release}`, "--", process.execPath, HELD]).status).toBe(0);
  const serve = spawn(process.execPath, [FOYA, "serve", "--http", "--port", "0", "--log-format", "json", "--drain-seconds", String(drainSeconds)], {
    env: { ...process.env, FOYA_HOME: home },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  serve.stderr!.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => serve.once("exit", (code) => resolve(code)));
  const entry = { serve, clients: [] as Client[] };
  running.push(entry);
  const endpoint = path.join(home, "serve.json");
  await expect.poll(() => fs.existsSync(endpoint), { timeout: 30_000 }).toBe(true);
  const url = (JSON.parse(fs.readFileSync(endpoint, "utf8")) as { url: string }).url;
  const token = fs.readFileSync(path.join(home, "serve-token"), "utf8").trim();
  const base = url.replace(/\/mcp$/, "");
  await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 30_000 }).toBe(200);
  for (let index = 0; index < CLIENTS; index++) {
    const client = new Client({ name: "drain-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    entry.clients.push(client);
  }
  const callAll = () =>
    Array.from({ length: CALLS }, (_, index) =>
      entry.clients[index % CLIENTS]!.callTool({ name: "mcp__held__hold", arguments: {} }).then(
        (result) => `answered: ${textOf(result)}`,
        (error: Error) => `refused: ${error.message}`,
      ),
    );
  const arrived = () => (fs.existsSync(arrivals) ? fs.readFileSync(arrivals, "utf8").split("\n").length - 1 : 0);
  const records = () => stderr.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
  return { serve, token, base, url, exited, callAll, arrived, records, stderr: () => stderr, release: () => fs.writeFileSync(release, "go") };
}

describe("foya serve --http drains on SIGTERM", () => {
  it("answers all fifty in-flight calls, refuses new requests, ends the SSE streams, exits 0", async () => {
    const held = await heldServe(120);
    expect(await (await fetch(`${held.base}/readyz`)).json()).toEqual({ status: "ready", checks: { servers: "ok" } });
    const calls = held.callAll();
    await expect.poll(held.arrived, { timeout: 30_000 }).toBe(CALLS);
    held.serve.kill("SIGTERM");
    await expect.poll(async () => (await fetch(`${held.base}/readyz`)).status).toBe(503);
    const late = await fetch(held.url, { method: "POST", headers: { authorization: `Bearer ${held.token}`, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" });
    expect({ status: late.status, body: await late.json() }).toEqual({
      status: 503,
      body: { jsonrpc: "2.0", id: null, error: { code: -32000, message: "Server is shutting down: this instance takes no new requests (drain deadline 120 s); send the request again, to another instance if there is one" } },
    });
    held.release();
    expect(await Promise.all(calls)).toEqual(Array.from({ length: CALLS }, () => "answered: released"));
    expect(await held.exited).toBe(0);
    const records = held.records();
    expect(records.map((record) => record.msg).filter((msg) => String(msg).startsWith("drain"))).toEqual([
      `draining: ${CALLS} requests in flight, waiting up to 120 s`,
      `drained: ${CALLS} finished, 0 refused at the deadline, ${CLIENTS} streams ended`,
    ]);
    const toolCalls = records.filter((record) => record.method === "tools/call");
    expect(new Set(toolCalls.map((record) => `${record.tool} ${record.outcome} ${record.status}`))).toEqual(new Set(["mcp__held__hold ok 200"]));
    expect(toolCalls).toHaveLength(CALLS);
    expect(held.stderr()).not.toContain(held.token);
  }, 120_000);

  it("answers calls still running at the deadline with the shutdown error", async () => {
    const held = await heldServe(1);
    const calls = held.callAll();
    await expect.poll(held.arrived, { timeout: 30_000 }).toBe(CALLS);
    held.serve.kill("SIGTERM");
    expect(await Promise.all(calls)).toEqual(
      Array.from({ length: CALLS }, () => "refused: MCP error -32000: Server is shutting down: the request did not finish within the drain deadline (1 s); send it again"),
    );
    expect(await held.exited).toBe(0);
    expect(held.records().filter((record) => record.method === "tools/call").map((record) => record.outcome)).toEqual(Array.from({ length: CALLS }, () => "drained"));
  }, 120_000);

  it("writes JSON lines over stdio too, and refuses a bad --log-format or --drain-seconds by name", () => {
    const home = temporaryFolder("serve-log-home");
    // spawnSync's stdin is empty: serve starts, sees it end, shuts down and exits.
    const stdio = runFoya(home, ["serve", "--log-format", "json"]);
    expect(stdio.status).toBe(0);
    const records = stdio.stderr.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records[0]).toEqual({ level: "info", time: expect.any(String), service: "foya", msg: `foya serve: 0 servers configured in ${home}; approval auto; on stdio.` });
    const format = runFoya(home, ["serve", "--log-format", "xml"]);
    expect({ status: format.status, stderr: format.stderr }).toMatchObject({ status: 2, stderr: expect.stringContaining('--log-format must be text or json; got "xml"') });
    const drain = runFoya(home, ["serve", "--http", "--drain-seconds", "9999"]);
    expect({ status: drain.status, stderr: drain.stderr }).toMatchObject({ status: 2, stderr: expect.stringContaining('--drain-seconds must be a whole number of seconds from 0 to 600; got "9999"') });
  });
});
