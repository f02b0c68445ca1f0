// The OTLP duration histograms' series, as a collector receives them (a real OTLP/HTTP receiver on
// 127.0.0.1): one data point per attribute set, with exactly the convention's low-cardinality
// attributes in their order (never the request id, session id or resource URI), the tool as its
// metric label, the unit "s", and past the bound of 2000 attribute sets a new one dropped and
// counted. Pins what the series lookup (src/series-tree.ts) must keep as it was (issue 33).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedMetric } from "../../../tooling/otlp-receiver.mjs";
import { MetricsRegistry } from "../src/metrics-registry";
import { startOtlpExport } from "../src/otlp/otlp-bridge";
import { operationFacts, type OperationOutcome } from "../src/semconv";
import { Telemetry, type OperationContext, type OperationSide } from "../src/telemetry";
import { firstSeenToolLabels, OTHER_TOOL_LABEL } from "../src/tool-labels";

let receiver: OtlpReceiver;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
});

afterAll(async () => {
  await receiver.close();
});

const METRICS_ONLY = { traces: false, metrics: true, metricExportIntervalMs: 60_000 };

function exporting(service: string, metrics = new MetricsRegistry()): Telemetry {
  const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: service };
  return new Telemetry(startOtlpExport(METRICS_ONLY, { name: "t", version: "1" }, env, metrics), metrics);
}

let nextId = 1;
function measure(telemetry: Telemetry, side: OperationSide, message: Record<string, unknown>, context: OperationContext, outcome: OperationOutcome = {}): void {
  const facts = operationFacts({ jsonrpc: "2.0", id: nextId++, ...message });
  if (!facts) throw new Error("not a request");
  telemetry.startOperation(side, facts, context).end(outcome);
}

/** The named histogram's data points `service` exported, as [attributes, count] in the order sent. */
function pointsOf(service: string, name: string): Array<[Record<string, unknown>, number]> {
  const metric = receiver.metrics.filter((candidate: ReceivedMetric) => candidate.service === service && candidate.name === name).at(-1);
  expect(metric?.unit).toBe("s");
  expect(metric?.type).toBe("histogram");
  return (metric?.points ?? []).map((point) => [point.attributes, Number(point.count)]);
}

describe("the OTLP duration histograms' series", () => {
  it("keep one point per attribute set with exactly the convention's attributes, in order", async () => {
    const telemetry = exporting("series-attributes");
    telemetry.labelToolsWith(firstSeenToolLabels(1));
    const stdio: OperationContext = { transport: "pipe", sessionId: "s-1", protocolVersion: "2025-06-18" };
    for (let call = 0; call < 3; call += 1) measure(telemetry, "server", { method: "tools/call", params: { name: "echo", arguments: {} } }, stdio);
    measure(telemetry, "server", { method: "tools/call", params: { name: "sum" } }, stdio);
    measure(telemetry, "server", { method: "tools/call", params: { name: "echo" } }, stdio, { errorType: "-32602", statusCode: "-32602", message: "bad" });
    measure(telemetry, "server", { method: "tools/call", params: { name: "echo" } }, stdio, { errorType: "tool_error", message: "failed" });
    measure(telemetry, "server", { method: "prompts/get", params: { name: "greet" } }, { transport: "tcp" });
    measure(telemetry, "server", { method: "resources/read", params: { uri: "file:///a", _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } }, { transport: "tcp", sessionId: "s-2" });
    measure(telemetry, "client", { method: "tools/call", params: { name: "echo" } }, { transport: "pipe", upstream: "ev", protocolVersion: "2025-11-25" });
    measure(telemetry, "client", { method: "tools/call", params: { name: "echo" } }, { transport: "pipe", upstream: "other", protocolVersion: "2025-11-25" });
    await telemetry.shutdown();

    const server = pointsOf("series-attributes", "mcp.server.operation.duration");
    const asEntries = server.map(([attributes, count]) => [Object.entries(attributes), count]);
    expect(asEntries).toEqual([
      [[["mcp.method.name", "tools/call"], ["network.transport", "pipe"], ["gen_ai.tool.name", "echo"], ["gen_ai.operation.name", "execute_tool"], ["mcp.protocol.version", "2025-06-18"]], 3],
      // A tool past the labeler's first one gets OTHER_TOOL_LABEL (the metric label, not the name sent).
      [[["mcp.method.name", "tools/call"], ["network.transport", "pipe"], ["gen_ai.tool.name", OTHER_TOOL_LABEL], ["gen_ai.operation.name", "execute_tool"], ["mcp.protocol.version", "2025-06-18"]], 1],
      [[["mcp.method.name", "tools/call"], ["network.transport", "pipe"], ["gen_ai.tool.name", "echo"], ["gen_ai.operation.name", "execute_tool"], ["mcp.protocol.version", "2025-06-18"], ["error.type", "-32602"], ["rpc.response.status_code", "-32602"]], 1],
      [[["mcp.method.name", "tools/call"], ["network.transport", "pipe"], ["gen_ai.tool.name", "echo"], ["gen_ai.operation.name", "execute_tool"], ["mcp.protocol.version", "2025-06-18"], ["error.type", "tool_error"]], 1],
      [[["mcp.method.name", "prompts/get"], ["network.transport", "tcp"], ["network.protocol.name", "http"], ["gen_ai.prompt.name", "greet"]], 1],
      [[["mcp.method.name", "resources/read"], ["network.transport", "tcp"], ["network.protocol.name", "http"], ["mcp.protocol.version", "2026-07-28"]], 1],
    ]);
    // The client side: the upstream is a Prometheus label only, so both upstreams share one point.
    expect(pointsOf("series-attributes", "mcp.client.operation.duration")).toEqual([
      [{ "mcp.method.name": "tools/call", "network.transport": "pipe", "gen_ai.tool.name": "echo", "gen_ai.operation.name": "execute_tool", "mcp.protocol.version": "2025-11-25" }, 2],
    ]);
  });

  it("drops an attribute set past 2000 and counts it, while known sets go on recording", async () => {
    const metrics = new MetricsRegistry();
    const telemetry = exporting("series-bound", metrics);
    const context: OperationContext = { transport: "pipe" };
    measure(telemetry, "server", { method: "tools/list" }, context);
    for (let index = 0; index < 2100; index += 1) measure(telemetry, "server", { method: `made/up/${index}` }, context);
    measure(telemetry, "server", { method: "tools/list" }, context);
    await telemetry.shutdown();
    const points = pointsOf("series-bound", "mcp.server.operation.duration");
    expect(points).toHaveLength(2000);
    expect(points[0]).toEqual([{ "mcp.method.name": "tools/list", "network.transport": "pipe" }, 2]);
    expect(points.at(-1)?.[0]).toEqual({ "mcp.method.name": "made/up/1998", "network.transport": "pipe" });
    expect(await metrics.render()).toContain('foundry_metrics_series_dropped_total{metric="mcp.server.operation.duration"} 101');
  });
});
