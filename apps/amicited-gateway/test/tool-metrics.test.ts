// Tool calls on the gateway's /metrics by tool kind, with bounded labels (issue #33): a real
// `serve`, scraped from loopback and parsed as Prometheus text. amicited_tool_call_duration_seconds
// counts each call by entry point, the kind of the tool it was about (progressive's call outcome)
// and outcome; a tool name the gateway does not serve never becomes a label value of its own,
// there or in mcp_server_operation_duration_seconds, so 1,000 made-up names add one series.
import { describe, expect, it } from "vitest";
import { parsePrometheusText, sampleValue } from "../../../tooling/prometheus-text.mjs";
import { serveGateway } from "./support/gateway-process";

const served = serveGateway({ flags: () => ["--hourly-cap", "100000"] });
const scrape = () => fetch(served.gateway.url.replace(/\/mcp$/, "/metrics")).then((response) => response.text());

const toolCalls = (text: string, entry: string, kind: string, outcome: string): number =>
  sampleValue(text, "amicited_tool_call_duration_seconds_count", { entry, tool_kind: kind, outcome }) ?? 0;

/** The label sets of `name`'s _count lines whose labels include `fragment`. */
const seriesOf = (text: string, name: string, fragment: string): string[] =>
  text.split("\n").filter((line) => line.startsWith(`${name}_count{`) && line.includes(fragment));

describe("tool calls on /metrics", () => {
  it("counts calls by the kind of the tool they were about", async () => {
    const before = await scrape();
    const client = await served.open(served.tokens.demo!.readToken);
    await client.callTool({ name: "search_tools", arguments: { query: "domains" } });
    await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } });
    await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } });
    await client.callTool({ name: "run_tool", arguments: { name: "uptime_create_monitor", arguments: {} } });
    const after = await scrape();
    const histogram = parsePrometheusText(after).find((family) => family.name === "amicited_tool_call_duration_seconds");
    expect(histogram?.type).toBe("HISTOGRAM");
    expect(toolCalls(after, "read_tool", "read", "ok") - toolCalls(before, "read_tool", "read", "ok")).toBe(2);
    expect(toolCalls(after, "search_tools", "none", "ok") - toolCalls(before, "search_tools", "none", "ok")).toBe(1);
    // A read token may not run a write tool: counted under the tool's kind with the refusal's code.
    expect(toolCalls(after, "run_tool", "write", "SCOPE_DENIED") - toolCalls(before, "run_tool", "write", "SCOPE_DENIED")).toBe(1);
  });

  it("measures the rank the chosen tool had in the search that showed it (foundry_tool_search_choice_rank)", async () => {
    const client = await served.open(served.tokens.demo!.readToken);
    const ranks = (text: string, le: string) => sampleValue(text, "foundry_tool_search_choice_rank_bucket", { le }) ?? 0;
    const before = await scrape();
    const found = (await client.callTool({ name: "search_tools", arguments: { query: "list domains" } })) as { content: { text: string }[] };
    const names = (JSON.parse(found.content[0]!.text) as { results: { name: string }[] }).results.map((result) => result.name);
    expect(names[0]).toBe("list_domains");
    // The second hit described, the first read: one choice at rank 1, one at rank 2.
    await client.callTool({ name: "describe_tool", arguments: { name: names[1] } });
    await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } });
    const after = await scrape();
    expect(parsePrometheusText(after).find((family) => family.name === "foundry_tool_search_choice_rank")?.type).toBe("HISTOGRAM");
    expect(["1", "2", "+Inf"].map((le) => ranks(after, le) - ranks(before, le))).toEqual([1, 2, 2]);
  });

  it("labels 1,000 calls with distinct unknown tool names as one series, not 1,000", async () => {
    const client = await served.open(served.tokens.demo!.readToken);
    const before = await scrape();
    for (let index = 0; index < 1000; index += 1)
      await expect(client.callTool({ name: `made_up_tool_${index}`, arguments: {} })).rejects.toThrow(/Unknown tool: made_up_tool_/);
    const after = await scrape();

    const serverSeries = seriesOf(after, "mcp_server_operation_duration_seconds", 'mcp_method_name="tools/call"');
    expect(serverSeries.filter((line) => line.includes("made_up_tool_"))).toEqual([]);
    expect(serverSeries.length).toBeLessThan(10);
    const otherCount = (text: string) =>
      sampleValue(text, "mcp_server_operation_duration_seconds_count", { mcp_method_name: "tools/call", gen_ai_tool_name: "_other", error_type: "-32602" }) ?? 0;
    expect(otherCount(after) - otherCount(before)).toBe(1000);

    expect(seriesOf(after, "amicited_tool_call_duration_seconds", "made_up_tool_")).toEqual([]);
    expect(toolCalls(after, "_other", "none", "UNKNOWN_TOOL") - toolCalls(before, "_other", "none", "UNKNOWN_TOOL")).toBe(1000);
    expect(after).not.toContain("foundry_metrics_series_dropped_total{");
  }, 120_000);
});
