// Tool calls on /metrics by the kind of the tool they were about (read, write, paid, destructive:
// progressive's call outcome carries it), with labels whose values the gateway bounds: a called
// name is its own label only when it is a base tool or a catalog tool, every other name a client
// sends shares OTHER_TOOL_LABEL. The same rule labels mcp_server_operation_duration_seconds.
import { BASE_TOOL_NAMES, type CallOutcome } from "@foundry-mcp/progressive";
import { currentTelemetry, MCP_DURATION_BUCKETS_SECONDS, OTHER_TOOL_LABEL, type ToolLabeler } from "@foundry-mcp/telemetry";
import type { Gateway } from "./gateway";

/** The histogram of tool calls by entry point, tool kind and outcome. */
export const TOOL_CALL_METRIC = "amicited_tool_call_duration_seconds";

/** The tool_kind label of a call about a tool the catalog does not have. */
export const UNKNOWN_KIND_LABEL = "none";

const baseTools: ReadonlySet<string> = new Set(BASE_TOOL_NAMES);

/** The label of a called name: base and catalog tools by name, any other name OTHER_TOOL_LABEL. */
const toolLabelOf = (gateway: Gateway, name: string): string =>
  baseTools.has(name) || gateway.catalog.get(name) !== undefined ? name : OTHER_TOOL_LABEL;

/** Labels a called name: base and catalog tools by name, any other name OTHER_TOOL_LABEL. */
export function gatewayToolLabels(gateway: Gateway): ToolLabeler {
  return (name) => toolLabelOf(gateway, name);
}

/** Makes the gateway's rule the label rule of the process's MCP server measurements. */
export function labelGatewayTools(gateway: Gateway): void {
  currentTelemetry().labelToolsWith(gatewayToolLabels(gateway));
}

/** Records one tools/call: `name` as called, its outcome (kind and code) and its duration. */
export function recordToolCall(gateway: Gateway, name: string, outcome: CallOutcome, seconds: number): void {
  // define() returns the registered metric after the first call: one map lookup.
  const calls = currentTelemetry().metrics.histogram({
    name: TOOL_CALL_METRIC,
    help: "Tool calls from arrival to answer, by entry point (the called tool), the kind of the tool they were about and outcome (ok or the refusal's code).",
    buckets: MCP_DURATION_BUCKETS_SECONDS,
  });
  const entry = toolLabelOf(gateway, name);
  // A name the gateway does not serve keeps no kind and a code chosen by the gateway, never by the client.
  calls.observe({ entry, tool_kind: outcome.kind ?? UNKNOWN_KIND_LABEL, outcome: outcome.code }, seconds);
}
