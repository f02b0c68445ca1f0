// What the dashboard's call log records of one tools/call: the tool it was about (the inner tool
// of read_tool / run_tool / describe_tool), that tool's kind, and its outcome — "ok" or the stable
// code of the refusal. Every refusal is an isError result whose text starts `CODE: ` (server-kit's
// one wire mapper), so the code is read from there rather than guessed again here.
import type { CallContext, ToolCatalog } from "@foundry-mcp/tool-catalog";

/** The facts of one call the call log keeps. */
export interface CallFacts {
  tool: string;
  kind: string | null;
  outcome: string;
}

const ENTRY_POINTS_WITH_NAME = new Set(["read_tool", "run_tool", "describe_tool"]);
const CODE_PREFIX = /^([A-Z][A-Z0-9_]*):/;

/** The tool a call was about: the named tool behind an entry point, else the called name. */
export function subjectOf(name: string, args: Record<string, unknown>): string {
  return ENTRY_POINTS_WITH_NAME.has(name) && typeof args.name === "string" && args.name !== "" ? args.name : name;
}

/** The outcome of a call that answered: "ok", or the code its isError text starts with. */
export function outcomeOf(result: { isError?: boolean; content?: unknown }): string {
  if (result.isError !== true) return "ok";
  const first = Array.isArray(result.content) ? (result.content[0] as { text?: unknown } | undefined) : undefined;
  const match = typeof first?.text === "string" ? CODE_PREFIX.exec(first.text) : null;
  return match?.[1] ?? "ERROR";
}

/** The facts of a call, given how it ended (a result, or "UNKNOWN_TOOL" for the -32602 rejection). */
export function callFacts<C extends CallContext>(
  catalog: ToolCatalog<C>,
  name: string,
  args: Record<string, unknown>,
  ended: { isError?: boolean; content?: unknown } | "UNKNOWN_TOOL",
): CallFacts {
  const tool = subjectOf(name, args);
  return {
    tool,
    kind: catalog.get(tool)?.kind ?? null,
    outcome: ended === "UNKNOWN_TOOL" ? "UNKNOWN_TOOL" : outcomeOf(ended),
  };
}
