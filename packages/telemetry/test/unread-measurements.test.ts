// Issue 33, "off costs nothing": a stdio server (foya serve without --http, foundry-server) has no
// /metrics, so with OTLP export off nothing could ever read a request's measurement. Such a process
// starts its telemetry with `localMetrics: false` and its requests are not measured at all; a
// process that serves /metrics (the default) still measures every request. Real SDK peers over the
// observers' library transports, in memory.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { registerProcessMetrics } from "../src/process-metrics";
import { MetricsRegistry } from "../src/metrics-registry";
import { startTelemetry, TracedClientTransport, TracedServerTransport, type Telemetry } from "../src/index";

const SERVICE = { name: "unread-test", version: "1.0.0" };
const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  // Leave a measuring telemetry behind for the files that run after this one in the same worker.
  await startTelemetry({ service: SERVICE, env: {} });
});

/** Calls one tool through a measured server and a measured client connection; returns the text /metrics would show. */
async function callAndRender(telemetry: Telemetry): Promise<string> {
  const server = new Server({ name: "echo", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: "text", text: "ok" }] }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(new TracedServerTransport(serverSide, { transport: "pipe" }));
  const client = new Client({ name: "unread-test", version: "1.0.0" });
  await client.connect(new TracedClientTransport(clientSide, { transport: "pipe", upstream: "echo" }));
  closers.push(() => client.close());
  const result = await client.callTool({ name: "say", arguments: {} });
  expect(result.content).toEqual([{ type: "text", text: "ok" }]);
  return telemetry.metrics.render();
}

describe("measurements nobody can read", () => {
  it("are not taken in a process without /metrics and without export (localMetrics: false)", async () => {
    const telemetry = await startTelemetry({ service: SERVICE, env: {}, localMetrics: false });
    expect(telemetry.measuring).toBe(false);
    const text = await callAndRender(telemetry);
    expect(text).not.toMatch(/^mcp_server_operation_duration_seconds_count/m);
    expect(text).not.toMatch(/^mcp_client_operation_duration_seconds_count/m);
  });

  it("are taken in a process that serves /metrics (the default), on both sides", async () => {
    const telemetry = await startTelemetry({ service: SERVICE, env: {} });
    expect(telemetry.measuring).toBe(true);
    const text = await callAndRender(telemetry);
    expect(text).toContain('mcp_server_operation_duration_seconds_count{mcp_method_name="tools/call",gen_ai_tool_name="say",error_type=""} 1\n');
    expect(text).toMatch(/^mcp_client_operation_duration_seconds_count\{mcp_method_name="tools\/call",gen_ai_tool_name="say",error_type="",upstream="echo"\} 1$/m);
  });
});

/** Keeps the event loop busy for `ms`: the delay the loop monitor is there to see. */
function blockLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

// The sampler records a blocked loop when its own timer next runs; a timer of ours due after it
// lets it run first.
const afterTheSamplersTimer = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 30));

describe("the event loop's delay on /metrics", () => {
  it("is sampled only from the first scrape on: a process nobody scrapes runs no sampler", async () => {
    const registry = new MetricsRegistry();
    registerProcessMetrics(registry);
    const delayOf = async (): Promise<number> => Number(/^nodejs_eventloop_delay_p99_seconds (\S+)$/m.exec(await registry.render())?.[1]);
    // Before any scrape the loop is blocked: no sampler runs yet, so the first scrape has seen nothing.
    blockLoop(120);
    await afterTheSamplersTimer();
    expect(await delayOf()).toBe(0);
    // From then on it samples: a blocked loop shows on a later scrape.
    await expect
      .poll(async () => {
        blockLoop(120);
        await afterTheSamplersTimer();
        return delayOf();
      })
      .toBeGreaterThan(0.05);
  });
});
