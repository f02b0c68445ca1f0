// SubagentStop, the context firewall: a sub-agent whose final message exceeds 3× the handoff
// budget is sent back (Claude Code's block decision, with the reason as its next instruction)
// to write a blackboard artifact and return its path and a short summary. Once sent back
// (stop_hook_active), it is let through, so a sub-agent that cannot comply never loops.
import { estimateTokens } from "@foundry-mcp/tokens";
import { runHook } from "./hook-run";
import type { HookContext } from "./hook-run";
import { FIREWALL_FACTOR } from "./hook-config";
import { TOOL_PREFIX } from "./hook-text";

/** The reason Claude Code hands back to the sub-agent. */
export function firewallReason(tokens: number, handoffTokens: number): string {
  return (
    `Your final message is ~${tokens} tokens; this project's handoff budget is ${handoffTokens} tokens (over ${handoffTokens * FIREWALL_FACTOR} is sent back). ` +
    `Write the details as a blackboard artifact with ${TOOL_PREFIX}blackboard_write, then reply with ONLY the path it returns and a summary of at most ${handoffTokens} tokens.`
  );
}

/** The block decision JSON, or undefined to let the sub-agent's message through. */
export async function firewall(context: HookContext): Promise<string | undefined> {
  const message = context.input.last_assistant_message;
  if (typeof message !== "string") return undefined;
  const tokens = estimateTokens(message);
  const { handoffTokens, enforcement } = context.config;
  const agent = typeof context.input.agent_type === "string" ? context.input.agent_type.slice(0, 80) : undefined;
  const detail = { tokens, limit: handoffTokens * FIREWALL_FACTOR, ...(agent ? { agent } : {}) };
  const over = tokens > handoffTokens * FIREWALL_FACTOR;
  if (!over || enforcement === "off" || context.input.stop_hook_active === true) {
    await context.memory.recordEvent("subagent_return", { ...detail, ...(over ? { over: true } : {}) });
    return undefined;
  }
  await context.memory.recordEvent("subagent_blocked", { ...detail, savedTokens: tokens - handoffTokens });
  return `${JSON.stringify({ decision: "block", reason: firewallReason(tokens, handoffTokens) })}\n`;
}

export function main(): Promise<void> {
  return runHook("SubagentStop", firewall);
}
