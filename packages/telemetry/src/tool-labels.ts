// The gen_ai.tool.name a metric carries. A tools/call names whatever the client sends, so the
// raw name would let any client grow the label set without end (one series per made-up name).
// An app that knows its tools sets a labeler (Telemetry.labelToolsWith) mapping every name it
// does not serve to one fixed label; until then the first names seen keep their own label and
// every later one shares the fixed label. Spans keep the raw name: they are not aggregated.

/** Maps a called tool name to its metric label. Must return a bounded set of values. */
export type ToolLabeler = (toolName: string) => string;

/** The label of every tool name the labeler does not keep. */
export const OTHER_TOOL_LABEL = "_other";

/** How many distinct tool names the default labeler keeps before it answers OTHER_TOOL_LABEL. */
export const MAX_DEFAULT_TOOL_LABELS = 200;

/** The longest tool name kept as a label (the MCP catalog's own limit on a name). */
const MAX_TOOL_LABEL_LENGTH = 128;

/** The default labeler: the first `limit` distinct names (each at most 128 characters) as they are, the rest OTHER_TOOL_LABEL. */
export function firstSeenToolLabels(limit = MAX_DEFAULT_TOOL_LABELS): ToolLabeler {
  const kept = new Set<string>();
  return (toolName) => {
    if (kept.has(toolName)) return toolName;
    if (kept.size >= limit || toolName.length > MAX_TOOL_LABEL_LENGTH) return OTHER_TOOL_LABEL;
    kept.add(toolName);
    return toolName;
  };
}
