// SessionStart (startup, resume, clear, compact): the project's state as context — the memory
// index within memoryIndex.budgetTokens (built from storage now, without writing INDEX.md or
// taking the write lock), the runbooks with their triggers, and how to get more.
import { estimateTokens } from "@foundry-mcp/tokens";
import { additionalContext, runHook } from "./hook-run";
import type { HookContext } from "./hook-run";
import { TOOL_PREFIX } from "./hook-text";

/** The context a session starts with. */
export async function sessionContext(context: HookContext): Promise<{ text: string; listed: number; active: number }> {
  const [index, runbooks] = await Promise.all([context.memory.currentIndex(), context.memory.listRunbooks()]);
  const parts = [`Project memory (foundry-core, ${context.root}):`, index.markdown.trimEnd()];
  if (runbooks.length > 0) parts.push(`## Runbooks (runbook_get {"slug"} gives the steps)\n${context.memory.formatRunbookList(runbooks)}`);
  parts.push(
    `Before planning or proposing a design, call ${TOOL_PREFIX}memory_search with keywords: it returns the facts' bodies and ids. Record what gets settled with memory_write.`,
  );
  return { text: parts.join("\n\n"), listed: index.listed, active: index.active };
}

/** The hook: prints Claude Code's additionalContext JSON, records a session_context event. */
export function main(): Promise<void> {
  return runHook("SessionStart", async (context) => {
    const { text, listed, active } = await sessionContext(context);
    const tokens = estimateTokens(text);
    const source = typeof context.input.source === "string" ? context.input.source.slice(0, 20) : "unknown";
    await context.memory.recordEvent("session_context", { source, listed, active, tokens });
    return additionalContext("SessionStart", text);
  }, { saveRecallIndex: "unless-current" }); // each session starts with a recall index proved current
}
