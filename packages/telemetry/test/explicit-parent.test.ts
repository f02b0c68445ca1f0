// Regression (issue 33, relay cost with export on 1.32x): the SDK set-up registered an
// AsyncLocalStorage context manager so a client span found its parent ambiently; on Node 20 that
// installs promise hooks taxing every promise in the process. Now no context manager is registered
// and the parent travels explicitly: the traced server transport files each request's operation
// under its `extra`, the handler reads it with traceParentOf and puts it in the upstream request's
// params._meta. A relay of real SDK peers (client → relay server → upstream server, in memory)
// reports to a real OTLP/HTTP receiver on 127.0.0.1: one trace, each span the previous one's child,
// and not one AsyncLocalStorage scope entered on the way.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../../../tooling/otlp-receiver.mjs";
import { startTelemetry, traceParentOf, TracedClientTransport, TracedServerTransport, type Telemetry, type TraceParent } from "../src/index";

const SERVER_KIND = 2;
const CLIENT_KIND = 3;

let receiver: OtlpReceiver;
let telemetry: Telemetry;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // The SDK's exporter and batch processor read these from process.env themselves.
  vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.url);
  vi.stubEnv("OTEL_METRICS_EXPORTER", "none");
  vi.stubEnv("OTEL_BSP_SCHEDULE_DELAY", "50");
  telemetry = await startTelemetry({ service: { name: "relay-test", version: "1.0.0" } });
});

afterAll(async () => {
  await telemetry?.shutdown();
  await receiver?.close();
  vi.unstubAllEnvs();
});

function server(name: string, answer: (meta: Record<string, unknown> | undefined, trace: TraceParent | undefined) => Promise<CallToolResult>): Server {
  const built = new Server({ name, version: "1.0.0" }, { capabilities: { tools: {} } });
  built.setRequestHandler(CallToolRequestSchema, (_request, extra) => answer(extra._meta, traceParentOf(extra)));
  return built;
}

async function connected(target: Server, upstream: string | undefined): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await target.connect(new TracedServerTransport(serverSide, { transport: "pipe" }));
  const client = new Client({ name: "explicit-parent-test", version: "1.0.0" });
  await client.connect(upstream === undefined ? clientSide : new TracedClientTransport(clientSide, { transport: "pipe", upstream }));
  return client;
}

function one(spans: ReceivedSpan[], predicate: (span: ReceivedSpan) => boolean, what: string): ReceivedSpan {
  const found = spans.filter(predicate);
  if (found.length !== 1) throw new Error(`${what}: ${found.length} spans match among ${JSON.stringify(spans.map((span) => [span.name, span.kind]))}`);
  return found[0] as ReceivedSpan;
}

describe("a span's parent, carried explicitly", () => {
  it("chains client → relay → upstream in one trace with no AsyncLocalStorage scope", async () => {
    const seenUpstream: Array<Record<string, unknown> | undefined> = [];
    const upstream = await connected(
      server("upstream", async (meta) => {
        seenUpstream.push(meta);
        return { content: [{ type: "text", text: "from upstream" }] };
      }),
      "up",
    );
    const relayTraces: Array<TraceParent | undefined> = [];
    const relay = await connected(
      server("relay", async (_meta, trace) => {
        relayTraces.push(trace);
        return (await upstream.callTool({ name: "echo", arguments: {}, ...(trace ? { _meta: { ...trace } } : {}) })) as CallToolResult;
      }),
      undefined,
    );
    const run = vi.spyOn(AsyncLocalStorage.prototype, "run");
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, "enterWith");
    const traceId = randomBytes(16).toString("hex");
    const callerSpanId = randomBytes(8).toString("hex");
    try {
      const result = await relay.callTool({ name: "relay_echo", arguments: {}, _meta: { traceparent: `00-${traceId}-${callerSpanId}-01`, baggage: "tenant=acme" } });
      expect(result.content).toEqual([{ type: "text", text: "from upstream" }]);
      expect(run).not.toHaveBeenCalled();
      expect(enterWith).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
      enterWith.mockRestore();
    }

    await expect.poll(() => receiver.spans.filter((span) => span.traceId === traceId).length).toBe(3);
    const trace = receiver.spans.filter((span) => span.traceId === traceId);
    const relayServer = one(trace, (span) => span.kind === SERVER_KIND && span.attributes["gen_ai.tool.name"] === "relay_echo", "the relay's server span");
    const relayClient = one(trace, (span) => span.kind === CLIENT_KIND, "the relay's client span");
    const upstreamServer = one(trace, (span) => span.kind === SERVER_KIND && span.attributes["gen_ai.tool.name"] === "echo", "the upstream's server span");
    expect(relayServer.parentSpanId).toBe(callerSpanId);
    expect(relayClient.parentSpanId).toBe(relayServer.spanId);
    expect(upstreamServer.parentSpanId).toBe(relayClient.spanId);
    expect(relayClient.name).toBe("tools/call echo");
    expect(relayClient.attributes["mcp.method.name"]).toBe("tools/call");
    // What the handler was given, and what reached the upstream in params._meta.
    expect(relayTraces).toEqual([{ traceparent: `00-${traceId}-${relayServer.spanId}-01`, baggage: "tenant=acme" }]);
    expect(seenUpstream).toEqual([{ traceparent: `00-${traceId}-${relayClient.spanId}-01`, baggage: "tenant=acme" }]);
    await Promise.all([relay.close(), upstream.close()]);
  });

  it("gives a request that was not measured no trace context", () => {
    expect(traceParentOf(undefined)).toBeUndefined();
    expect(traceParentOf({ requestInfo: { headers: {} } })).toBeUndefined();
    expect(traceParentOf({})).toBeUndefined();
  });
});
