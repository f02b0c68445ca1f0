// An aggregating server's progressive surface (client-manager's /aggregate SurfaceFactory, what
// `foya serve --progressive` wires): the registry behind the four-tool surface (search_tools,
// describe_tool, read_tool, run_tool) instead of every tool listed — the same schemas, checks,
// kinds and answers as amicited-gateway's. Each upstream server becomes one toolset (the bridge,
// client-toolsets.ts); calls still pass the aggregator's approval gate. The catalog is rebuilt
// when the registry changed. Neighbours: client-manager's aggregate/tool-surface.ts (direct listing, the call gate).
import type { HostTool } from "@foundry-mcp/client-manager";
import { callThroughGate, type AggregatedManager, type CallGate, type CallScope, type RegistryView, type SurfaceFactory, type ToolSurface } from "@foundry-mcp/client-manager/aggregate";
import { DEFAULT_LEARNED_TOTAL, ToolCatalog, type CallContext, type LearnedRequest } from "@foundry-mcp/tool-catalog";
import { ClientToolsets } from "./client-toolsets";
import { createProgressiveSurface } from "./surface";

/** The catalog's call context of one call: the aggregator's, carrying the client's signal and progress sink to the upstream call, and its AskClient to the gate. */
type ServeCallContext = CallContext & { onProgress?: CallScope["onProgress"]; ask?: CallScope["ask"]; trace?: CallScope["trace"] };

// An aggregator fronts tens to hundreds of tools (an index rebuild is a few tens of ms): requests
// learned from its client's searches count from the next search a second later.
const LEARNING_REFRESH_MS = 1000;

/**
 * Where an aggregating surface keeps what its client's searches taught, across restarts (foya:
 * client-manager's LearnedRequestsFile in its home folder). Neither method may throw.
 */
export interface LearnedRequestKeeper {
  /** The pairs kept, oldest first. */
  load(): LearnedRequest[];
  /** Keeps more pairs (written before the call that taught them answers). */
  add(pairs: readonly LearnedRequest[]): void;
}

// Pairs one surface holds to teach each catalog it builds: as many as the catalog keeps.
const MAX_TAUGHT = DEFAULT_LEARNED_TOTAL;

/** A catalog over the current registry: one toolset per configured server, calls through the gate. */
function buildCatalog(manager: AggregatedManager, gate: CallGate): ToolCatalog<ServeCallContext> {
  const catalog = new ToolCatalog<ServeCallContext>({ validateOutput: false, search: { learning: { refreshMs: LEARNING_REFRESH_MS } } });
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
function progressiveSurface(manager: AggregatedManager, view: RegistryView, gate: CallGate, workspace: string, keeper: LearnedRequestKeeper | undefined): ToolSurface {
  // The aggregator runs for one person: every call may write, the approval gate decides what reaches a server.
  const context: CallContext = { workspace, scope: "write" };
  let catalog: ToolCatalog<ServeCallContext> | undefined;
  let builtFrom: { tools: readonly HostTool[]; servers: string } | undefined;
  let stale = true;
  const taught: LearnedRequest[] = (keeper?.load() ?? []).slice(-MAX_TAUGHT);
  const current = (): ToolCatalog<ServeCallContext> => {
    if (stale || !catalog) {
      stale = false;
      // The view hands out a new tool array after each registry change (registry-view.ts).
      const from = { tools: view.tools(), servers: view.servers().map((row) => row.name).join("\n") };
      if (!catalog || builtFrom?.tools !== from.tools || builtFrom.servers !== from.servers) {
        catalog = buildCatalog(manager, gate);
        builtFrom = from;
        // What searches taught (kept, and since) outlives a rebuild and a restart, for the tools there now.
        for (const { request, tool } of taught) if (catalog.get(tool) !== undefined) catalog.learn(request, tool);
      }
    }
    return catalog;
  };
  // One client per aggregator: every search and call comes from it.
  const learned = (pair: LearnedRequest): void => {
    taught.push(pair);
    if (taught.length > MAX_TAUGHT) taught.shift();
    keeper?.add([pair]);
  };
  const surface = createProgressiveSurface({ catalog: current, learning: { callerOf: () => "client", learned } });
  return {
    listTools: () => surface.listTools(),
    refresh() {
      stale = true;
    },
    callTool: (name, args, call) => surface.callTool(name, args, call ? { ...context, ...call } : context),
  };
}

/**
 * The four-tool surface for client-manager's aggregating server (`surface` of createDownstreams),
 * keeping what its client's searches taught in `keeper` when given (else only while it runs).
 *
 * @example createDownstreams({ manager, approval: "auto", surface: progressiveSurfaceFactory(new LearnedRequestsFile(home)), version, log, ready })
 */
export function progressiveSurfaceFactory(keeper?: LearnedRequestKeeper): SurfaceFactory {
  return {
    create: (manager, view, gate, voice) => progressiveSurface(manager, view, gate, voice.name, keeper),
    instructions: (voice) =>
      `${voice.name} fronts several MCP servers. Find a tool with search_tools, read its schema with describe_tool, then call read_tool (read-only tools) or run_tool.`,
  };
}

/** The four-tool surface, learning only while it runs (progressiveSurfaceFactory with no keeper). */
export const aggregateProgressiveSurface: SurfaceFactory = progressiveSurfaceFactory();
