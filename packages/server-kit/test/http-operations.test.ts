// Health routes, graceful drain and the request log of server-kit's operations module over a real
// node:http server on 127.0.0.1 (issue #33): a handler the test releases stands for a slow call.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpOperations, createStructuredLog, parseDrainSeconds, parseLogFormat, requestFactsOf, MAX_LOG_LINE_BYTES } from "../src/index";
import type { HttpOperations, ReadinessCheck } from "../src/index";

const TOKEN = "amc_w_secret-token-value-1234";
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
let server: http.Server | undefined;

afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

/** A server whose POSTs wait for `release()`; GETs open an SSE stream. */
async function serve(checks: ReadinessCheck[], drainSeconds: number) {
  const lines: string[] = [];
  const log = createStructuredLog({ format: "json", service: "test", write: (line) => void lines.push(line), secrets: [TOKEN] });
  const operations: HttpOperations = createHttpOperations({ log, checks, drainSeconds });
  const waiting: (() => void)[] = [];
  let received = 0;
  server = http.createServer((req, res) => {
    if (operations.intercept(req, res)) return;
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(": open\n\n");
      return;
    }
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const body = JSON.parse(text) as { id: number };
      operations.admitted(res, body, "demo");
      received++;
      waiting.push(() => {
        if (res.writableEnded) return;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: { ok: true } }));
      });
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (id: number) =>
    fetch(`${base}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "slow", arguments: {}, _meta: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` } } }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));
  return { base, operations, lines, call, received: () => received, releaseAll: () => waiting.splice(0).forEach((release) => release()) };
}

describe("health routes", () => {
  it("answers /healthz at once and /readyz from the checks in order, with fixed words only", async () => {
    let storeUp = false;
    const { base } = await serve([{ name: "store", run: async () => (storeUp ? true : "unreachable") }, { name: "catalog", run: async () => true }], 1);
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`);
      return { status: response.status, body: (await response.json()) as unknown, cache: response.headers.get("cache-control") };
    };
    expect(await get("/healthz")).toEqual({ status: 200, body: { status: "ok" }, cache: "no-store" });
    expect(await get("/readyz")).toEqual({ status: 503, body: { status: "not ready", checks: { store: "unreachable", catalog: "not checked" } }, cache: "no-store" });
    storeUp = true;
    await expect.poll(async () => (await get("/readyz")).body).toEqual({ status: "ready", checks: { store: "ok", catalog: "ok" } });
    expect((await fetch(`${base}/readyz`, { method: "POST" })).status).toBe(405);
  });
});

describe("drain", () => {
  it("turns readiness false at once, refuses new calls, lets in-flight ones finish", async () => {
    const running = await serve([], 30);
    const calls = [1, 2, 3].map((id) => running.call(id));
    await expect.poll(running.received).toBe(3);
    const drained = running.operations.drain();
    expect(await (await fetch(`${running.base}/readyz`)).json()).toEqual({ status: "draining" });
    expect(await running.call(9)).toEqual({
      status: 503,
      body: { jsonrpc: "2.0", id: null, error: { code: -32000, message: "Server is shutting down: this instance takes no new requests (drain deadline 30 s); send the request again, to another instance if there is one" } },
    });
    running.releaseAll();
    expect((await Promise.all(calls)).map((answer) => answer.body)).toEqual([1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, result: { ok: true } })));
    expect(await drained).toEqual({ finished: 3, refusedAtDeadline: 0, streamsEnded: 0 });
  });

  it("answers calls still open at the deadline with an error carrying their id, and ends SSE streams", async () => {
    const running = await serve([], 0);
    const calls = [1, 2].map((id) => running.call(id));
    const stream = await fetch(`${running.base}/mcp`, { headers: { accept: "text/event-stream" } });
    await expect.poll(running.received).toBe(2);
    expect(await running.operations.drain()).toEqual({ finished: 0, refusedAtDeadline: 2, streamsEnded: 1 });
    expect(await Promise.all(calls)).toEqual(
      [1, 2].map((id) => ({ status: 200, body: { jsonrpc: "2.0", id, error: { code: -32000, message: "Server is shutting down: the request did not finish within the drain deadline (0 s); send it again" } } })),
    );
    // The stream ends cleanly: its body completes instead of failing.
    expect(await stream.text()).toBe(": open\n\n");
  });
});

describe("request log", () => {
  it("writes one bounded JSON object per request with the trace id and no token", async () => {
    const running = await serve([], 1);
    const call = running.call(7);
    await expect.poll(running.received).toBe(1);
    running.releaseAll();
    await call;
    await expect.poll(() => running.lines.length).toBe(1);
    const record = JSON.parse(running.lines[0]!) as Record<string, unknown>;
    expect(record).toMatchObject({ level: "info", service: "test", msg: "request", trace_id: TRACE_ID, http_method: "POST", path: "/mcp", status: 200, method: "tools/call", tool: "slow", workspace: "demo", outcome: "ok" });
    expect(typeof record.duration_ms).toBe("number");
    expect(record.request_id).toMatch(/^[0-9a-f-]{36}$/);
    const log = createStructuredLog({ format: "json", service: "test", write: (line) => void running.lines.push(line), secrets: [TOKEN] });
    log.write("error", `upstream said: Authorization: Bearer abc.def and ${TOKEN} ${"x".repeat(20_000)}`, { detail: "y".repeat(50_000) });
    const last = running.lines.at(-1)!;
    expect(Buffer.byteLength(last)).toBeLessThanOrEqual(MAX_LOG_LINE_BYTES + 1);
    expect(last).not.toContain(TOKEN);
    expect(last).not.toContain("abc.def");
    expect(JSON.parse(last)).toMatchObject({ level: "error", msg: expect.stringContaining("Bearer [redacted] and [redacted]") });
  });

  it("keeps text lines as they are and writes no request records in text format", () => {
    const lines: string[] = [];
    const log = createStructuredLog({ format: "text", service: "test", write: (line) => void lines.push(line) });
    log.write("info", "listening on http://127.0.0.1:1/mcp");
    log.record("info", { msg: "request" });
    expect(lines).toEqual(["listening on http://127.0.0.1:1/mcp\n"]);
  });

  it("refuses bad flag values by name and bound", () => {
    expect(() => parseLogFormat("yaml")).toThrow('--log-format must be text or json; got "yaml"');
    expect(() => parseDrainSeconds("601")).toThrow('--drain-seconds must be a whole number of seconds from 0 to 600; got "601"');
    expect(parseDrainSeconds(undefined)).toBe(20);
    expect(requestFactsOf({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", _meta: { traceparent: `00-${"0".repeat(32)}-00f067aa0ba902b7-01` } } })).toEqual({ ids: [1], method: "tools/call", tool: "t" });
  });
});
