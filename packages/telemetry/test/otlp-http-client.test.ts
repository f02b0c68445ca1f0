// The OTLP poster writes its POST by hand on a kept-alive socket and reads the answer itself
// (src/otlp/otlp-http.ts, http-response.ts; decision 0032), so what node:http's client did for it
// is pinned here against a real node:http server on 127.0.0.1: the request a collector sees, every
// way an answer can end (Content-Length, chunked, the connection's close), one connection serving
// batch after batch, a kept-alive connection the collector dropped (sent again on a fresh one),
// non-2xx answers and timeouts as failures. And in a fresh process, exporting loads no HTTP client
// of Node's at all: the ~9 ms its first request cost now stays out of a relay's first calls.
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type OtlpReceiver } from "../../../tooling/otlp-receiver.mjs";
import type { SignalTarget } from "../src/otlp/export-settings";
import { otlpPoster } from "../src/otlp/otlp-http";

type Answer = (request: http.IncomingMessage, response: http.ServerResponse, body: string) => void;
interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
  connection: number;
}

let answer: Answer = (_request, response) => response.end("{}");
const seen: Seen[] = [];
const connections: net.Socket[] = [];
const server = http.createServer((request, response) => {
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (chunk: string) => (body += chunk));
  request.on("end", () => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body, connection: connections.indexOf(request.socket) });
    answer(request, response, body);
  });
});
server.on("connection", (socket: net.Socket) => connections.push(socket));
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterEach(() => {
  answer = (_request, response) => response.end("{}");
  seen.length = 0;
  for (const socket of connections.splice(0)) socket.destroy();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const target = (headers: Record<string, string> = {}, timeoutMs = 5000): SignalTarget => ({ url: `${base}/v1/traces?x=1`, headers, timeoutMs });

describe("the OTLP poster's request", () => {
  it("is a POST of the JSON body with the operator's headers, its length and host", async () => {
    const to = target({ authorization: "Bearer abc", "x-tenant": "é" });
    const post = otlpPoster([to]);
    // In pieces as a batch's chunks are written, one cut inside the é's two bytes: it arrives whole.
    const bytes = Buffer.from('{"resourceSpans":["é"]}');
    await post(to, [bytes.subarray(0, 20), bytes.subarray(20, 22), bytes.subarray(22)]);
    await post(to, '{"resourceMetrics":[]}');
    expect(seen.map((request) => [request.method, request.url, request.body])).toEqual([
      ["POST", "/v1/traces?x=1", '{"resourceSpans":["é"]}'],
      ["POST", "/v1/traces?x=1", '{"resourceMetrics":[]}'],
    ]);
    expect(seen[0]?.headers).toMatchObject({ authorization: "Bearer abc", "content-type": "application/json", "content-length": "24", host: base.slice("http://".length) });
  });

  it("refuses a header value with a line break instead of sending it", async () => {
    const to = target({ "x-bad": "a\r\nx-injected: 1" });
    await expect(otlpPoster([to])(to, "{}")).rejects.toThrow('header "x-bad" cannot be sent over HTTP');
    expect(seen).toEqual([]);
  });
});

describe("the OTLP poster's connection", () => {
  it("serves batch after batch, whether answers end by length or chunked", async () => {
    const to = target();
    const post = otlpPoster([to]);
    answer = (_request, response) => {
      response.write("{");
      response.end("}");
    };
    await post(to, "{}");
    answer = (_request, response) => response.writeHead(200, { "content-length": "2" }).end("{}");
    await post(to, "{}");
    answer = (_request, response) => response.writeHead(204).end();
    await post(to, "{}");
    expect(seen.map((request) => request.connection)).toEqual([0, 0, 0]);
  });

  it("reads an answer whose head takes several reads, then serves the next batch on the same connection", async () => {
    // The answer is read into one reused buffer per connection (decision 0045): a head longer than
    // it stays unread across reads, and must not be overwritten by the next one.
    const to = target();
    const post = otlpPoster([to]);
    answer = (_request, response) => response.writeHead(202, { "x-padding": "p".repeat(40_000), "content-length": "2" }).end("{}");
    await post(to, "{}");
    answer = (_request, response) => response.end("{}");
    await post(to, "{}");
    expect(seen.map((request) => request.connection)).toEqual([0, 0]);
  });

  it("reads an answer that ends with the connection, and opens a new one for the next batch", async () => {
    const to = target();
    const post = otlpPoster([to]);
    answer = (request, response) => {
      response.shouldKeepAlive = false;
      response.end("{}");
      request.socket.end();
    };
    await post(to, "{}");
    await post(to, "{}");
    expect(seen.map((request) => request.connection)).toEqual([0, 1]);
  });

  it("sends a batch again on a fresh connection when the kept-alive one was dropped unanswered", async () => {
    const to = target();
    const post = otlpPoster([to]);
    await post(to, '{"n":1}');
    // The collector drops its first connection when the next batch arrives on it, unanswered.
    answer = (request, response) => (seen.length === 2 && request.socket === connections[0] ? request.socket.destroy() : response.end("{}"));
    await post(to, '{"n":2}');
    expect(seen.map((request) => [request.connection, request.body])).toEqual([
      [0, '{"n":1}'],
      [0, '{"n":2}'],
      [1, '{"n":2}'],
    ]);
  });

  it("fails on a non-2xx answer and on a collector that does not answer in time, and recovers after", async () => {
    const to = target({}, 200);
    const post = otlpPoster([to]);
    answer = (_request, response) => response.writeHead(503).end("busy");
    await expect(post(to, "{}")).rejects.toThrow(`${to.url} answered 503`);
    answer = () => undefined;
    await expect(post(to, "{}")).rejects.toThrow(`${to.url} did not answer within 200 ms`);
    answer = (_request, response) => response.end("{}");
    await expect(post(to, "{}")).resolves.toBeUndefined();
  });

  it("fails a collector that trickles its answer past the timeout: the timeout is the whole exchange's", async () => {
    const to = target({}, 300);
    const post = otlpPoster([to]);
    answer = (_request, response) => {
      response.writeHead(200, { "content-length": "100" });
      const trickle = setInterval(() => response.write("x"), 50);
      response.on("close", () => clearInterval(trickle));
    };
    await expect(post(to, "{}")).rejects.toThrow(`${to.url} did not answer within 300 ms`);
  });

  it("fails when nothing listens", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const to: SignalTarget = { url: `http://127.0.0.1:${port}/v1/traces`, headers: {}, timeoutMs: 1000 };
    await expect(otlpPoster([to])(to, "{}")).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe("exporting in a fresh process", () => {
  const DIST = fileURLToPath(new URL("../dist/index.js", import.meta.url));
  const LOADED_BUILTINS = fileURLToPath(new URL("../../../tooling/loaded-builtins.mjs", import.meta.url));
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it("loads no HTTP client of Node's (the spans arrive over the hand-written one)", async () => {
    expect(fs.existsSync(DIST), "build telemetry first").toBe(true);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "telemetry-footprint-"));
    const record = path.join(folder, "loaded.json");
    const script = `const { startTelemetry, operationFacts } = await import(${JSON.stringify(DIST)});
const telemetry = await startTelemetry({ service: { name: "footprint-test", version: "1" }, env: { OTEL_EXPORTER_OTLP_ENDPOINT: ${JSON.stringify(receiver.url)}, OTEL_METRICS_EXPORTER: "none" } });
telemetry.startOperation("server", operationFacts({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { transport: "pipe" }).end({});
await telemetry.shutdown();`;
    // Not spawnSync: the receiver answers from this process's event loop.
    const stderr = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ["--import", LOADED_BUILTINS, "--input-type=module", "-e", script], { env: { ...process.env, LOADED_BUILTINS_FILE: record } }, (error, _stdout, stderr) => (error ? reject(error) : resolve(stderr))),
    );
    expect(stderr).toBe("");
    const loaded = JSON.parse(fs.readFileSync(record, "utf8")) as string[];
    fs.rmSync(folder, { recursive: true, force: true });
    expect(receiver.spans.filter((span) => span.service === "footprint-test")).toHaveLength(1);
    expect(loaded).toContain("net");
    expect(loaded).not.toContain("_http_client");
    expect(loaded).not.toContain("_http_agent");
  });
});
