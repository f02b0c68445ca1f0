// What the agent-framework adapters (ai-sdk.ts, langchain.ts) share: the tools one agent may use,
// taken once from the manager under their host names (`mcp__<server>__<tool>`, so two servers'
// tools never collide), and each call routed back through ClientManager.callTool with that set
// as `exposed`, the session policy and the framework's abort signal. The manager's approval
// gateway, policy, timeouts and events therefore apply exactly as for any other host call.
import { asJsonObject } from "@foundry-mcp/core/json";
import type { CallToolOptions } from "../manager/call-tool";
import type { ToolPolicy } from "../policy/tool-policy";
import type { HostTool, UnifiedToolResult } from "../registry/types";

/** The part of a ClientManager the adapters use. */
export interface AgentToolSource {
  expose(policy?: ToolPolicy): HostTool[];
  callTool(hostName: string, args?: Record<string, unknown>, options?: CallToolOptions): Promise<UnifiedToolResult>;
}

/** Options of the framework adapters. */
export interface AgentToolOptions {
  /** The session tool policy: filters which tools the agent gets and refuses the denied ones at call time. */
  policy?: ToolPolicy;
  /** Per-call timeout in milliseconds (default: the server's, else the manager's). */
  timeoutMs?: number;
}

/** Codes of a call the host refused to run (the model should see "denied", not "failed"). */
const REFUSED = new Set(["APPROVAL_DENIED", "TOOL_DENIED", "TOOL_NOT_EXPOSED"]);

/** Whether the host refused the call rather than the tool failing. */
export function wasRefused(result: UnifiedToolResult): boolean {
  return result.isError && result.errorCode !== undefined && REFUSED.has(result.errorCode);
}

/** A result's content as one text for a model: text blocks as they are, other blocks as JSON. */
export function resultText(result: UnifiedToolResult): string {
  return result.content.map((block) => (block.type === "text" && typeof block.text === "string" ? block.text : JSON.stringify(block))).join("\n");
}

/** The tools an agent gets, and a call function bound to them. */
export function agentTools(source: AgentToolSource, options: AgentToolOptions): { tools: HostTool[]; call: (hostName: string, input: unknown, signal?: AbortSignal) => Promise<UnifiedToolResult> } {
  const tools = source.expose(options.policy);
  const exposed = new Set(tools.map((tool) => tool.hostName));
  const call = (hostName: string, input: unknown, signal?: AbortSignal) => {
    const args = asJsonObject(input) ?? {};
    return source.callTool(hostName, args, {
      exposed,
      ...(options.policy ? { policy: options.policy } : {}),
      ...(signal ? { signal } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
  };
  return { tools, call };
}
