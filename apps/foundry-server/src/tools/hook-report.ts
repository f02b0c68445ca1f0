// The token_report line on the plugin's context hooks, from the events they record
// (src/hooks/): what they added to context and what they kept out of it. Absent when no hook
// has run, so the report of a server used without the plugin stays as SPEC §2 shows it.
import type { EventTotals } from "@foundry-mcp/memory";
import { formatTokenCount } from "@foundry-mcp/tokens";

/** Events of the context hooks that add text to the context, in report order. */
const ADDING = ["session_context", "prompt_recall", "compact_guidance"] as const;

/**
 * `- Context hooks: …` for token_report, or "" when none ran. A session start is saved the
 * difference between loading every fact file eagerly (`eagerTokens`, now) and what it added; a
 * sub-agent sent back saves what its message held over the handoff budget.
 */
export function formatHookReport(totals: Readonly<Record<string, EventTotals>>, eagerTokens: number): string {
  const added = ADDING.filter((name) => totals[name]).map((name) => `${name} ${totals[name]!.count}× ${formatTokenCount(totals[name]!.tokens)}`);
  const blocked = totals.subagent_blocked;
  const returned = totals.subagent_return;
  if (added.length === 0 && !blocked && !returned) return "";
  const sessions = totals.session_context;
  const savedAtStart = sessions ? Math.max(0, sessions.count * eagerTokens - sessions.tokens) : 0;
  const firewall = `sub-agent returns ${returned?.count ?? 0} let through, ${blocked?.count ?? 0} sent back`;
  const saved = `saved ${formatTokenCount(savedAtStart)} against eager memory at session start and ${formatTokenCount(blocked?.savedTokens ?? 0)} by sending sub-agents back`;
  return `- Context hooks: ${added.length > 0 ? added.join(", ") : "nothing added"}; ${firewall}; ${saved}`;
}
