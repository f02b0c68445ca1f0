// Spans are encoded the moment they end and wait for export as bytes in reused chunks (decision
// 0022): what a collector receives must be exactly the spans that ended, batch after batch, with
// OTEL_BSP_MAX_EXPORT_BATCH_SIZE respected, chunks reused between batches without mixing their
// bytes, and a span bigger than a chunk (a long error message) intact. A process with no /metrics
// (foya serve on stdio) that exports keeps no /metrics series nobody could read. Real OTLP/HTTP
// receiver on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type OtlpReceiver } from "../../../tooling/otlp-receiver.mjs";
import { MetricsRegistry } from "../src/metrics-registry";
import { startOtlpExport } from "../src/otlp/otlp-bridge";
import { operationFacts } from "../src/semconv";
import { startTelemetry, Telemetry } from "../src/telemetry";

let receiver: OtlpReceiver;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

const TRACES_ONLY = { traces: true, metrics: false, metricExportIntervalMs: 60_000 };

function call(telemetry: Telemetry, id: number, tool: string) {
  const facts = operationFacts({ jsonrpc: "2.0", id, method: "tools/call", params: { name: tool } });
  if (!facts) throw new Error("not a request");
  return telemetry.startOperation("server", facts, { transport: "pipe" });
}

describe("spans kept as bytes until export", () => {
  it("arrive exactly as they ended, over many batches of at most OTEL_BSP_MAX_EXPORT_BATCH_SIZE", async () => {
    const service = "batches-test";
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: service, OTEL_BSP_MAX_EXPORT_BATCH_SIZE: "150", OTEL_BSP_MAX_QUEUE_SIZE: "2048", OTEL_BSP_SCHEDULE_DELAY: "10" };
    const telemetry = new Telemetry(startOtlpExport(TRACES_ONLY, { name: "t", version: "1" }, env, new MetricsRegistry()));
    // Enough spans to fill several 64 KiB chunks, so chunks freed by one batch are written again by the next.
    const tools = Array.from({ length: 700 }, (_, index) => `tool_${index}_${"é".repeat(index % 7)}`);
    for (const [index, tool] of tools.entries()) call(telemetry, index, tool).end(index % 100 === 0 ? { errorType: "tool_error", message: `failed "${index}"` } : {});
    await telemetry.shutdown();
    const spans = receiver.spans.filter((span) => span.service === service);
    expect(spans.map((span) => span.attributes["gen_ai.tool.name"])).toEqual(tools);
    expect(spans.filter((span) => span.status.code === 2).map((span) => span.status.message)).toEqual(tools.filter((_, index) => index % 100 === 0).map((_, n) => `failed "${n * 100}"`));
    expect(receiver.rejected).toEqual([]);
  });

  it("sends a span larger than a chunk whole", async () => {
    const service = "big-span-test";
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: service };
    const telemetry = new Telemetry(startOtlpExport(TRACES_ONLY, { name: "t", version: "1" }, env, new MetricsRegistry()));
    const message = `upstream said: ${"x€".repeat(50_000)}`;
    call(telemetry, 1, "small").end({});
    call(telemetry, 2, "big").end({ errorType: "tool_error", message });
    call(telemetry, 3, "after").end({});
    await telemetry.shutdown();
    const spans = receiver.spans.filter((span) => span.service === service);
    expect(spans.map((span) => span.attributes["gen_ai.tool.name"])).toEqual(["small", "big", "after"]);
    expect(spans[1]?.status.message).toBe(message);
  });
});

describe("a process without /metrics that exports (localMetrics: false)", () => {
  it("exports its spans and keeps no /metrics series, which nothing could read", async () => {
    const service = "no-local-metrics-test";
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_METRICS_EXPORTER: "none", OTEL_SERVICE_NAME: service };
    const telemetry = await startTelemetry({ service: { name: service, version: "1" }, env, localMetrics: false });
    expect(telemetry.measuring).toBe(true);
    call(telemetry, 1, "echo").end({});
    call(telemetry, 2, "echo").end({ errorType: "-32602", refusalCode: "-32602" });
    await telemetry.shutdown();
    expect(receiver.spans.filter((span) => span.service === service)).toHaveLength(2);
    const text = await telemetry.metrics.render();
    expect(text).not.toMatch(/^mcp_server_operation_duration_seconds_count/m);
    expect(text).not.toMatch(/^mcp_server_refusals_total\{/m);
    // Leave a measuring telemetry behind for the files that run after this one in the same worker.
    await startTelemetry({ service: { name: service, version: "1" }, env: {} });
  });
});
