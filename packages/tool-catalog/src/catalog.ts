// ToolCatalog: the registry (toolsets own name prefixes, names unique, deterministic order),
// search, describe, the read/run entry points, hourly quotas and toolset pinning.
// Neighbours: search/ ranks, dispatch/ gates calls, drivers/ count calls.

import { annotationsFor, TOOL_KINDS } from "./annotations";
import { admitCall, completeCall, dispatchCall, type AdmittedCall, type CatalogHooks, type DispatchEnvironment, type EntryPoint, type EntryPointNames } from "./dispatch/dispatcher";
import type { ValidatorProvider } from "@foundry-mcp/core";
import { createCatalogValidator } from "./dispatch/validator";
import { MemoryQuotaDriver } from "./drivers/memory";
import type { QuotaDecision, QuotaDriver, QuotaUsage } from "./drivers/quota-driver";
import { CatalogError, CatalogErrorCode } from "./errors";
import { closestNames } from "./search/fuzzy";
import { resultFor, SearchSettings, ToolSearchIndex, type RankedTool, type SearchOptions } from "./search/tool-search";
import { SemanticToolSearch } from "./search/semantic/semantic-tools";
import { checkedTenant, LearnedRequests, type LearnedRequest, type LearnedSelection } from "./search/learned-requests";
import { TenantOverlays } from "./search/learned-tenants";
import type { SemanticStatus } from "@foundry-mcp/text-analysis";
import type { CallContext, Paging, SearchResult, ToolDefinition, ToolDescription, ToolOutput, ToolsetDefinition } from "./types";

/** Options of a ToolCatalog. Everything is optional; without `hourlyCap` nothing is counted. */
export interface ToolCatalogOptions<C extends CallContext = CallContext> {
  /** Where calls are counted (default MemoryQuotaDriver when a cap is set). */
  quota?: QuotaDriver;
  /** Calls per workspace per clock hour; a function lets the cap follow the workspace's plan. */
  hourlyCap?: number | ((context: C) => number);
  /** Which read()/run() calls count (default: all). Natively advertised tools can be exempted here. */
  countCalls?: (tool: ToolDefinition<C>, context: C) => boolean;
  hooks?: CatalogHooks<C>;
  /** Names of the entry points in refusal messages (default read_tool, run_tool, describe_tool). */
  entryPoints?: Partial<EntryPointNames>;
  search?: SearchOptions;
  /** Check structuredContent against outputSchema (default true). */
  validateOutput?: boolean;
  /**
   * Compiles the tools' schemas (default: @foundry-mcp/core's AjvValidatorProvider filling in
   * `default`s). Its validators must check a copy: handlers get the result's `data`.
   */
  validator?: ValidatorProvider;
}

/** What search() accepts. `limit` defaults to 10 and may be at most 50. */
export interface SearchInput {
  query: string;
  toolset?: string;
  offset?: number;
  limit?: number;
  /** Whose search it is: requests learned for this tenant rank beside those learned for every search (`learn`'s `tenant`). */
  tenant?: string;
}

/** One page of search results. */
export interface SearchPage {
  results: SearchResult[];
  paging: Paging;
  /** How the semantic option ranked this page: absent when it is off or the query is empty. */
  semantic?: SemanticStatus;
}

/** Search results per page when no limit is given. */
export const SEARCH_DEFAULT_LIMIT = 10;
/** The most search results one call returns. */
export const SEARCH_MAX_LIMIT = 50;

/** The longest tool name a catalog holds; a longer name is refused before any search for it. */
export const MAX_TOOL_NAME_LENGTH = 128;
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * A catalog of tools agents find by asking in plain words, then describe and call.
 *
 * @example
 * const catalog = new ToolCatalog({ hourlyCap: 1000 });
 * catalog.defineToolset({ name: "uptime", prefix: "uptime_", title: "Uptime", description: "Monitors and incidents" });
 * catalog.register({ name: "uptime_list_monitors", toolset: "uptime", kind: "read", description: "…", inputSchema: { type: "object" }, handler: () => [] });
 * await catalog.search({ query: "is the site down" });
 */
export class ToolCatalog<C extends CallContext = CallContext> {
  private readonly toolsetMap = new Map<string, ToolsetDefinition>();
  private readonly tools = new Map<string, ToolDefinition<C>>();
  private ordered: ToolDefinition<C>[] | undefined;
  private searchIndex: ToolSearchIndex<ToolDefinition<C>> | undefined;
  private readonly searchSettings: SearchSettings;
  private readonly environment: DispatchEnvironment<C>;
  private readonly quota: QuotaDriver | undefined;
  private readonly semantic: SemanticToolSearch<ToolDefinition<C>> | undefined;
  private readonly learning: LearnedRequests | undefined;
  private readonly tenantOverlays: TenantOverlays | undefined;
  // The learning version the current index read, and when it was built (performance.now(); see index()).
  private indexLearnedVersion = 0;
  private indexBuiltAt = 0;

  constructor(private readonly options: ToolCatalogOptions<C> = {}) {
    this.searchSettings = new SearchSettings(options.search);
    this.semantic = options.search?.semantic === undefined ? undefined : new SemanticToolSearch(options.search.semantic);
    this.learning = options.search?.learning === false ? undefined : new LearnedRequests(options.search?.learning);
    this.tenantOverlays = this.learning === undefined ? undefined : new TenantOverlays(this.learning);
    this.quota = options.quota ?? (options.hourlyCap === undefined ? undefined : new MemoryQuotaDriver());
    this.environment = {
      validator: options.validator ?? createCatalogValidator(),
      hooks: options.hooks ?? {},
      entryPoints: { read: "read_tool", run: "run_tool", describe: "describe_tool", ...options.entryPoints },
      validateOutput: options.validateOutput !== false,
      countCall: (tool, context) => ((options.countCalls?.(tool, context) ?? true) ? this.consumeQuota(context) : Promise.resolve(undefined)),
    };
  }

  /** Adds a toolset; its tools' names must start with its prefix (or one of its extraPrefixes). */
  defineToolset(toolset: ToolsetDefinition): void {
    if (this.toolsetMap.has(toolset.name)) {
      throw new CatalogError(CatalogErrorCode.DUPLICATE_TOOLSET, `toolset ${toolset.name} is already defined; toolset names are unique.`);
    }
    this.toolsetMap.set(toolset.name, { ...toolset });
    this.changed();
  }

  /** Adds one tool. Refuses duplicates, unknown toolsets, names outside the toolset's prefix. */
  register(tool: ToolDefinition<C>): void {
    if (typeof tool.name !== "string" || !TOOL_NAME.test(tool.name)) {
      throw new CatalogError(CatalogErrorCode.INVALID_TOOL, `tool name ${JSON.stringify(tool.name)} must be 1-128 characters of A-Z a-z 0-9 _ - .`);
    }
    if (this.tools.has(tool.name)) {
      throw new CatalogError(CatalogErrorCode.DUPLICATE_TOOL, `tool ${tool.name} is already registered; tool names are unique.`);
    }
    const toolset = this.toolsetMap.get(tool.toolset);
    if (toolset === undefined) {
      throw new CatalogError(
        CatalogErrorCode.UNKNOWN_TOOLSET,
        `tool ${tool.name}: toolset ${tool.toolset} is not defined; call defineToolset first (defined: ${[...this.toolsetMap.keys()].join(", ") || "none"}).`,
      );
    }
    const prefixes = [toolset.prefix, ...(toolset.extraPrefixes ?? [])];
    if (!prefixes.some((prefix) => tool.name.startsWith(prefix))) {
      throw new CatalogError(CatalogErrorCode.INVALID_TOOL, `tool ${tool.name} must start with toolset ${toolset.name}'s prefix ${prefixes.join(" or ")}.`);
    }
    if (!TOOL_KINDS.includes(tool.kind)) {
      throw new CatalogError(CatalogErrorCode.INVALID_TOOL, `tool ${tool.name}: kind must be one of ${TOOL_KINDS.join(", ")}; got ${String(tool.kind)}.`);
    }
    if (typeof tool.inputSchema !== "object" || tool.inputSchema === null || typeof tool.handler !== "function") {
      throw new CatalogError(CatalogErrorCode.INVALID_TOOL, `tool ${tool.name} needs an inputSchema object and a handler function.`);
    }
    this.tools.set(tool.name, tool);
    this.changed();
  }

  /** Adds many tools; stops at the first refusal (tools before it stay registered). */
  registerAll(tools: ToolDefinition<C>[]): void {
    for (const tool of tools) this.register(tool);
  }

  /** Every tool: toolsets in definition order, tools by name within each. */
  list(): ToolDefinition<C>[] {
    return [...this.orderedTools()];
  }

  // The ordered tools themselves: one array per registration state, so the semantic option keys
  // its texts on it.
  private orderedTools(): readonly ToolDefinition<C>[] {
    if (this.ordered === undefined) {
      const rank = new Map([...this.toolsetMap.keys()].map((name, position) => [name, position]));
      this.ordered = [...this.tools.values()].sort(
        (left, right) => rank.get(left.toolset)! - rank.get(right.toolset)! || (left.name < right.name ? -1 : left.name > right.name ? 1 : 0),
      );
    }
    return this.ordered;
  }

  /** Toolsets in definition order. */
  toolsets(): ToolsetDefinition[] {
    return [...this.toolsetMap.values()].map((toolset) => ({ ...toolset }));
  }

  /** The tool of that name, if any. */
  get(name: string): ToolDefinition<C> | undefined {
    return this.tools.get(name);
  }

  /** Number of registered tools. */
  get size(): number {
    return this.tools.size;
  }

  /**
   * Ranks tools for a plain-words query (free: never counted). An empty query with a toolset
   * browses it in list order; `offset` pages through either.
   */
  async search(input: SearchInput): Promise<SearchPage> {
    const offset = input.offset ?? 0;
    const limit = input.limit ?? SEARCH_DEFAULT_LIMIT;
    if (!Number.isInteger(offset) || offset < 0) {
      throw new CatalogError(CatalogErrorCode.INVALID_PAGING, `offset must be an integer of 0 or more; got ${String(offset)}.`);
    }
    if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_MAX_LIMIT) {
      throw new CatalogError(CatalogErrorCode.INVALID_PAGING, `limit must be an integer from 1 to ${SEARCH_MAX_LIMIT}; got ${String(limit)}.`);
    }
    if (input.toolset !== undefined && !this.toolsetMap.has(input.toolset)) {
      throw new CatalogError(CatalogErrorCode.UNKNOWN_TOOLSET, `toolset ${input.toolset} does not exist; toolsets: ${[...this.toolsetMap.keys()].join(", ")}.`, {
        details: { toolset: input.toolset, valid: [...this.toolsetMap.keys()] },
      });
    }
    const tenant = checkedTenant(input.tenant);
    const query = (input.query ?? "").trim();
    let all: RankedTool<ToolDefinition<C>>[] =
      query === ""
        ? this.list()
            .filter((tool) => input.toolset === undefined || tool.toolset === input.toolset)
            .map((tool) => ({ tool, score: 0, mask: 0 }))
        : this.rank(query, input.toolset, tenant);
    let semantic: SemanticStatus | undefined;
    if (this.semantic !== undefined && query !== "") ({ ranked: all, status: semantic } = await this.semantic.rerank(query, this.orderedTools(), all, input.toolset));
    const results = all.slice(offset, offset + limit).map((hit) => resultFor(hit.tool, hit.score, hit.mask, hit.variants));
    const end = offset + results.length;
    const hasMore = end < all.length;
    const paging = { offset, limit, total: all.length, has_more: hasMore, next_offset: hasMore ? end : null };
    return semantic === undefined ? { results, paging } : { results, paging, semantic };
  }

  /** The real schema, kind, toolset and annotations of one tool; unknown → UNKNOWN_TOOL with the closest names. */
  describe(name: string): ToolDescription {
    const tool = this.require(name);
    const annotations = { ...(tool.title === undefined ? {} : { title: tool.title }), ...annotationsFor(tool.kind) };
    return {
      name: tool.name,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      description: tool.description,
      toolset: tool.toolset,
      kind: tool.kind,
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
      annotations,
    };
  }

  /** Runs a `read` tool; any other kind is refused with KIND_NOT_ALLOWED. Counts once. */
  async read(name: string, args: unknown, context: C): Promise<ToolOutput> {
    return dispatchCall(this.environment, this.require(name), "read", args, context);
  }

  /** Runs a tool of any kind; kinds other than read need a write-scoped context. Counts once. */
  async run(name: string, args: unknown, context: C): Promise<ToolOutput> {
    return dispatchCall(this.environment, this.require(name), "run", args, context);
  }

  /**
   * The gates of a call through `entry` (what read() and run() do before the handler: kind, scope,
   * arguments, quota, beforeCall), without running it: the host runs the admitted call itself
   * (`call.tool.handler(call.args, call.context)`, inside `call.around` when set) and hands the
   * pending value to complete(). Refusals throw as from read()/run().
   * @example const call = await catalog.admit("run", name, args, context); const output = await catalog.complete(call, runMine(call));
   */
  async admit(entry: EntryPoint, name: string, args: unknown, context: C): Promise<AdmittedCall<C>> {
    return admitCall(this.environment, this.require(name), entry, args, context);
  }

  /** The output of an admitted call from its pending raw value, as read()/run() would give it (TOOL_FAILED, output check, afterCall). */
  async complete(call: AdmittedCall<C>, ran: Promise<unknown>): Promise<ToolOutput> {
    return completeCall(this.environment, call, ran);
  }

  /**
   * Counts one call for the context's workspace; throws QUOTA_EXCEEDED at the cap. read()/run()
   * call it themselves; hosts call it for natively advertised tools they want counted.
   */
  async consumeQuota(context: C): Promise<QuotaDecision | undefined> {
    const cap = this.options.hourlyCap;
    if (cap === undefined || this.quota === undefined) return undefined;
    const limit = typeof cap === "function" ? cap(context) : cap;
    const decision = await this.quota.consume(context.workspace, limit);
    if (!decision.allowed) {
      const minutes = Math.max(1, Math.ceil((decision.resetAt.getTime() - Date.now()) / 60_000));
      throw new CatalogError(
        CatalogErrorCode.QUOTA_EXCEEDED,
        `Hourly cap of ${limit} tool calls reached for workspace ${context.workspace}; it resets at ${decision.resetAt.toISOString()} (in about ${minutes} min).`,
        { details: { workspace: context.workspace, cap: limit, used: decision.used, resetAt: decision.resetAt.toISOString() } },
      );
    }
    return decision;
  }

  /** Calls counted this hour for a workspace (free; needs a driver with peek). */
  async quotaUsage(workspace: string): Promise<QuotaUsage | undefined> {
    return this.quota?.peek?.(workspace);
  }

  /**
   * The tools to advertise natively for a requested toolset list: "eshop,uptime", an array, or
   * "all". Unknown names are ignored; nothing requested → none.
   */
  advertised(toolsets: string | string[] | undefined): ToolDefinition<C>[] {
    if (toolsets === undefined) return [];
    const requested = (Array.isArray(toolsets) ? toolsets : toolsets.split(","))
      .map((name) => name.trim())
      .filter((name) => name !== "");
    if (requested.includes("all")) return this.list();
    const chosen = new Set(requested.filter((name) => this.toolsetMap.has(name)));
    return this.list().filter((tool) => chosen.has(tool.toolset));
  }

  private require(name: string): ToolDefinition<C> {
    const tool = this.tools.get(name);
    if (tool !== undefined) return tool;
    // The closest names cost an edit distance per tool, quadratic in the name: never for a name
    // no tool can have, and never echo it whole (issue 36, R2).
    if (String(name).length > MAX_TOOL_NAME_LENGTH)
      throw new CatalogError(
        CatalogErrorCode.UNKNOWN_TOOL,
        `Unknown tool ${String(name).slice(0, 32)}… (${String(name).length} characters): a tool name has at most ${MAX_TOOL_NAME_LENGTH}. Use search_tools to find tools.`,
        { details: { name: String(name).slice(0, MAX_TOOL_NAME_LENGTH), length: String(name).length, closest: [] } },
      );
    const closest = closestNames(String(name), this.tools.keys());
    throw new CatalogError(
      CatalogErrorCode.UNKNOWN_TOOL,
      `Unknown tool ${String(name)}.${closest.length > 0 ? ` Closest: ${closest.join(", ")}.` : ""} Use search_tools to find tools.`,
      { details: { name, closest } },
    );
  }

  /**
   * Records that `request` was answered by `tool`: an agent searched with those words, then
   * called or described the tool. The request joins the tool's indexed text (the `requests`
   * field, weight 0.5), so later requests in the same words find it. Each tool keeps its
   * `search.learning.maxPerTool` newest distinct requests; a search reads what was learned once
   * the index is `refreshMs` old, or at once after tools change. Ignored when learning is off.
   * With `tenant`, only that tenant's searches (`search`'s `tenant`) rank with it; without, every
   * search does. Unknown tool: UNKNOWN_TOOL; a request empty or over MAX_LEARNED_REQUEST_LENGTH
   * (2,000) characters: INVALID_LEARNED_REQUEST; a tenant that is not 1 to 256 characters: INVALID_TENANT.
   */
  learn(request: string, tool: string, tenant?: string): void {
    if (this.learning === undefined) return;
    this.require(tool);
    this.learning.add(tool, request, checkedTenant(tenant));
  }

  /** Every learned request, oldest first, to save and learn again after a restart (empty when learning is off). */
  learnedRequests(): LearnedRequest[] {
    return this.learning?.entries() ?? [];
  }

  /**
   * Forgets what was learned for one tool (a name, or `{ tool }`: in every tenant), one tenant
   * (`{ tenant }`), one tenant's for one tool (`{ tool, tenant }`), or everything (no argument);
   * the next search reads the index without it.
   */
  forgetLearned(selection: string | LearnedSelection = {}): void {
    if (this.learning === undefined) return;
    const { tool, tenant } = typeof selection === "string" ? { tool: selection } : selection;
    const before = this.learning.version;
    this.learning.forget({ tool, tenant: checkedTenant(tenant) });
    if (this.learning.version !== before) this.searchIndex = undefined;
    this.tenantOverlays!.clear();
  }

  // The ranking of a non-empty query, with the tenant's learned requests laid over the index when it has any.
  private rank(query: string, toolset: string | undefined, tenant: string | undefined): RankedTool<ToolDefinition<C>>[] {
    const index = this.index();
    const terms = tenant === undefined ? undefined : this.tenantOverlays?.termsFor(index, tenant);
    return index.rank(query, toolset, terms);
  }

  private index(): ToolSearchIndex<ToolDefinition<C>> {
    const learning = this.learning;
    // Requests learned since the build are read once the index is refreshMs old: a rebuild
    // re-reads every tool's text, too dear to pay for each learned request.
    if (this.searchIndex !== undefined && learning !== undefined && learning.version !== this.indexLearnedVersion && performance.now() - this.indexBuiltAt >= learning.refreshMs) {
      this.searchIndex = undefined;
    }
    if (this.searchIndex === undefined) {
      this.searchIndex = new ToolSearchIndex(this.list(), this.toolsetMap, this.searchSettings, (tool) => learning?.textOf(tool));
      this.indexLearnedVersion = learning?.version ?? 0;
      this.indexBuiltAt = performance.now();
    }
    return this.searchIndex;
  }

  private changed(): void {
    this.ordered = undefined;
    this.searchIndex = undefined;
  }
}
