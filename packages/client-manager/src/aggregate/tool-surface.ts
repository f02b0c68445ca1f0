// The tools an aggregating server shows its client, in two shapes behind one interface: every registry
// tool under its host name (direct), or the four-tool search/describe/read/run surface
// (@foundry-mcp/progressive's aggregateProgressiveSurface, or any other SurfaceFactory). Both pass each call through the approval gate before the manager sees it.
import type { CallToolOptions } from "../manager/call-tool";
import { toolErrorResult, unknownTool, type AskClient } from "@foundry-mcp/server-kit";
import { HOST_TOOL_NAMES, hostToolPrefix, type ToolNaming } from "../registry/naming";
import type { HostTool } from "../registry/types";
import type { ApprovalOutcome } from "./approvals";
import type { AggregatedManager } from "./manager";
import type { RegistryView } from "./registry-view";
import type { AggregatorVoice } from "./voice";

/** A tool as tools/list returns it. */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** A tools/call result as the wire carries it (a type, not an interface, so it fits the SDK's indexed result type as is). */
export type CallResult = {
  content: Array<Record<string, unknown>>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/**
 * What one downstream tools/call passes on: the client's cancellation and progress sink and the
 * request's trace context (to the upstream call) and its AskClient (to the approval gate, either era).
 */
export type CallScope = Pick<CallToolOptions, "signal" | "onProgress" | "trace"> & { ask?: AskClient };

/** Decides whether one call may go upstream (see approvals.ts); `ask` reaches the call's client. A decision known at once comes without a promise. */
export type CallGate = (tool: HostTool, args: Record<string, unknown>, ask: AskClient | undefined) => ApprovalOutcome | Promise<ApprovalOutcome>;

/** What the aggregating server needs from a tool surface. */
export interface ToolSurface {
  listTools(): ListedTool[];
  callTool(name: string, args: Record<string, unknown>, call?: CallScope): Promise<CallResult>;
  /** Called when the registry changed; a surface may rebuild its indexes. */
  refresh(): void;
}

/** Builds the tool surface of each session, and says in the server's instructions how to use it. */
export interface SurfaceFactory {
  create(manager: AggregatedManager, view: RegistryView, gate: CallGate, voice: AggregatorVoice): ToolSurface;
  /** The server's instructions for a client of this surface. */
  instructions(voice: AggregatorVoice): string;
}

/** Runs one registry tool after the gate; refusals and failures become error results (server-kit's shape), never throws. */
export async function callThroughGate(
  manager: AggregatedManager,
  gate: CallGate,
  tool: HostTool,
  args: Record<string, unknown>,
  call: CallScope = {},
): Promise<CallResult> {
  const decided = gate(tool, args, call.ask);
  const outcome = decided instanceof Promise ? await decided : decided;
  if (!outcome.allowed) return toolErrorResult(outcome.reason);
  // The upstream call gets the client's signal and progress sink, never the AskClient.
  const upstream: CallToolOptions = {};
  if (call.signal) upstream.signal = call.signal;
  if (call.onProgress) upstream.onProgress = call.onProgress;
  if (call.trace) upstream.trace = call.trace;
  try {
    const result = await manager.callTool(tool.hostName, args, upstream);
    const wire: CallResult = { content: result.content, isError: result.isError };
    if (result.structuredContent !== undefined) wire.structuredContent = result.structuredContent;
    return wire;
  } catch (error) {
    return toolErrorResult(error, { tool: tool.hostName });
  }
}

/** Every registry tool under its host name (or the name `naming` gives it), with the upstream schema and annotations. */
export function directSurface(manager: AggregatedManager, view: RegistryView, gate: CallGate, naming: ToolNaming = HOST_TOOL_NAMES): ToolSurface {
  // The listed shapes are rebuilt only when the view's tool array changed (a registry change).
  let listedFrom: readonly HostTool[] | undefined;
  let listed: ListedTool[] = [];
  // Listed name → host name, only when the names differ (--short-names).
  let hostNameOf: Map<string, string> | undefined;
  const current = (): ListedTool[] => {
    const tools = view.tools();
    if (tools !== listedFrom) {
      listedFrom = tools;
      listed = tools.map((tool) => listedTool(tool, naming(tool.hostName)));
      hostNameOf = naming === HOST_TOOL_NAMES ? undefined : new Map(tools.map((tool, index) => [listed[index]?.name ?? tool.hostName, tool.hostName]));
    }
    return listed;
  };
  return {
    listTools: current,
    // Not async: the call's own promise is returned as is (an async wrapper costs a promise and three ticks a call).
    callTool(name, args, call) {
      if (naming !== HOST_TOOL_NAMES) current();
      const tool = view.tool(hostNameOf?.get(name) ?? name);
      if (!tool) return Promise.reject(unknownTool(name, `It is not among the ${view.tools().length} tools listed now (its server may be disconnected); list tools again.${downServerOf(manager, name)}`));
      return callThroughGate(manager, gate, tool, args, call);
    },
    refresh() {
      // The view follows the manager's events; nothing to rebuild here.
    },
  };
}

function listedTool(tool: HostTool, name: string): ListedTool {
  const listed: ListedTool = { name, inputSchema: tool.inputSchema };
  if (tool.title !== undefined) listed.title = tool.title;
  if (tool.description !== undefined) listed.description = tool.description;
  if (tool.outputSchema !== undefined) listed.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) listed.annotations = { ...tool.annotations };
  return listed;
}

/**
 * Why a name's server has no tools listed, when the name is one of a configured server's
 * (`mcp__<server>__…`) and that server is not connected: its state and last error, so a call that
 * raced the server's loss still names the cause. Empty otherwise.
 */
function downServerOf(manager: AggregatedManager, name: string): string {
  const down = manager.status().find((server) => server.state !== "connected" && name.startsWith(hostToolPrefix(server.name)));
  if (!down) return "";
  return down.state === "error" && down.lastError ? ` Server "${down.name}" is in error: ${down.lastError}` : ` Server "${down.name}" is ${down.state}.`;
}
