// The four-tool surface over a ToolCatalog: tools/list (the base four plus any natively
// advertised tools), argument checks of the base tools against the schemas tools/list shows
// (@foundry-mcp/core's validator seam), dispatch to search/describe/read/run, and every answer and refusal
// in one format (results.ts). Hosts wire it to their MCP server; it never touches a transport.
import { AjvValidatorProvider } from "@foundry-mcp/core";
import { annotationsFor, CatalogError, CatalogErrorCode, MAX_TOOL_NAME_LENGTH } from "@foundry-mcp/tool-catalog";
import { runAdmittedCall } from "@foundry-mcp/tool-catalog";
import type { AdmittedCall, CallContext, ToolCatalog, ToolDefinition } from "@foundry-mcp/tool-catalog";
import { BASE_TOOL_NAMES, baseTools, type BaseToolName } from "./base-tools";
import { unknownTool } from "@foundry-mcp/server-kit";
import { compactSearch, errorResult, jsonResult, toCallResult } from "./results";
import { refusalCode, subjectOf, TOOL_ERROR_RESULT, type CallAnswer, type CallOutcome, type CallStep } from "./outcome";
import type { CallResult, ListedTool } from "./wire";
import { learnerFor, measuringLearnerFor, type SearchLearning } from "./search-learning";

/** Options of createProgressiveSurface. */
export interface ProgressiveSurfaceOptions<C extends CallContext> {
  /** The catalog, or a function giving the current one when the host rebuilds it (foya does). */
  catalog: ToolCatalog<C> | (() => ToolCatalog<C>);
  /** Tools listed natively beside the base four (e.g. pinned toolsets); callable by their own name. */
  advertised?: ToolDefinition<C>[];
  /**
   * Learn each search_tools request for the tool the same caller then describes, reads or runs
   * from that search's page (the catalog's `learn`; search-learning.ts). Default off: `{}` turns
   * it on with the credential (else the workspace) as the caller. On or off, the rank such a tool
   * had in its search is measured (`foundry_tool_search_choice_rank`, choice-rank.ts).
   */
  learning?: SearchLearning<C>;
}

/** What a host serves: the tool list and one call. */
export interface ProgressiveSurface<C extends CallContext> {
  listTools(): ListedTool[];
  /**
   * Refusals and failures resolve as isError results `CODE: message`; a name that is neither a
   * base tool nor advertised rejects with server-kit's -32602 `Unknown tool: <name>. …`.
   */
  callTool(name: string, args: Record<string, unknown>, context: C): Promise<CallResult>;
  /**
   * The same call, never rejecting: the result (or the -32602 rejection to throw) beside its
   * outcome as data — the tool it was about, that tool's kind, and "ok" or the refusal's code —
   * for a host's call log.
   */
  answerCall(name: string, args: Record<string, unknown>, context: C): Promise<CallAnswer>;
  /**
   * The same call as data, running no catalog tool: `{ answer }` when the surface answers it
   * alone (search_tools, describe_tool, every refusal), else `{ run, finish }` — the admitted
   * catalog call (its gates passed, its quota counted), which the host runs itself
   * (`run.tool.handler(run.args, run.context)`, inside `run.around` when set), and `finish`, which
   * turns the pending raw value into the answer answerCall would give. So the host's own code
   * calls its tool; the library never calls back into it (decision 0015).
   */
  resolveCall(name: string, args: Record<string, unknown>, context: C): Promise<CallStep<C>>;
}

const UNLISTED_HINT = "It is not advertised on this connection; find it with search_tools and call it through read_tool or run_tool.";

/** A called name as a refusal repeats it: whole up to the catalog's 128 characters, else cut and counted. */
const boundedName = (name: string): string =>
  name.length <= MAX_TOOL_NAME_LENGTH ? name : `${name.slice(0, 32)}… (${name.length} characters; a tool name has at most ${MAX_TOOL_NAME_LENGTH})`;

const isBaseTool = (name: string): name is BaseToolName => (BASE_TOOL_NAMES as readonly string[]).includes(name);

/** A natively advertised catalog tool as tools/list shows it: its kind in the description and hints. */
export function listedToolOf<C extends CallContext>(tool: ToolDefinition<C>): ListedTool {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: `${tool.description} [${tool.kind}]`,
    inputSchema: { ...tool.inputSchema, type: "object" },
    annotations: annotationsFor(tool.kind),
  };
}

/**
 * Builds the surface.
 *
 * @example
 * const surface = createProgressiveSurface({ catalog });
 * server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: surface.listTools() }));
 * server.setRequestHandler(CallToolRequestSchema, (request) => surface.callTool(request.params.name, request.params.arguments ?? {}, context));
 */
export function createProgressiveSurface<C extends CallContext>(options: ProgressiveSurfaceOptions<C>): ProgressiveSurface<C> {
  const current = typeof options.catalog === "function" ? options.catalog : () => options.catalog as ToolCatalog<C>;
  const advertised = options.advertised ?? [];
  const advertisedNames = new Set(advertised.map((tool) => tool.name));
  const validators = new AjvValidatorProvider();
  const learner = options.learning === undefined ? measuringLearnerFor<C>(options.catalog) : learnerFor(options.learning);
  // Validators are cached by schema: keep one set of base tools per toolset list.
  let cached: { key: string; tools: ListedTool[] } | undefined;
  const base = (): ListedTool[] => {
    const names = current().toolsets().map((toolset) => toolset.name);
    const key = names.join("\n");
    if (cached?.key !== key) cached = { key, tools: baseTools(names) };
    return cached.tools;
  };

  const checked = (name: BaseToolName, args: Record<string, unknown>): Record<string, unknown> => {
    const schema = base().find((tool) => tool.name === name)!.inputSchema;
    const outcome = validators.getValidator<Record<string, unknown>>(schema).validate(args);
    if (outcome.valid) return outcome.data;
    throw new CatalogError(
      CatalogErrorCode.INVALID_ARGUMENTS,
      `Invalid arguments for ${name}: ${outcome.errors.join(" ")} Its inputSchema is in tools/list.`,
      { details: { tool: name, problems: outcome.errors } },
    );
  };

  // A catalog call to run (read_tool, run_tool, an advertised tool), or the base tool's own answer.
  const route = async (name: string, args: Record<string, unknown>, context: C): Promise<{ run: AdmittedCall<C> } | { result: CallResult }> => {
    const catalog = current();
    // answerCall/resolveCall let only advertised names through.
    if (!isBaseTool(name)) return chosen(catalog, name, { run: await catalog.admit("run", name, args, context) }, context);
    const input = checked(name, args);
    switch (name) {
      case "search_tools": {
        const query = input as { query: string; toolset?: string; offset?: number; limit?: number };
        const tenant = learner.tenantOf(context);
        const page = await catalog.search(tenant === undefined ? query : { ...query, tenant });
        learner.searched(query.query, page, context);
        return { result: jsonResult(compactSearch(page)) };
      }
      case "describe_tool":
        return chosen(catalog, input.name as string, { result: jsonResult({ ...catalog.describe(input.name as string) }) }, context);
      case "read_tool":
        return chosen(catalog, input.name as string, { run: await catalog.admit("read", input.name as string, input.arguments ?? {}, context) }, context);
      case "run_tool":
        return chosen(catalog, input.name as string, { run: await catalog.admit("run", input.name as string, input.arguments ?? {}, context) }, context);
    }
  };
  // A tool the caller went on to use once the catalog let it (described, or admitted to run): a lesson for search.
  const chosen = <T>(catalog: ToolCatalog<C>, tool: string, routed: T, context: C): T => {
    learner.chose(catalog, tool, context);
    return routed;
  };

  const answered = (outcome: (code: string) => CallOutcome, result: CallResult): CallAnswer => ({
    outcome: outcome(result.isError === true ? TOOL_ERROR_RESULT : "ok"),
    result,
  });
  const refused = (outcome: (code: string) => CallOutcome, error: unknown): CallAnswer => ({ outcome: outcome(refusalCode(error)), result: errorResult(error) });

  const resolveCall = async (name: string, args: Record<string, unknown>, context: C): Promise<CallStep<C>> => {
    const tool = subjectOf(name, args);
    const outcome = (code: string) => ({ tool, kind: current().get(tool)?.kind ?? null, code });
    if (!isBaseTool(name) && !advertisedNames.has(name))
      return { answer: { outcome: outcome(CatalogErrorCode.UNKNOWN_TOOL), rejection: unknownTool(boundedName(name), UNLISTED_HINT) } };
    try {
      const routed = await route(name, args, context);
      if ("result" in routed) return { answer: answered(outcome, routed.result) };
      const { run } = routed;
      return {
        run,
        async finish(ran) {
          try {
            return answered(outcome, toCallResult(await current().complete(run, ran)));
          } catch (error) {
            return refused(outcome, error);
          }
        },
      };
    } catch (error) {
      return { answer: refused(outcome, error) };
    }
  };

  const answerCall = async (name: string, args: Record<string, unknown>, context: C): Promise<CallAnswer> => {
    const step = await resolveCall(name, args, context);
    return "answer" in step ? step.answer : step.finish(runAdmittedCall(step.run));
  };

  return {
    listTools: () => [...base(), ...advertised.map(listedToolOf)],
    answerCall,
    resolveCall,
    async callTool(name, args, context) {
      const answer = await answerCall(name, args, context);
      if ("rejection" in answer) throw answer.rejection;
      return answer.result;
    },
  };
}
