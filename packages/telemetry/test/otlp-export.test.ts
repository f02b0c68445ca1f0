// Our own OTLP/HTTP exporter (issue 33: it replaced the OpenTelemetry SDK on the hot path) against
// a real HTTP receiver on 127.0.0.1 that keeps each request's path, headers and decoded JSON body:
// the configured headers arrive, a full queue drops spans and counts them on /metrics, a sampled-out
// parent is passed on with its flag off and nothing exported, and the duration histogram arrives
// cumulative with the convention's unit and bucket boundaries.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MetricsRegistry } from "../src/metrics-registry";
import { startOtlpExport } from "../src/otlp/otlp-bridge";
import { MCP_DURATION_BUCKETS_SECONDS, operationFacts } from "../src/semconv";
import { Telemetry } from "../src/telemetry";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: { resourceSpans?: Array<{ scopeSpans: Array<{ spans: Array<Record<string, unknown>> }> }>; resourceMetrics?: unknown[] };
}

let server: http.Server;
let endpoint: string;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Received["body"] });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const ON = { traces: true, metrics: true, metricExportIntervalMs: 60_000 };
const spansIn = (entries: Received[]) => entries.flatMap((entry) => entry.body.resourceSpans ?? []).flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));

function call(telemetry: Telemetry, id: number, meta?: Record<string, unknown>) {
  const facts = operationFacts({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", ...(meta ? { _meta: meta } : {}) } });
  if (!facts) throw new Error("not a request");
  return telemetry.startOperation("server", facts, { transport: "pipe" });
}

describe("the OTLP/HTTP exporter", () => {
  it("sends OTEL_EXPORTER_OTLP_HEADERS, drops spans past OTEL_BSP_MAX_QUEUE_SIZE and counts them", async () => {
    const metrics = new MetricsRegistry();
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_HEADERS: "x-collector-token=s3cret", OTEL_BSP_MAX_QUEUE_SIZE: "2", OTEL_BSP_MAX_EXPORT_BATCH_SIZE: "2", OTEL_SERVICE_NAME: "drop-test" };
    const telemetry = new Telemetry(startOtlpExport({ ...ON, metrics: false }, { name: "t", version: "1" }, env, metrics), metrics);
    for (let id = 1; id <= 5; id += 1) call(telemetry, id).end({});
    await telemetry.shutdown();
    const mine = received.filter((entry) => entry.headers["x-collector-token"] === "s3cret");
    expect(mine.map((entry) => entry.path)).toEqual(["/v1/traces"]);
    expect(spansIn(mine).map((span) => span.name)).toEqual(["tools/call echo", "tools/call echo"]);
    expect(metrics.get("foundry_otel_spans_dropped_total")?.valueOf()).toBe(3);
  });

  it("passes a sampled-out parent on with its flag off and exports no span for it", async () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "unsampled-test" };
    const telemetry = new Telemetry(startOtlpExport({ ...ON, metrics: false }, { name: "t", version: "1" }, env, new MetricsRegistry()));
    const traceId = "0af7651916cd43dd8448eb211c80319c";
    const operation = call(telemetry, 1, { traceparent: `00-${traceId}-b7ad6b7169203331-00`, baggage: "tenant=acme" });
    const passed = operation.traceParent();
    expect(passed?.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-00$`));
    expect(passed?.traceparent).not.toContain("b7ad6b7169203331");
    expect(passed?.baggage).toBe("tenant=acme");
    operation.end({});
    await telemetry.shutdown();
    expect(spansIn(received).filter((span) => span.traceId === traceId)).toEqual([]);
  });

  it("exports the duration histogram cumulative, in seconds, with the convention's boundaries", async () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "histogram-test" };
    const telemetry = new Telemetry(startOtlpExport({ ...ON, traces: false }, { name: "t", version: "1" }, env, new MetricsRegistry()));
    call(telemetry, 1).end({});
    call(telemetry, 2).end({ errorType: "-32602", statusCode: "-32602" });
    call(telemetry, 3).end({});
    await telemetry.shutdown();
    interface Point {
      count: string;
      bucketCounts: string[];
      explicitBounds: number[];
      attributes: Array<{ key: string; value: Record<string, unknown> }>;
    }
    interface MetricBody {
      name: string;
      unit: string;
      histogram: { aggregationTemporality: number; dataPoints: Point[] };
    }
    const metric = received
      .filter((entry) => entry.path === "/v1/metrics")
      .flatMap((entry) => entry.body.resourceMetrics as Array<{ scopeMetrics: Array<{ metrics: MetricBody[] }> }>)
      .flatMap((resource) => resource.scopeMetrics)
      .flatMap((scope) => scope.metrics)
      .find((candidate) => candidate.name === "mcp.server.operation.duration");
    expect(metric?.unit).toBe("s");
    expect(metric?.histogram.aggregationTemporality).toBe(2);
    const points = metric?.histogram.dataPoints ?? [];
    expect(points.map((point) => point.count)).toEqual(["2", "1"]);
    expect(points[0]?.explicitBounds).toEqual([...MCP_DURATION_BUCKETS_SECONDS]);
    expect(points[0]?.bucketCounts).toHaveLength(MCP_DURATION_BUCKETS_SECONDS.length + 1);
    expect(points[1]?.attributes).toContainEqual({ key: "error.type", value: { stringValue: "-32602" } });
  });
});
