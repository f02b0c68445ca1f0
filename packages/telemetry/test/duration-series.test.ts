// The duration histograms' series cache (src/duration-series.ts) is bounded: methods are whatever
// a client sends, so past its bound a label set is recorded without being kept, and the registry's
// own series bound still drops (and counts) what is over it.
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_SERIES_PER_METRIC, operationFacts as factsOf, Telemetry } from "../src/index";

const operationFacts = (method: string) => factsOf({ jsonrpc: "2.0", id: 1, method });

/** The value of the sample line starting with `series ` (name and labels as rendered), or undefined. */
function sampleValueOf(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("duration series", () => {
  it("records the same label set in one series, client side by upstream", async () => {
    const telemetry = new Telemetry();
    for (const upstream of ["a", "a", "b"]) telemetry.startOperation("client", operationFacts("tools/list")!, { transport: "pipe", upstream }).end({});
    telemetry.startOperation("server", operationFacts("tools/list")!, { transport: "pipe" }).end({ errorType: "-32601" });
    const text = await telemetry.metrics.render();
    expect(sampleValueOf(text, 'mcp_client_operation_duration_seconds_count{mcp_method_name="tools/list",gen_ai_tool_name="",error_type="",upstream="a"}')).toBe(2);
    expect(sampleValueOf(text, 'mcp_client_operation_duration_seconds_count{mcp_method_name="tools/list",gen_ai_tool_name="",error_type="",upstream="b"}')).toBe(1);
    expect(sampleValueOf(text, 'mcp_server_operation_duration_seconds_count{mcp_method_name="tools/list",gen_ai_tool_name="",error_type="-32601"}')).toBe(1);
  });

  it("keeps recording known label sets after clients sent more methods than the cache and the registry hold", async () => {
    const telemetry = new Telemetry();
    const serve = (method: string) => telemetry.startOperation("server", operationFacts(method)!, { transport: "pipe" }).end({});
    serve("tools/list");
    for (let index = 0; index < 10_000; index += 1) serve(`made/up/${index}`);
    serve("tools/list");
    const text = await telemetry.metrics.render();
    expect(sampleValueOf(text, 'mcp_server_operation_duration_seconds_count{mcp_method_name="tools/list",gen_ai_tool_name="",error_type=""}')).toBe(2);
    expect(text.match(/^mcp_server_operation_duration_seconds_count\{/gm)?.length).toBe(DEFAULT_MAX_SERIES_PER_METRIC);
    expect(sampleValueOf(text, 'foundry_metrics_series_dropped_total{metric="mcp_server_operation_duration_seconds"}')).toBe(10_001 - DEFAULT_MAX_SERIES_PER_METRIC);
  });
});
