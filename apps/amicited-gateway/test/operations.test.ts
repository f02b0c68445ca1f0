// The gateway's operator side (issue #33) on the built bundle: SIGTERM while fifty calls are in
// flight through a real --upstreams server that holds them (each one answered, or refused with the
// shutdown error, none cut), /healthz and /readyz, and the JSON log without the token used.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { openSqliteStore } from "@foundry-mcp/workspace-store";
import { describe, expect, it } from "vitest";
import { GATEWAY_SCHEMA } from "../src/store-schema/gateway-schema";
import { GATEWAY, requireBuild, textOf, trackResources } from "./support/gateway-process";
import type { WorkspaceTokens } from "./support/gateway-process";

const HELD = fileURLToPath(new URL("./__fixtures__/held-upstream.mjs", import.meta.url));
const CALLS = 50;
const CLIENTS = 5;
const resources = trackResources();

/**
 * A gateway with the held upstream; `release()` lets every held call answer. The release is also
 * the tracker's (after the clients close, before the gateway stops): a test that fails with calls
 * still held would otherwise leave the gateway draining them for its whole --drain-seconds.
 */
async function heldGateway(flags: string[]) {
  const { dir, tokens } = resources.data();
  const arrivals = path.join(dir, "arrivals");
  const releaseFile = path.join(dir, "release");
  const release = () => fs.writeFileSync(releaseFile, "go");
  const upstreams = path.join(dir, "mcp.json");
  fs.writeFileSync(upstreams, JSON.stringify({ servers: { held: { transport: "stdio", command: process.execPath, args: [HELD], env: { HELD_ARRIVALS: arrivals, HELD_RELEASE: releaseFile } } } }));
  const gateway = await resources.serve(dir, ["--upstreams", upstreams, "--log-format", "json", ...flags]);
  resources.defer(release);
  const clients: Client[] = [];
  const demo = tokens.demo as WorkspaceTokens;
  for (let index = 0; index < CLIENTS; index++) clients.push(await resources.open(gateway.url, demo.readToken));
  const arrived = () => (fs.existsSync(arrivals) ? fs.readFileSync(arrivals, "utf8").split("\n").length - 1 : 0);
  const exited = new Promise<number | null>((resolve) => gateway.process.once("exit", (code) => resolve(code)));
  // Fifty calls at once, ten on each of five sessions; each settles to its text or its error message.
  const callAll = () =>
    Array.from({ length: CALLS }, (_, index) =>
      clients[index % CLIENTS]!.callTool({ name: "read_tool", arguments: { name: "held_hold", arguments: {} } }).then(
        (result) => `answered: ${textOf(result)}`,
        (error: Error) => `refused: ${error.message}`,
      ),
    );
  const base = gateway.url.replace(/\/mcp$/, "");
  const readiness = async () => {
    const response = await fetch(`${base}/readyz`);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { gateway, demo, arrived, exited, callAll, readiness, base, release };
}

/** The JSON records the gateway wrote to stderr (every line must parse). */
const recordsOf = (stderr: string) => stderr.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);

describe("graceful drain on SIGTERM", () => {
  it("answers all fifty in-flight calls, refuses new ones with the shutdown error, then exits 0", async () => {
    const held = await heldGateway(["--drain-seconds", "120"]);
    expect(await held.readiness()).toEqual({ status: 200, body: { status: "ready", checks: { store: "ok", migrations: "ok", catalog: "ok" } } });
    const calls = held.callAll();
    await expect.poll(held.arrived, { timeout: 30_000 }).toBe(CALLS);
    process.kill(held.gateway.process.pid!, "SIGTERM");
    await expect.poll(held.readiness).toEqual({ status: 503, body: { status: "draining" } });
    const late = await fetch(`${held.base}/mcp`, { method: "POST", headers: { authorization: `Bearer ${held.demo.readToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" });
    expect({ status: late.status, body: await late.json() }).toEqual({
      status: 503,
      body: { jsonrpc: "2.0", id: null, error: { code: -32000, message: "Server is shutting down: this instance takes no new requests (drain deadline 120 s); send the request again, to another instance if there is one" } },
    });
    expect((await fetch(`${held.base}/healthz`)).status).toBe(200);
    held.release();
    expect(await Promise.all(calls)).toEqual(Array.from({ length: CALLS }, () => "answered: released"));
    expect(await held.exited).toBe(0);
    const records = recordsOf(held.gateway.stderr());
    const toolCalls = records.filter((record) => record.msg === "request" && record.method === "tools/call");
    expect(toolCalls).toHaveLength(CALLS);
    expect(new Set(toolCalls.map((record) => `${record.tool} ${record.workspace} ${record.outcome} ${record.status}`))).toEqual(new Set(["read_tool demo ok 200"]));
    expect(records.map((record) => record.msg).filter((msg) => String(msg).startsWith("drain"))).toEqual([
      `draining: ${CALLS} requests in flight, waiting up to 120 s`,
      // The gateway keeps no listening GET streams (legacy-http.ts): its streams are the calls' own.
      `drained: ${CALLS} finished, 0 refused at the deadline, 0 streams ended`,
    ]);
    expect(held.gateway.stderr()).not.toContain(held.demo.readToken);
  }, 120_000);

  it("answers calls still running at the deadline with the shutdown error, never a cut connection", async () => {
    const held = await heldGateway(["--drain-seconds", "1"]);
    const calls = held.callAll();
    await expect.poll(held.arrived, { timeout: 30_000 }).toBe(CALLS);
    process.kill(held.gateway.process.pid!, "SIGTERM");
    expect(await Promise.all(calls)).toEqual(
      Array.from({ length: CALLS }, () => "refused: MCP error -32000: Server is shutting down: the request did not finish within the drain deadline (1 s); send it again"),
    );
    expect(await held.exited).toBe(0);
    const outcomes = recordsOf(held.gateway.stderr()).filter((record) => record.method === "tools/call").map((record) => record.outcome);
    expect(outcomes).toEqual(Array.from({ length: CALLS }, () => "drained"));
  }, 120_000);

  it("ends the drain at once on a second SIGTERM, each open call getting the shutdown error", async () => {
    const held = await heldGateway(["--drain-seconds", "600"]);
    const calls = held.callAll();
    await expect.poll(held.arrived, { timeout: 30_000 }).toBe(CALLS);
    process.kill(held.gateway.process.pid!, "SIGTERM");
    await expect.poll(held.readiness).toEqual({ status: 503, body: { status: "draining" } });
    process.kill(held.gateway.process.pid!, "SIGTERM");
    expect(await Promise.all(calls)).toEqual(
      Array.from({ length: CALLS }, () => "refused: MCP error -32000: Server is shutting down: a second signal ended the drain before the request finished; send it again"),
    );
    expect(await held.exited).toBe(0);
  }, 120_000);

  it("refuses a bad --log-format or --drain-seconds as a usage error naming the bound", () => {
    requireBuild();
    // Refused before the store is opened: no data directory is needed.
    const serve = (flags: string[]) => spawnSync(process.execPath, [GATEWAY, "serve", "--data", "/nonexistent", "--port", "0", ...flags], { encoding: "utf8", timeout: 60_000 });
    expect(serve(["--log-format", "xml"])).toMatchObject({ status: 2, stderr: expect.stringContaining('amicited-gateway: --log-format must be text or json; got "xml"') });
    expect(serve(["--drain-seconds", "601"])).toMatchObject({ status: 2, stderr: expect.stringContaining('amicited-gateway: --drain-seconds must be a whole number of seconds from 0 to 600; got "601"') });
  });
});

describe("a stored session that cannot be restored", () => {
  // Regression (session 19): the client got its 500 SESSION_NOT_RESTORED and the operator heard
  // nothing, so a broken row in the store went unseen.
  it("is one JSON error record in the log with the stable code and the session id, never the token", async () => {
    const { dir, tokens } = resources.data();
    const gateway = await resources.serve(dir, ["--log-format", "json"]);
    const demo = tokens.demo as WorkspaceTokens;
    const client = await resources.open(gateway.url, demo.readToken);
    // The row as another instance or a bad migration could leave it: clientInfo.name must be a string.
    const store = await openSqliteStore({ dataDir: dir, hostSchemas: [GATEWAY_SCHEMA] });
    let rows: { id: string }[];
    try {
      rows = await store.all<{ id: string }>("SELECT id FROM mcp_sessions");
      await store.run("UPDATE mcp_sessions SET client_info = ?", ['{"name":7,"version":"1.0.0"}']);
    } finally {
      await store.close();
    }
    expect(rows).toHaveLength(1);
    await expect(client.listTools()).rejects.toThrow(/SESSION_NOT_RESTORED/);
    const restoreRecords = () => recordsOf(gateway.stderr()).filter((record) => record.code !== undefined);
    await expect.poll(() => restoreRecords().length).toBe(1);
    expect(restoreRecords()[0]).toMatchObject({
      level: "error",
      service: "amicited-gateway",
      code: "SESSION_NOT_RESTORED",
      session_id: rows[0]!.id,
      msg: expect.stringMatching(/^amicited-gateway: session restore failed \(SESSION_NOT_RESTORED, session [^)]+\): session [^ ]+ could not be restored: its stored initialize fails the SDK's schema/),
    });
    expect(gateway.stderr()).not.toContain(demo.readToken);
  }, 60_000);
});
