// A call's outcome as data, for a host's call log: the tool the call was about (the inner tool of
// describe_tool / read_tool / run_tool), that tool's kind, and "ok" or the stable code of the
// refusal — the same code the refusal's text starts with (results.ts), taken from the error
// itself rather than read back from the text.
import { CodedError } from "@foundry-mcp/core";
import type { AdmittedCall, CallContext, ToolKind } from "@foundry-mcp/tool-catalog";
import { shownError } from "./results";
import type { CallResult } from "./wire";

/** What a call log keeps of one call. */
export interface CallOutcome {
  /** The tool the call was about: the named tool behind describe_tool/read_tool/run_tool, else the called name. */
  tool: string;
  /** That tool's kind in the catalog; null when the catalog has no such tool. */
  kind: ToolKind | null;
  /** "ok", or the refusal's stable code (`INVALID_ARGUMENTS`, `UNKNOWN_TOOL`, `QUOTA_EXCEEDED`, …). */
  code: string;
}

/**
 * A call's answer with its outcome: the result to send, or (a name neither base nor advertised)
 * the -32602 protocol error to throw.
 */
export type CallAnswer = { outcome: CallOutcome; result: CallResult } | { outcome: CallOutcome; rejection: Error };

/**
 * A call resolved without running a catalog tool (ProgressiveSurface.resolveCall): its answer, or
 * the admitted call for the host to run and `finish`, which takes the run's pending raw value and
 * gives the answer (its outcome, a failure as TOOL_FAILED, the output checked).
 */
export type CallStep<C extends CallContext = CallContext> =
  | { answer: CallAnswer }
  | { run: AdmittedCall<C>; finish(ran: Promise<unknown>): Promise<CallAnswer> };

/** The code an isError result stands for when a tool returned it itself (an upstream server's error result). */
export const TOOL_ERROR_RESULT = "ERROR";

const ENTRY_POINTS_WITH_NAME = new Set(["describe_tool", "read_tool", "run_tool"]);

/** The tool a call was about: the named tool behind an entry point, else the called name. */
export function subjectOf(name: string, args: Record<string, unknown>): string {
  return ENTRY_POINTS_WITH_NAME.has(name) && typeof args.name === "string" && args.name !== "" ? args.name : name;
}

/** The code of a thrown refusal: the shown error's CodedError code, `INTERNAL` for anything else. */
export function refusalCode(error: unknown): string {
  const shown = shownError(error);
  return CodedError.isInstance(shown) ? shown.code : "INTERNAL";
}
