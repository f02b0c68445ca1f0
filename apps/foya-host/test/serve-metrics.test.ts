// `foya serve --http`'s /metrics, from a loopback scraper, parsed with a Prometheus text-format
// parser: the requests served (by method and tool), the upstream calls by server, the refusals by
// code, the open sessions and the process metrics. Two processes make the same calls, one with
// OpenTelemetry off (no OTEL_* variable) and one exporting to a real OTLP/HTTP receiver: /metrics
// shows the same families and series in both (the measurement is one observer, whether a span is
// made or not: docs/decisions/0019), and with export off the client's traceparent is not passed
// on to the upstream, as before telemetry existed.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type OtlpReceiver } from "../../../tooling/otlp-receiver.mjs";
import { parsePrometheusText, sampleValue, seriesOutline } from "../../../tooling/prometheus-text.mjs";
import { FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { eventually, textOf } from "./support/serve-client";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__");
const FORWARDING = path.join(FIXTURES, "forwarding-server.mjs");
const META_ECHO = path.join(FIXTURES, "meta-echo-server.mjs");

interface Served {
  process: ChildProcess;
  url: string;
  client: Client;
}

let receiver: OtlpReceiver;
let off: Served;
let on: Served;

async function serve(name: string, otel: Record<string, string>): Promise<Served> {
  const home = temporaryFolder(`serve-metrics-${name}`);
  expect(runFoya(home, ["mcp", "add", "fw", "--", process.execPath, FORWARDING, temporaryFolder("serve-metrics-fw")]).status).toBe(0);
  expect(runFoya(home, ["mcp", "add", "meta", "--", process.execPath, META_ECHO]).status).toBe(0);
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("OTEL_")));
  const child = spawn(process.execPath, [FOYA, "serve", "--http", "--port", "0"], { env: { ...env, ...otel, FOYA_HOME: home }, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr?.resume();
  const endpoint = path.join(home, "serve.json");
  await eventually(() => fs.existsSync(endpoint), 30_000, "serve.json");
  const url = (JSON.parse(fs.readFileSync(endpoint, "utf8")) as { url: string }).url;
  const token = fs.readFileSync(path.join(home, "serve-token"), "utf8").trim();
  const client = new Client({ name: "metrics-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  // The same calls on both: the upstreams' tools listed, two calls, one refusal.
  await eventually(async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    return names.includes("mcp__fw__progress") && names.includes("mcp__meta__meta");
  }, 20_000, "the upstreams' tools");
  await client.callTool({ name: "mcp__fw__progress", arguments: { steps: 1 } });
  await client.callTool({ name: "mcp__fw__progress", arguments: { steps: 1 } });
  await expect(client.callTool({ name: "mcp__fw__missing", arguments: {} })).rejects.toThrow();
  return { process: child, url, client };
}

const scrape = async (served: Served): Promise<string> => {
  const response = await fetch(served.url.replace(/\/mcp$/, "/metrics"));
  expect(response.status).toBe(200);
  return response.text();
};

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  [off, on] = await Promise.all([serve("off", {}), serve("on", { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "50" })]);
});
afterAll(async () => {
  for (const served of [off, on]) {
    await served?.client.close().catch(() => undefined);
    if (served?.process.exitCode === null) served.process.kill("SIGKILL");
  }
  await receiver?.close();
  removeTemporaryFolders();
});

describe("foya serve --http /metrics", () => {
  it("counts served requests, upstream calls and refusals, with the live sessions", async () => {
    const text = await scrape(off);
    const families = parsePrometheusText(text);
    expect(families.find((family) => family.name === "mcp_server_operation_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(families.find((family) => family.name === "mcp_client_operation_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(families.find((family) => family.name === "foya_http_sessions_open")?.metrics).toEqual([{ value: "1" }]);
    expect(families.find((family) => family.name === "mcp_server_refusals_total")?.metrics).toContainEqual({ value: "1", labels: { code: "-32602" } });
    expect(families.find((family) => family.name === "process_cpu_seconds_total")?.type).toBe("COUNTER");

    expect(sampleValue(text, "mcp_server_operation_duration_seconds_count", { mcp_method_name: "tools/call", gen_ai_tool_name: "mcp__fw__progress", error_type: "" })).toBe(2);
    expect(sampleValue(text, "mcp_client_operation_duration_seconds_count", { mcp_method_name: "tools/call", gen_ai_tool_name: "progress", error_type: "", upstream: "fw" })).toBe(2);
  });

  it("shows the same families and series with OTLP export on as off, and the export's own counters only when on", async () => {
    // Before the calls below: both processes have made the same calls (beforeAll).
    const offText = await scrape(off);
    const onText = await scrape(on);
    const measured = (name: string) => !/^(process_|nodejs_|foundry_otel_)/.test(name);
    expect(seriesOutline(onText, measured)).toEqual(seriesOutline(offText, measured));
    expect(seriesOutline(offText, measured)).toContain('mcp_client_operation_duration_seconds_bucket{mcp_method_name="tools/call",gen_ai_tool_name="progress",error_type="",upstream="fw",le="0.01"}');
    expect(seriesOutline(offText, measured)).toContain('mcp_server_operation_duration_seconds_sum{mcp_method_name="initialize",gen_ai_tool_name="",error_type=""}');
    expect(seriesOutline(offText, measured)).toContain('mcp_server_refusals_total{code="-32602"}');
    const offFamilies = parsePrometheusText(offText);
    const onFamilies = parsePrometheusText(onText);
    // With export off nothing of the exporter exists: no span queue to drop from, no export to fail.
    expect(offFamilies.filter((family) => family.name.startsWith("foundry_otel_")).map((family) => family.name)).toEqual([]);
    expect(onFamilies.filter((family) => family.name.startsWith("foundry_otel_")).map((family) => family.name).sort()).toEqual(["foundry_otel_export_failures_total", "foundry_otel_spans_dropped_total"]);
  });

  it("with export off passes no trace context to the upstream; with export on, its own client span's", async () => {
    const traceId = randomBytes(16).toString("hex");
    const traceparent = `00-${traceId}-${randomBytes(8).toString("hex")}-01`;
    const offAnswer = await off.client.callTool({ name: "mcp__meta__meta", arguments: {}, _meta: { traceparent } });
    // As before telemetry existed: the relay takes no part in the trace and the upstream call carries none.
    expect(JSON.parse(textOf(offAnswer))).toEqual({});
    const onAnswer = await on.client.callTool({ name: "mcp__meta__meta", arguments: {}, _meta: { traceparent } });
    const passed = (JSON.parse(textOf(onAnswer)) as { traceparent?: string }).traceparent;
    expect(passed).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    expect(passed).not.toBe(traceparent);
    await expect.poll(() => receiver.spans.some((span) => span.traceId === traceId && span.service === "foya")).toBe(true);
  });

  it("leaves /mcp behind its token while /metrics needs none from loopback", async () => {
    expect((await fetch(off.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(401);
    expect((await fetch(off.url.replace(/\/mcp$/, "/metrics"))).status).toBe(200);
  });
});
