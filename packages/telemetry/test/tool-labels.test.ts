// The gen_ai_tool_name label stays bounded whatever names clients send: the default labeler keeps
// the first names it sees and folds the rest into OTHER_TOOL_LABEL; an app's labeler replaces it
// for the server side only (issue #33).
import { describe, expect, it } from "vitest";
import { firstSeenToolLabels, MAX_DEFAULT_TOOL_LABELS, operationFacts, OTHER_TOOL_LABEL, Telemetry } from "../src/index";

const call = (telemetry: Telemetry, side: "server" | "client", name: string) =>
  telemetry.startOperation(side, operationFacts({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name } })!, { transport: "pipe" }).end({});

const toolLabelsIn = async (telemetry: Telemetry, metric: string): Promise<Set<string>> => {
  const text = await telemetry.metrics.render();
  const labels = [...text.matchAll(new RegExp(`^${metric}_count\\{[^}]*gen_ai_tool_name="([^"]*)"`, "gm"))].map((match) => match[1]!);
  return new Set(labels);
};

describe("tool name labels", () => {
  it("keeps the first names and folds every later one into _other", () => {
    const label = firstSeenToolLabels(2);
    expect([label("a"), label("b"), label("c"), label("a"), label("x".repeat(129))]).toEqual(["a", "b", OTHER_TOOL_LABEL, "a", OTHER_TOOL_LABEL]);
  });

  it("gives 1,000 distinct names at most the default's number of series", async () => {
    const telemetry = new Telemetry();
    for (let index = 0; index < 1000; index += 1) call(telemetry, "server", `tool_${index}`);
    const labels = await toolLabelsIn(telemetry, "mcp_server_operation_duration_seconds");
    expect(labels.size).toBe(MAX_DEFAULT_TOOL_LABELS + 1);
    expect(labels.has(OTHER_TOOL_LABEL)).toBe(true);
  });

  it("uses the app's labeler for the server side and leaves the client side's alone", async () => {
    const telemetry = new Telemetry();
    telemetry.labelToolsWith((name) => (name === "search_tools" ? name : OTHER_TOOL_LABEL));
    for (const name of ["search_tools", "made_up", "other_made_up"]) {
      call(telemetry, "server", name);
      call(telemetry, "client", name);
    }
    expect(await toolLabelsIn(telemetry, "mcp_server_operation_duration_seconds")).toEqual(new Set(["search_tools", OTHER_TOOL_LABEL]));
    expect(await toolLabelsIn(telemetry, "mcp_client_operation_duration_seconds")).toEqual(new Set(["search_tools", "made_up", "other_made_up"]));
  });
});
