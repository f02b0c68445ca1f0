// An aggregating server's progressive surface (client-manager's /aggregate SurfaceFactory, what
// `foya serve --progressive` wires): the registry behind the four-tool surface (search_tools,
// describe_tool, read_tool, run_tool) instead of every tool listed — the same schemas, checks,
// kinds and answers as amicited-gateway's. Each upstream server becomes one toolset (the bridge,
// client-toolsets.ts); calls still pass the aggregator's approval gate. The catalog is rebuilt
// when the registry changed. It learns from its client's searches and teaches each catalog what
// it kept; kept-learning.ts follows a keeper shared with other processes (foya's serves of one home).
// Neighbours: client-manager's aggregate/tool-surface.ts (direct listing, the call gate).
import type { HostTool } from "@foundry-mcp/client-manager";
import { callThroughGate, type AggregatedManager, type CallGate, type CallScope, type RegistryView, type SurfaceFactory, type ToolSurface } from "@foundry-mcp/client-manager/aggregate";
import { CatalogError, CatalogErrorCode, ToolCatalog, type CallContext } from "@foundry-mcp/tool-catalog";
import { ClientToolsets } from "./client-toolsets";
import { DEFAULT_FOLLOW_MS, KeptLearning, MOST_FOLLOW_MS, type LearnedRequestKeeper } from "./kept-learning";
import { createProgressiveSurface } from "./surface";

/** The catalog's call context of one call: the aggregator's, carrying the client's signal and progress sink to the upstream call, and its AskClient to the gate. */
type ServeCallContext = CallContext & { onProgress?: CallScope["onProgress"]; ask?: CallScope["ask"]; trace?: CallScope["trace"] };

// An aggregator fronts tens to hundreds of tools (an index rebuild is a few tens of ms): requests
// learned from its client's searches count from the next search a second later.
const LEARNING_REFRESH_MS = 1000;

/** How an aggregating surface learns (`progressiveSurfaceFactory`); `false` there turns learning off. */
export interface AggregateLearning {
  /** Where learned pairs are kept across restarts and shared between processes (none: only while it runs). */
  keeper?: LearnedRequestKeeper;
  /**
   * How often (ms) the surface may look whether the keeper's pairs changed (another process
   * learned or forgot some), at a search or call; default 10,000, 0 at every one, at most 3,600,000.
   */
  followMs?: number;
}

/** A catalog over the current registry: one toolset per configured server, calls through the gate. */
function buildCatalog(manager: AggregatedManager, gate: CallGate, learning: boolean): ToolCatalog<ServeCallContext> {
  const catalog = new ToolCatalog<ServeCallContext>({ validateOutput: false, search: { learning: learning ? { refreshMs: LEARNING_REFRESH_MS } : false } });
  const call = (tool: HostTool, args: Record<string, unknown>, context: ServeCallContext) =>
    callThroughGate(manager, gate, tool, args, { signal: context.signal, onProgress: context.onProgress, ask: context.ask, trace: context.trace });
  new ClientToolsets(catalog, manager, { call }).sync();
  return catalog;
}

/**
 * The four-tool surface over a catalog rebuilt when the registry changed. A refresh (every burst
 * of status events) only marks it for a check: a rebuild makes a new validator and compiles every
 * schema again, which held the event loop long enough to bunch an upstream's progress
 * notifications, so it happens only when the view's tools or the configured servers differ.
 */
function progressiveSurface(manager: AggregatedManager, view: RegistryView, gate: CallGate, workspace: string, learning: AggregateLearning | false): ToolSurface {
  // The aggregator runs for one person: every call may write, the approval gate decides what reaches a server.
  const context: CallContext = { workspace, scope: "write" };
  let catalog: ToolCatalog<ServeCallContext> | undefined;
  let builtFrom: { tools: readonly HostTool[]; servers: string } | undefined;
  let stale = true;
  // Off: no keeper is read or written, and the catalog ignores learn.
  const kept = learning === false ? undefined : new KeptLearning(learning.keeper, learning.followMs ?? DEFAULT_FOLLOW_MS);
  const current = (): ToolCatalog<ServeCallContext> => {
    if (stale || !catalog) {
      stale = false;
      // The view hands out a new tool array after each registry change (registry-view.ts).
      const from = { tools: view.tools(), servers: view.servers().map((row) => row.name).join("\n") };
      if (!catalog || builtFrom?.tools !== from.tools || builtFrom.servers !== from.servers) {
        catalog = buildCatalog(manager, gate, kept !== undefined);
        builtFrom = from;
        // What searches taught (kept, and since) outlives a rebuild and a restart, for the tools there now.
        kept?.teach(catalog);
        return catalog;
      }
    }
    // What other processes sharing the keeper learned or forgot since (looked at most every followMs).
    kept?.follow(catalog);
    return catalog;
  };
  // One client per aggregator: every search and call comes from it.
  const surface = createProgressiveSurface({ catalog: current, ...(kept ? { learning: { callerOf: () => "client", learned: (pair) => kept.learned(pair) } } : {}) });
  return {
    listTools: () => surface.listTools(),
    refresh() {
      stale = true;
    },
    callTool: (name, args, call) => surface.callTool(name, args, call ? { ...context, ...call } : context),
  };
}

/**
 * The four-tool surface for client-manager's aggregating server (`surface` of createDownstreams).
 * It learns from its client's searches (decision 0055), keeping what they taught in `keeper` when
 * given (else only while it runs) and following what other processes sharing it learn or forget;
 * `false` learns nothing and reads no keeper. A `followMs` outside 0–3,600,000 is INVALID_SEARCH_OPTIONS.
 *
 * @example createDownstreams({ manager, approval: "auto", surface: progressiveSurfaceFactory({ keeper: new LearnedRequestsFile(home) }), version, log, ready })
 */
export function progressiveSurfaceFactory(learning: AggregateLearning | false = {}): SurfaceFactory {
  const followMs = learning === false ? undefined : learning.followMs;
  if (followMs !== undefined && !(Number.isInteger(followMs) && followMs >= 0 && followMs <= MOST_FOLLOW_MS)) {
    throw new CatalogError(CatalogErrorCode.INVALID_SEARCH_OPTIONS, `followMs must be a whole number of milliseconds from 0 to ${MOST_FOLLOW_MS}; got ${String(followMs)}`);
  }
  return {
    create: (manager, view, gate, voice) => progressiveSurface(manager, view, gate, voice.name, learning),
    instructions: (voice) =>
      `${voice.name} fronts several MCP servers. Find a tool with search_tools, read its schema with describe_tool, then call read_tool (read-only tools) or run_tool.`,
  };
}

/** The four-tool surface, learning only while it runs (progressiveSurfaceFactory with no keeper). */
export const aggregateProgressiveSurface: SurfaceFactory = progressiveSurfaceFactory();
