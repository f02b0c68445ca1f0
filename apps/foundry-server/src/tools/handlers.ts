// What each tool does: one call into the package that owns the behaviour, returning the text the
// model reads. The packages format their own outputs (SPEC §2); the only assembly done here is
// token_report, which joins figures from memory and the blackboard.
import { formatTokenReport } from "@foundry-mcp/memory";
import { formatHookReport } from "./hook-report";
import { validateContract } from "@foundry-mcp/contracts";
import type { Project } from "../project";
import type { ToolName } from "./definitions";
import type { ToolArguments } from "./check-arguments";

/** A handler's answer: the text the model reads, flagged when the call did not do its job. */
export interface ToolOutput {
  text: string;
  isError?: boolean;
}

type ToolHandler = (project: Project, args: ToolArguments) => Promise<string | ToolOutput>;

const optional = <T>(value: unknown): T | undefined => (value === undefined ? undefined : (value as T));

/** The nine handlers, by tool name. Arguments arrive validated against the tool's schema. */
export const TOOL_HANDLERS: Readonly<Record<ToolName, ToolHandler>> = {
  async memory_search({ memory }, args) {
    const result = await memory.search({
      query: args.query as string,
      type: optional<string>(args.type),
      limit: optional<number>(args.limit),
    });
    return result.text;
  },

  async memory_write({ memory }, args) {
    const result = await memory.write({
      title: args.title as string,
      body: args.body as string,
      type: args.type as string,
      scope: optional<string>(args.scope),
      tags: optional<string[]>(args.tags),
      confidence: optional<string>(args.confidence),
      source: optional<string>(args.source),
      expires: optional<string>(args.expires),
      supersedes: optional<string>(args.supersedes),
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
    return (await memory.getRunbook(args.slug as string)).markdown;
  },

  async contract_validate({ root, contracts }, args) {
    const result = await validateContract({
      root,
      registry: await contracts(),
      schema: args.schema as string,
      data: args.data,
      path: optional<string>(args.path),
    });
    return result.text;
  },

  async blackboard_write({ blackboard }, args) {
    const result = await (await blackboard()).write({
      wave: args.wave as string,
      agent: args.agent as string,
      schema: args.schema as string,
      data: args.data as Record<string, unknown>,
    });
    // A rejected artifact is a failed hand-off: flag it so the model fixes it and calls again.
    return { text: result.text, isError: !result.ok };
  },

  async blackboard_read({ blackboard }, args) {
    const result = await (await blackboard()).read({
      wave: args.wave as string,
      agent: optional<string>(args.agent),
      full: optional<boolean>(args.full),
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
