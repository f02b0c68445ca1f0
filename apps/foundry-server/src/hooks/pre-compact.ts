// PreCompact: Claude Code passes this hook's plain stdout to the summariser, so it asks for what
// a summary tends to drop and a later session needs: decisions, constraints, risks and rejected
// approaches, and which of them are not yet written as facts.
import { estimateTokens } from "@foundry-mcp/tokens";
import { runHook } from "./hook-run";

/** The instruction to the summariser. */
export const COMPACT_GUIDANCE =
  "Compaction instructions from foundry-core (project memory): keep every decision, constraint, risk and rejected approach from this conversation, " +
  "each with its reason, in a section of its own; keep file paths and blackboard artifact paths exact. " +
  "End the summary with a list headed \"Not yet in memory:\" naming each of them that was not stored with memory_write, so it can be written after compaction.";

export function main(): Promise<void> {
  return runHook("PreCompact", async (context) => {
    const trigger = typeof context.input.trigger === "string" ? context.input.trigger.slice(0, 20) : "unknown";
    await context.memory.recordEvent("compact_guidance", { trigger, tokens: estimateTokens(COMPACT_GUIDANCE) });
    return `${COMPACT_GUIDANCE}\n`;
  });
}
