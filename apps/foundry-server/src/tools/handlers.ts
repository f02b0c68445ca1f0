// What each tool does: one call into the package that owns the behaviour, returning the text the
// model reads. The packages format their own outputs (SPEC §2); the only assembly done here is
// token_report, which joins figures from memory and the blackboard.
import { formatTokenReport } from "@foundry-mcp/memory";
import { formatHookReport } from "./hook-report";
import { validateContract } from "@foundry-mcp/contracts";
import type { Project } from "../project";
import type { ToolArgumentsOf, ToolName } from "./definitions";

/** A handler's answer: the text the model reads, flagged when the call did not do its job. */
export interface ToolOutput {
  text: string;
  isError?: boolean;
}

/** A tool's handler: its arguments typed from its own schema (they arrive validated against it). */
export type ToolHandler<N extends ToolName> = (project: Project, args: ToolArgumentsOf<N>) => Promise<string | ToolOutput>;

/** The nine handlers, by tool name. */
export const TOOL_HANDLERS: { readonly [N in ToolName]: ToolHandler<N> } = {
  async memory_search({ memory }, args) {
    const result = await memory.search({
      query: args.query,
      type: args.type,
      limit: args.limit,
    });
    return result.text;
  },

  async memory_write({ memory }, args) {
    const result = await memory.write({
      title: args.title,
      body: args.body,
      type: args.type,
      scope: args.scope,
      tags: args.tags,
      confidence: args.confidence,
      source: args.source,
      expires: args.expires,
      supersedes: args.supersedes,
    });
    return result.text;
  },

  async memory_index({ memory }) {
    return (await memory.rebuildIndex()).text;
  },

  async runbook_list({ memory }) {
    return memory.formatRunbookList(await memory.listRunbooks());
  },

  async runbook_get({ memory }, args) {
    return (await memory.getRunbook(args.slug)).markdown;
  },

  async contract_validate({ root, contracts }, args) {
    const result = await validateContract({
      root,
      registry: await contracts(),
      schema: args.schema,
      data: args.data,
      path: args.path,
    });
    return result.text;
  },

  async blackboard_write({ blackboard }, args) {
    const result = await (await blackboard()).write({
      wave: args.wave,
      agent: args.agent,
      schema: args.schema,
      data: args.data,
    });
    // A rejected artifact is a failed hand-off: flag it so the model fixes it and calls again.
    return { text: result.text, isError: !result.ok };
  },

  async blackboard_read({ blackboard }, args) {
    const result = await (await blackboard()).read({
      wave: args.wave,
      agent: args.agent,
      full: args.full,
    });
    return result.text;
  },

  async token_report({ root, memory, blackboard }) {
    const board = await blackboard();
    const [figures, totals, events, eventTotals] = await Promise.all([memory.tokenFigures(), board.totals(), memory.eventCounts(), memory.eventTotals()]);
    const report = formatTokenReport({ memory: figures, blackboardTokens: totals.tokens, events });
    const hooks = formatHookReport(eventTotals, figures.eagerTokens);
    // The hooks' line joins SPEC §2's list after the events; the served root comes last: it tells a user which project's memory this is.
    const text = hooks ? report.replace(/^(- Recorded events: .*)$/m, `$1\n${hooks}`) : report;
    return `${text}\n\nProject root: ${root}`;
  },
};
