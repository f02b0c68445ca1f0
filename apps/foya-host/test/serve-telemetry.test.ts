// OpenTelemetry across a chain of real processes: an SDK client calls a tool through `foya serve`
// (stdio) whose upstream is foundry-server, all three reporting to one real OTLP/HTTP receiver on
// 127.0.0.1. The client's traceparent (in params._meta) parents foya's server span, foya's client
// span to the upstream is that span's child, and foundry-server's server span is the client span's
// child: one trace, with the MCP semantic conventions' attribute names, and the duration
// histograms arrive with their unit.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../../../tooling/otlp-receiver.mjs";
import { FOUNDRY_SERVER, FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";

const SERVER_KIND = 2;
const CLIENT_KIND = 3;

let receiver: OtlpReceiver;
let client: Client;
let home: string;

function otelEnv(url: string, serviceName?: string): Record<string, string> {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: url,
    OTEL_BSP_SCHEDULE_DELAY: "50",
    OTEL_METRIC_EXPORT_INTERVAL: "200",
    ...(serviceName ? { OTEL_SERVICE_NAME: serviceName } : {}),
  };
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  home = temporaryFolder("otel-home");
  const root = temporaryFolder("otel-root");
  const env = Object.entries(otelEnv(receiver.url)).flatMap(([key, value]) => ["--env", `${key}=${value}`]);
  expect(runFoya(home, ["mcp", "add", "fdn", ...env, "--", process.execPath, FOUNDRY_SERVER, "--root", root]).status).toBe(0);
  client = new Client({ name: "otel-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [FOYA, "serve"],
      env: { ...(process.env as Record<string, string>), FOYA_HOME: home, ...otelEnv(receiver.url) },
      stderr: "ignore",
    }),
  );
});

afterAll(async () => {
  await client?.close();
  await receiver?.close();
  removeTemporaryFolders();
});

interface WireAnswer {
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** Newline-delimited JSON-RPC on a child's stdio: several frames per write, answers by id. */
function rawWire(child: ChildProcess) {
  const received: WireAnswer[] = [];
  let buffered = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.trim() !== "") received.push(JSON.parse(line) as WireAnswer);
  });
  return {
    write: (...frames: object[]) => child.stdin?.write(frames.map((frame) => `${JSON.stringify(frame)}\n`).join("")),
    /** The answers to `id` once `count` of them arrived. */
    answers: async (id: number, count: number): Promise<WireAnswer[]> => {
      await expect.poll(() => received.filter((answer) => answer.id === id && !("method" in answer)).length, { timeout: 60_000 }).toBe(count);
      return received.filter((answer) => answer.id === id && !("method" in answer));
    },
  };
}

/**
 * The three spans of one relayed call's trace (foya's server and client spans, foundry-server's
 * server span) once they have arrived, asserted to run caller → foya → foya's client → upstream.
 */
async function relayedTrace(traceId: string, callerSpanId: string): Promise<{ foyaServer: ReceivedSpan; foyaClient: ReceivedSpan; upstream: ReceivedSpan }> {
  await expect.poll(() => receiver.spans.filter((span) => span.traceId === traceId).length).toBeGreaterThanOrEqual(3);
  const trace = receiver.spans.filter((span) => span.traceId === traceId);
  const foyaServer = one(trace, (span) => span.service === "foya" && span.kind === SERVER_KIND, "foya's server span");
  const foyaClient = one(trace, (span) => span.service === "foya" && span.kind === CLIENT_KIND, "foya's client span");
  const upstream = one(trace, (span) => span.service === "foundry-server" && span.kind === SERVER_KIND, "foundry-server's server span");
  expect(foyaServer.parentSpanId).toBe(callerSpanId);
  expect(foyaClient.parentSpanId).toBe(foyaServer.spanId);
  expect(upstream.parentSpanId).toBe(foyaClient.spanId);
  return { foyaServer, foyaClient, upstream };
}

function one(spans: ReceivedSpan[], predicate: (span: ReceivedSpan) => boolean, what: string): ReceivedSpan {
  const found = spans.filter(predicate);
  if (found.length !== 1) throw new Error(`${what}: ${found.length} spans match among ${JSON.stringify(spans.map((span) => [span.service, span.name, span.kind]))}`);
  return found[0] as ReceivedSpan;
}

describe("foya serve with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("exports one trace from the client's traceparent through foya to the upstream, by the MCP conventions", async () => {
    const traceId = randomBytes(16).toString("hex");
    const callerSpanId = randomBytes(8).toString("hex");
    const result = await client.callTool({ name: "mcp__fdn__memory_search", arguments: { query: "nothing stored" }, _meta: { traceparent: `00-${traceId}-${callerSpanId}-01` } });
    expect(result.isError).not.toBe(true);

    const { foyaServer, foyaClient, upstream } = await relayedTrace(traceId, callerSpanId);

    expect(foyaServer.name).toBe("tools/call mcp__fdn__memory_search");
    expect(foyaServer.attributes).toMatchObject({
      "mcp.method.name": "tools/call",
      "gen_ai.tool.name": "mcp__fdn__memory_search",
      "gen_ai.operation.name": "execute_tool",
      "network.transport": "pipe",
      "mcp.protocol.version": "2025-11-25",
    });
    expect(typeof foyaServer.attributes["jsonrpc.request.id"]).toBe("string");
    expect(foyaClient.name).toBe("tools/call memory_search");
    expect(foyaClient.attributes).toMatchObject({ "mcp.method.name": "tools/call", "gen_ai.tool.name": "memory_search", "network.transport": "pipe" });
    expect(upstream.name).toBe("tools/call memory_search");
    expect(upstream.attributes).toMatchObject({ "mcp.method.name": "tools/call", "gen_ai.tool.name": "memory_search", "network.transport": "pipe" });
    expect(foyaServer.attributes["error.type"]).toBeUndefined();
    expect(receiver.rejected).toEqual([]);
  });

  // A call without a traceparent (and without a progress token) is answered on server-kit's
  // direct lane, not by the SDK's dispatch: its server span is a root, and still the parent of
  // the upstream call's client span.
  it("makes a call without a traceparent the root of one trace through foya to the upstream", async () => {
    const result = await client.callTool({ name: "mcp__fdn__memory_index", arguments: {} });
    expect(result.isError).not.toBe(true);
    const foyaServerSpans = () => receiver.spans.filter((span) => span.service === "foya" && span.kind === SERVER_KIND && span.name === "tools/call mcp__fdn__memory_index");
    await expect.poll(() => foyaServerSpans().length).toBe(1);
    const foyaServer = foyaServerSpans()[0] as ReceivedSpan;
    expect(foyaServer.parentSpanId).toBeUndefined();
    await expect.poll(() => receiver.spans.filter((span) => span.traceId === foyaServer.traceId).length).toBeGreaterThanOrEqual(3);
    const trace = receiver.spans.filter((span) => span.traceId === foyaServer.traceId);
    const foyaClient = one(trace, (span) => span.service === "foya" && span.kind === CLIENT_KIND, "foya's client span");
    const upstream = one(trace, (span) => span.service === "foundry-server" && span.kind === SERVER_KIND, "foundry-server's server span");
    expect(foyaClient.name).toBe("tools/call memory_index");
    expect(foyaClient.parentSpanId).toBe(foyaServer.spanId);
    expect(upstream.parentSpanId).toBe(foyaClient.spanId);
  });

  // A traced call (a sampled traceparent, and tracestate, in _meta) is answered on server-kit's
  // direct lane too. The lane's own mark: it refuses a request id already in flight with -32600,
  // where the SDK's dispatch answers both; the same pair with a progress token (the SDK's path)
  // is the control. The frames are written raw, two per write, so both reach foya in one read.
  it("answers a traced call on the direct lane, and its trace still runs through foya to the upstream", async () => {
    const serve = spawn(process.execPath, [FOYA, "serve"], { env: { ...process.env, FOYA_HOME: home, ...otelEnv(receiver.url) }, stdio: ["pipe", "pipe", "ignore"] });
    try {
      const wire = rawWire(serve);
      wire.write({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
      await wire.answers(0, 1);
      wire.write({ jsonrpc: "2.0", method: "notifications/initialized" });
      const traced = (id: number, meta: Record<string, unknown>) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "mcp__fdn__memory_index", arguments: {}, _meta: meta } });
      const caller = () => ({ traceparent: `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-01`, tracestate: "test=1" });
      wire.write(traced(1, caller()), traced(1, caller()));
      wire.write(traced(2, { ...caller(), progressToken: "p" }), traced(2, { ...caller(), progressToken: "p" }));
      const onTheLane = await wire.answers(1, 2);
      const throughTheSdk = await wire.answers(2, 2);
      expect(onTheLane.map((answer) => answer.error?.code ?? "result").sort()).toEqual([-32600, "result"].sort());
      expect(onTheLane.find((answer) => answer.error)?.error?.message).toBe("Invalid Request: request id 1 is already in flight; use a new id for each request.");
      expect(throughTheSdk.map((answer) => answer.error?.code ?? "result")).toEqual(["result", "result"]);

      const traceId = randomBytes(16).toString("hex");
      const callerSpanId = randomBytes(8).toString("hex");
      wire.write(traced(3, { traceparent: `00-${traceId}-${callerSpanId}-01`, tracestate: "test=1" }));
      expect((await wire.answers(3, 1))[0]?.error).toBeUndefined();
      const { foyaServer } = await relayedTrace(traceId, callerSpanId);
      expect(foyaServer.name).toBe("tools/call mcp__fdn__memory_index");
    } finally {
      serve.kill();
    }
    // A process of its own, whose upstream connects before the first call is answered: slow on a loaded machine.
  }, 90_000);

  it("records an unknown tool as an error span with error.type and the JSON-RPC code", async () => {
    const traceId = randomBytes(16).toString("hex");
    await client.callTool({ name: "mcp__fdn__no_such_tool", arguments: {}, _meta: { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` } }).catch(() => undefined);
    await expect.poll(() => receiver.spans.some((span) => span.traceId === traceId && span.service === "foya" && span.kind === SERVER_KIND)).toBe(true);
    const span = one(receiver.spans, (candidate) => candidate.traceId === traceId && candidate.kind === SERVER_KIND, "the refused call's span");
    expect(span.attributes["error.type"]).toBe("-32602");
    expect(span.attributes["rpc.response.status_code"]).toBe("-32602");
    expect(span.status.code).toBe(2);
  });

  it("exports mcp.server.operation.duration and mcp.client.operation.duration in seconds", async () => {
    const exportsOf = (name: string) => receiver.metrics.filter((candidate) => candidate.service === "foya" && candidate.name === name);
    const toolCallPoints = (name: string) =>
      exportsOf(name)
        .flatMap((metric) => metric.points)
        .filter((point) => point.attributes["mcp.method.name"] === "tools/call" && point.attributes["gen_ai.tool.name"] !== undefined);
    for (const name of ["mcp.server.operation.duration", "mcp.client.operation.duration"]) {
      await expect.poll(() => toolCallPoints(name).length).toBeGreaterThan(0);
      expect(new Set(exportsOf(name).map((metric) => `${metric.type} ${metric.unit}`))).toEqual(new Set(["histogram s"]));
      expect(toolCallPoints(name)[0]?.explicitBounds).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]);
    }
  });
});
