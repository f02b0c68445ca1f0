// `foya serve --http` as a separate process: the edge refuses what it must (token, Origin, caps),
// an SDK client over Streamable HTTP lists, calls and gets the upstream's progress, `foya status`
// reads the live figures, and SIGTERM ends it with serve.json gone.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOYA, modeOf, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { eventually, textOf } from "./support/serve-client";

const FORWARDING = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__/forwarding-server.mjs");
let home: string;
let serve: ChildProcess;
let url: string;
let token: string;
let fixtureFolder: string;

const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } };

function post(headers: Record<string, string>, body: unknown = initialize): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body) });
}

// Not runFoya: a synchronous child would block this process's HTTP client meanwhile.
function foyaStatus(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [FOYA, "status", ...args], { env: { ...process.env, FOYA_HOME: home } }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  home = temporaryFolder("serve-http-home");
  fixtureFolder = temporaryFolder("serve-http-fw");
  expect(runFoya(home, ["mcp", "add", "fw", "--", process.execPath, FORWARDING, fixtureFolder]).status).toBe(0);
  serve = spawn(process.execPath, [FOYA, "serve", "--http", "--port", "0"], { env: { ...process.env, FOYA_HOME: home }, stdio: ["ignore", "ignore", "pipe"] });
  serve.stderr?.resume();
  const endpoint = path.join(home, "serve.json");
  await eventually(() => fs.existsSync(endpoint), 30_000, "serve.json");
  url = (JSON.parse(fs.readFileSync(endpoint, "utf8")) as { url: string }).url;
  token = fs.readFileSync(path.join(home, "serve-token"), "utf8").trim();
});
afterAll(() => {
  if (serve.exitCode === null) serve.kill("SIGKILL");
  removeTemporaryFolders();
});

describe("foya serve --http", () => {
  it("listens on 127.0.0.1 with a generated token stored 0600", () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(modeOf(path.join(home, "serve-token"))).toBe(0o600);
    expect(modeOf(path.join(home, "serve.json"))).toBe(0o600);
  });

  it("refuses a request without the token, with a wrong one, or from a foreign Origin", async () => {
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe("Unauthorized: send Authorization: Bearer <token>");
    expect((await post({ authorization: "Bearer not-the-token" })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${token}`, origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ authorization: `Bearer ${token}` }, { jsonrpc: "2.0", id: 2, method: "tools/list" })).status).toBe(400);
  });

  it("serves an SDK client: tools, a call with its progress, and the live status through foya status", async () => {
    const client = new Client({ name: "http-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("mcp__fw__progress");
    const seen: number[] = [];
    const result = await client.callTool({ name: "mcp__fw__progress", arguments: { steps: 2 } }, undefined, { onprogress: (progress) => void seen.push(progress.progress) });
    expect(textOf(result)).toBe("done after 2 steps (token present)");
    expect(seen).toEqual([1, 2]);

    const status = await foyaStatus(["--json"]);
    expect(status.status).toBe(0);
    const document = JSON.parse(status.stdout) as { sessions: number; servers: Array<Record<string, unknown>> };
    expect(document.sessions).toBe(2);
    expect(document.servers).toEqual([{ name: "fw", state: "connected", transport: "stdio", protocol: "2025-11-25", tools: 6, lastError: null, calls: 1, failedCalls: 0, p50Ms: expect.any(Number), droppedNotifications: 0 }]);
    const table = await foyaStatus([]);
    expect(table.stdout).toMatch(/^fw\s+connected\s+6\s+1\s+0\s+\d\S*\s+stdio\s+2025-11-25$/m);
    await transport.terminateSession();
    await client.close();
  });

  it("answers in JSON unless a related message comes first (then SSE), and a POST closed early cancels its call upstream", async () => {
    const opened = await post({ authorization: `Bearer ${token}` });
    const session = { authorization: `Bearer ${token}`, "mcp-session-id": opened.headers.get("mcp-session-id") ?? "" };
    expect(opened.headers.get("content-type")).toBe("application/json");
    await opened.json();
    expect((await post(session, { jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);

    const plain = await post(session, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "mcp__fw__progress", arguments: { steps: 1 } } });
    expect(plain.headers.get("content-type")).toBe("application/json");
    expect(textOf(((await plain.json()) as { result: unknown }).result)).toBe("done after 1 steps (token absent)");
    const streamed = await post(session, { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "mcp__fw__progress", arguments: { steps: 1 }, _meta: { progressToken: "p" } } });
    expect(streamed.headers.get("content-type")).toBe("text/event-stream");
    const events = (await streamed.text()).split("\n").filter((line) => line.startsWith("data: ")).map((line) => JSON.parse(line.slice(6)) as { method?: string; id?: number });
    expect(events.map((event) => event.method ?? `answer ${event.id}`)).toEqual(["notifications/progress", "answer 3"]);

    const abort = new AbortController();
    const hanging = fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...session },
      body: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "mcp__fw__wait-for-abort", arguments: {} } }),
      signal: abort.signal,
    }).catch((error: unknown) => error);
    await eventually(() => fs.existsSync(path.join(fixtureFolder, "started")), 30_000, "the upstream call to start");
    abort.abort();
    await hanging;
    await eventually(() => fs.existsSync(path.join(fixtureFolder, "aborted")), 30_000, "the upstream call to be aborted");
    expect((await fetch(url, { method: "DELETE", headers: session })).status).toBe(200);
    expect((await post(session, { jsonrpc: "2.0", id: 5, method: "tools/list" })).status).toBe(404);
  });

  it("caps its sessions with a 503 naming the cap", async () => {
    const opened: string[] = [];
    let refused: Response | undefined;
    for (let index = 0; index < 40 && refused === undefined; index++) {
      const response = await post({ authorization: `Bearer ${token}` });
      if (response.status === 503) refused = response;
      else {
        opened.push(response.headers.get("mcp-session-id") ?? "");
        await response.body?.cancel();
      }
    }
    expect(opened).toHaveLength(32);
    expect(((await refused?.json()) as { error: { message: string } }).error.message).toMatch(/^Too many sessions: foya serve --http keeps at most 32; end one with DELETE \/mcp/);
    for (const id of opened) await fetch(url, { method: "DELETE", headers: { authorization: `Bearer ${token}`, "mcp-session-id": id } });
    expect((await post({ authorization: `Bearer ${token}` })).status).toBe(200);
  });

  // Issue #38: `null` and other JSON no message can be were 500s (or reached the session unchecked).
  it("answers every valid-JSON non-message body with 400 -32600, before a session, in one, and at 2026-07-28", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const opened = await post(auth);
    const session = { ...auth, "mcp-session-id": opened.headers.get("mcp-session-id") ?? "" };
    await opened.body?.cancel();
    const modern = { ...auth, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" };
    for (const headers of [auth, session, modern]) {
      for (const body of ["null", "0", "-1.5", '"ping"', '""', "true", "false", "[]", "[null]", "[1,2]", '["x"]', "[true]", "[[]]"]) {
        const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body });
        expect({ body, status: response.status, code: ((await response.json()) as { error: { code: number } }).error.code }).toEqual({ body, status: 400, code: -32600 });
      }
    }
    await fetch(url, { method: "DELETE", headers: session });
  });

  // Issue #39 T7: each of these was never answered in a 2025 session; the POST stayed open for minutes.
  it("answers each malformed request of a 2025 session with 400 -32600 and its id, within the request timeout", async () => {
    const opened = await post({ authorization: `Bearer ${token}` });
    const session = { authorization: `Bearer ${token}`, "mcp-session-id": opened.headers.get("mcp-session-id") ?? "" };
    await opened.body?.cancel();
    const ping = { jsonrpc: "2.0", id: 7, method: "ping" };
    const malformed: Array<[unknown, string | number | null, string]> = [
      [{ ...ping, id: { a: 1 } }, null, '"id" must be a string or a number.'],
      [{ ...ping, id: [7] }, null, '"id" must be a string or a number.'],
      [{ ...ping, id: true }, null, '"id" must be a string or a number.'],
      [{ ...ping, id: null }, null, '"id" must be a string or a number.'],
      [{ ...ping, id: 1.5 }, 1.5, "not a JSON-RPC request, notification or response."],
      [{ ...ping, method: 42 }, 7, '"method" must be a string.'],
      [{ ...ping, method: null }, 7, '"method" must be a string.'],
      [{ ...ping, method: ["ping"] }, 7, '"method" must be a string.'],
      [{ ...ping, params: [] }, 7, '"params" must be an object.'],
      [{ ...ping, params: "x" }, 7, '"params" must be an object.'],
      [{ ...ping, params: { _meta: "x" } }, 7, '"params._meta" must be an object.'],
      [{ ...ping, params: { _meta: { progressToken: { a: 1 } } } }, 7, '"params._meta.progressToken" must be a string or an integer.'],
      [{ ...ping, params: { _meta: { progressToken: 1.5 } } }, 7, '"params._meta.progressToken" must be a string or an integer.'],
      [{ ...ping, params: { _meta: { progressToken: true } } }, 7, '"params._meta.progressToken" must be a string or an integer.'],
      [{ ...ping, jsonrpc: "1.0" }, 7, '"jsonrpc" must be "2.0".'],
      [{ id: 7, method: "ping" }, 7, '"jsonrpc" must be "2.0".'],
      [{ ...ping, extra: 1 }, 7, "not a JSON-RPC request, notification or response."],
      [[ping, { ...ping, id: 8, method: 42 }], 8, '"method" must be a string.'],
    ];
    for (const [message, id, reason] of malformed) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...session },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json()) as { id: unknown; error: { code: number; message: string } } | Array<{ id: unknown; error: unknown }>;
      const single = Array.isArray(answer) ? answer[0] : answer;
      expect({ message, status: response.status, answer: single }).toEqual({ message, status: 400, answer: { jsonrpc: "2.0", id, error: { code: -32600, message: `Invalid Request: ${reason}` } } });
    }
    // A second request under an id that is still waiting would take the first one's answer.
    fs.rmSync(path.join(fixtureFolder, "started"), { force: true });
    const waiting = { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "mcp__fw__wait-for-abort", arguments: {} } };
    const first = fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...session }, body: JSON.stringify(waiting) }).catch(() => undefined);
    await eventually(() => fs.existsSync(path.join(fixtureFolder, "started")), 30_000, "the first call to start");
    const twin = await post(session, { ...ping, id: 9 });
    expect(twin.status).toBe(400);
    expect(await twin.json()).toEqual({ jsonrpc: "2.0", id: 9, error: { code: -32600, message: "Invalid Request: id 9 is already used by a request of this session that has no answer yet; use a new id." } });
    expect(((await (await post(session, { ...ping, id: 10 })).json()) as { result: unknown }).result).toEqual({});
    expect((await fetch(url, { method: "DELETE", headers: session })).status).toBe(200);
    await first;
  });

  it("ends on SIGTERM and removes serve.json; foya status then says none runs", async () => {
    const exited = new Promise<number | null>((resolve) => serve.once("exit", (code) => resolve(code)));
    serve.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(home, "serve.json"))).toBe(false);
    const status = await foyaStatus([]);
    expect(status.status).toBe(1);
    expect(status.stderr).toContain("No foya serve --http is recorded in");
  });
});
