// The gateway's telemetry with real processes: `serve` over HTTP with --upstreams naming
// foundry-server, both exporting to one real OTLP/HTTP receiver on 127.0.0.1. A run_tool call that
// carries a traceparent in params._meta is one trace: the gateway's server span (the client's
// child), its client span to the upstream, and foundry-server's server span under it. Then
// /metrics, scraped from loopback and parsed with a Prometheus text-format parser, shows the
// same calls, the refusals by code, the store-backed gauges and the process metrics. A second
// gateway with OpenTelemetry off, given the same calls, shows the same series on /metrics
// (docs/decisions/0019: one observer measures, whether a span is made or not).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../../../tooling/otlp-receiver.mjs";
import { parsePrometheusText, sampleValue, seriesOutline, type MetricFamily } from "../../../tooling/prometheus-text.mjs";
import { serveGateway, textOf, trackResources } from "./support/gateway-process";

const FOUNDRY_SERVER = fileURLToPath(new URL("../../foundry-server/dist/server.mjs", import.meta.url));
const SERVER_KIND = 2;
const CLIENT_KIND = 3;

// Tracked before the two gateways, so it closes after they have stopped (and exported).
const resources = trackResources("all");
let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = resources.closing(await startOtlpReceiver());
});

const otelEnv = (): Record<string, string> => ({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "50", OTEL_METRIC_EXPORT_INTERVAL: "200" });

const upstreams =
  (env: () => Record<string, string>) =>
  (dir: string): string[] => {
    const root = path.join(dir, "foundry-root");
    fs.mkdirSync(root);
    const file = path.join(dir, "mcp.json");
    fs.writeFileSync(file, JSON.stringify({ servers: { fdn: { transport: "stdio", command: process.execPath, args: [FOUNDRY_SERVER, "--root", root], env: env() } } }));
    return ["--upstreams", file];
  };
const served = serveGateway({ env: otelEnv, flags: upstreams(otelEnv) });
// OpenTelemetry off: no OTEL_* variable (the test's own environment has none).
const servedOff = serveGateway({ flags: upstreams(() => ({})) });

async function scrape(): Promise<MetricFamily[]> {
  const response = await fetch(served.gateway.url.replace(/\/mcp$/, "/metrics"));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parsePrometheusText(await response.text());
}

function family(families: MetricFamily[], name: string): MetricFamily {
  const found = families.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name} among ${families.map((candidate) => candidate.name).join(", ")}`);
  return found;
}

function one(spans: ReceivedSpan[], predicate: (span: ReceivedSpan) => boolean, what: string): ReceivedSpan {
  const found = spans.filter(predicate);
  if (found.length !== 1) throw new Error(`${what}: ${found.length} spans match among ${JSON.stringify(spans.map((span) => [span.service, span.name, span.kind]))}`);
  return found[0] as ReceivedSpan;
}

describe("gateway telemetry", () => {
  it("exports one trace from the client through the gateway to its --upstreams server", async () => {
    const client = await served.open(served.tokens.demo!.writeToken, "fdn");
    const traceId = randomBytes(16).toString("hex");
    const callerSpanId = randomBytes(8).toString("hex");
    const result = await client.callTool({
      name: "run_tool",
      arguments: { name: "fdn_memory_search", arguments: { query: "nothing stored" } },
      _meta: { traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(result.isError, textOf(result)).not.toBe(true);

    await expect.poll(() => receiver.spans.filter((span) => span.traceId === traceId).length).toBeGreaterThanOrEqual(3);
    const trace = receiver.spans.filter((span) => span.traceId === traceId);
    const gatewayServer = one(trace, (span) => span.service === "amicited-gateway" && span.kind === SERVER_KIND, "the gateway's server span");
    const gatewayClient = one(trace, (span) => span.service === "amicited-gateway" && span.kind === CLIENT_KIND, "the gateway's client span");
    const upstream = one(trace, (span) => span.service === "foundry-server" && span.kind === SERVER_KIND, "foundry-server's server span");
    expect(gatewayServer.parentSpanId).toBe(callerSpanId);
    expect(gatewayClient.parentSpanId).toBe(gatewayServer.spanId);
    expect(upstream.parentSpanId).toBe(gatewayClient.spanId);

    expect(gatewayServer.name).toBe("tools/call run_tool");
    expect(gatewayServer.attributes).toMatchObject({
      "mcp.method.name": "tools/call",
      "gen_ai.tool.name": "run_tool",
      "gen_ai.operation.name": "execute_tool",
      "network.transport": "tcp",
      "network.protocol.name": "http",
    });
    expect(gatewayServer.attributes["mcp.session.id"]).toMatch(/\S/);
    expect(gatewayServer.attributes["mcp.protocol.version"]).toBe("2025-11-25");
    expect(gatewayClient.name).toBe("tools/call memory_search");
    expect(upstream.attributes).toMatchObject({ "mcp.method.name": "tools/call", "gen_ai.tool.name": "memory_search", "network.transport": "pipe" });
    expect(receiver.rejected).toEqual([]);
  });

  it("serves /metrics to a loopback scraper in the Prometheus text format", async () => {
    const client = await served.open(served.tokens.demo!.readToken);
    await client.callTool({ name: "search_tools", arguments: { query: "invoice" } });
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow();
    const families = await scrape();

    const durations = family(families, "mcp_server_operation_duration_seconds");
    expect(durations.type).toBe("HISTOGRAM");
    const bounds = Object.keys(durations.metrics[0]?.buckets ?? {}).map((bound) => (bound === "+Inf" ? Number.POSITIVE_INFINITY : Number(bound)));
    expect(bounds.sort((a, b) => a - b)).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, Number.POSITIVE_INFINITY]);
    expect(family(families, "mcp_client_operation_duration_seconds").type).toBe("HISTOGRAM");
    const refusals = family(families, "mcp_server_refusals_total");
    expect(refusals.type).toBe("COUNTER");
    expect(refusals.metrics.find((metric) => metric.labels?.code === "-32602")?.value).toBe("1");
    const sessions = family(families, "amicited_sessions_open");
    expect(sessions.type).toBe("GAUGE");
    expect(Number(sessions.metrics[0]?.value)).toBeGreaterThanOrEqual(2);
    expect(family(families, "amicited_quota_used").metrics.find((metric) => metric.labels?.workspace === "demo")?.value).toMatch(/^[1-9]\d*$/);
    expect(family(families, "amicited_quota_hourly_cap").metrics[0]?.value).toBe("1000");
    expect(family(families, "amicited_store_query_duration_seconds").type).toBe("HISTOGRAM");
    expect(Number(family(families, "process_resident_memory_bytes").metrics[0]?.value)).toBeGreaterThan(0);
    expect(family(families, "process_cpu_seconds_total").type).toBe("COUNTER");
  });

  it("counts each call by method and tool in mcp_server_operation_duration_seconds_count", async () => {
    const before = await fetch(served.gateway.url.replace(/\/mcp$/, "/metrics")).then((response) => response.text());
    const countOf = (text: string): number =>
      sampleValue(text, "mcp_server_operation_duration_seconds_count", { mcp_method_name: "tools/call", gen_ai_tool_name: "search_tools", error_type: "" }) ?? 0;
    const client = await served.open(served.tokens.demo!.readToken);
    await client.callTool({ name: "search_tools", arguments: { query: "uptime" } });
    await client.callTool({ name: "search_tools", arguments: { query: "orders" } });
    const after = await fetch(served.gateway.url.replace(/\/mcp$/, "/metrics")).then((response) => response.text());
    expect(countOf(after) - countOf(before)).toBe(2);
  });

  it("shows the same series on /metrics with OpenTelemetry off as on, after the same calls", async () => {
    // The calls the tests above made on the exporting gateway, made again on the other.
    const upstream = await servedOff.open(servedOff.tokens.demo!.writeToken, "fdn");
    const called = await upstream.callTool({ name: "run_tool", arguments: { name: "fdn_memory_search", arguments: { query: "nothing stored" } }, _meta: { traceparent: `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-01` } });
    expect(called.isError, textOf(called)).not.toBe(true);
    const reader = await servedOff.open(servedOff.tokens.demo!.readToken);
    await reader.callTool({ name: "search_tools", arguments: { query: "invoice" } });
    await expect(reader.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow();
    const again = await servedOff.open(servedOff.tokens.demo!.readToken);
    await again.callTool({ name: "search_tools", arguments: { query: "uptime" } });
    await again.callTool({ name: "search_tools", arguments: { query: "orders" } });

    const metricsOf = (gateway: typeof served) => fetch(gateway.gateway.url.replace(/\/mcp$/, "/metrics")).then((response) => response.text());
    const measured = (name: string) => name.startsWith("mcp_") || name === "amicited_tool_call_duration_seconds";
    const offOutline = seriesOutline(await metricsOf(servedOff), measured);
    expect(seriesOutline(await metricsOf(served), measured)).toEqual(offOutline);
    expect(offOutline).toContain('mcp_client_operation_duration_seconds_count{mcp_method_name="tools/call",gen_ai_tool_name="memory_search",error_type="",upstream="fdn"}');
    expect(offOutline).toContain('mcp_server_operation_duration_seconds_count{mcp_method_name="tools/call",gen_ai_tool_name="run_tool",error_type=""}');
    expect(offOutline).toContain('mcp_server_refusals_total{code="-32602"}');
    expect(parsePrometheusText(await metricsOf(servedOff)).filter((candidate) => candidate.name.startsWith("foundry_otel_"))).toEqual([]);
  });

  it("answers other methods on /metrics with 405", async () => {
    const response = await fetch(served.gateway.url.replace(/\/mcp$/, "/metrics"), { method: "POST" });
    expect(response.status).toBe(405);
    expect(await response.text()).toBe("Method Not Allowed: /metrics answers GET.\n");
  });
});
