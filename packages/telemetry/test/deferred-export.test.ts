// Foya's relay cost with export on (issue #33): ending a span (and, every 512 spans, the batch
// processor's serialisation) and recording the OTLP histogram used to run before the answer was
// written, on the caller's latency. They now run after the current callback, with the end time
// taken when the operation ended. The bridge here records what the SDK would be asked to do.
import { describe, expect, it } from "vitest";
import type { OtelBridge } from "../src/otel-sdk";
import { MAX_DEFERRED_WORK } from "../src/deferred-work";
import { operationFacts, Telemetry } from "../src/index";

function recordingBridge() {
  const events: string[] = [];
  const endTimes: number[] = [];
  const bridge: OtelBridge = {
    startSpan: () => ({
      run: (fn) => fn(),
      inject: () => undefined,
      end: (attributes, _message, endedAt) => {
        events.push(`span end ${JSON.stringify(attributes)}`);
        endTimes.push(endedAt);
      },
    }),
    recordDuration: (side, _seconds, attributes) => events.push(`${side} duration ${String(attributes["mcp.method.name"])}`),
    shutdown: async () => undefined,
  };
  return { bridge, events, endTimes };
}

const facts = (id: number) => operationFacts({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo" } })!;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("span ends off the answer's path", () => {
  it("ends the span and records the histogram after the current callback, with the end time taken at end()", async () => {
    const { bridge, events, endTimes } = recordingBridge();
    const telemetry = new Telemetry(bridge);
    const operation = telemetry.startOperation("server", facts(1), { transport: "pipe" });
    const before = performance.now();
    operation.end({ errorType: "tool_error" });
    const after = performance.now();
    events.push("answer written");
    await nextTurn();
    expect(events).toEqual(["answer written", 'span end {"error.type":"tool_error"}', "server duration tools/call"]);
    expect(endTimes[0]).toBeGreaterThanOrEqual(before);
    expect(endTimes[0]).toBeLessThanOrEqual(after);
    // The in-process /metrics histogram is counted at once (a scrape right after sees the call).
    expect(await telemetry.metrics.render()).toContain('mcp_server_operation_duration_seconds_count{mcp_method_name="tools/call",gen_ai_tool_name="echo",error_type="tool_error"} 1');
  });

  it("runs the waiting work on shutdown, so nothing ended is lost", async () => {
    const { bridge, events } = recordingBridge();
    const telemetry = new Telemetry(bridge);
    telemetry.startOperation("client", facts(2), { transport: "pipe", upstream: "ev0" }).end({});
    await telemetry.shutdown();
    expect(events).toEqual(["span end {}", "client duration tools/call"]);
  });

  it(`runs the work at once past ${MAX_DEFERRED_WORK} waiting operations`, () => {
    const { bridge, events } = recordingBridge();
    const telemetry = new Telemetry(bridge);
    for (let id = 0; id <= MAX_DEFERRED_WORK; id += 1) telemetry.startOperation("server", facts(id), { transport: "pipe" }).end({});
    expect(events).toEqual(["span end {}", "server duration tools/call"]);
  });
});
