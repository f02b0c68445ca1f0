// `foya serve --progressive`: the registry behind @foundry-mcp/progressive's four-tool surface
// (search_tools, describe_tool, read_tool, run_tool) instead of every tool listed — the same
// schemas, checks, kinds and answers as amicited-gateway's. Each upstream server becomes one
// toolset (the package's bridge); calls still pass foya's approval gate. The catalog is rebuilt
// when the registry changed. Neighbours: tool-surface.ts (direct listing, the call gate).
import { ClientToolsets, createProgressiveSurface } from "@foundry-mcp/progressive";
import { ToolCatalog, type CallContext } from "@foundry-mcp/tool-catalog";
import type { HostManager, HostTool } from "../host/contract";
import type { RegistryView } from "./registry-view";
import { callThroughGate, type CallGate, type CallScope, type ToolSurface } from "./tool-surface";

// foya runs for one person: every call may write, the approval gate decides what reaches a server.
const CONTEXT: CallContext = { workspace: "foya", scope: "write" };

/** The catalog's call context of one call: foya's, carrying the client's signal and progress sink to the upstream call, and its AskClient to the gate. */
type ServeCallContext = CallContext & { onProgress?: CallScope["onProgress"]; ask?: CallScope["ask"] };

/** A catalog over the current registry: one toolset per configured server, calls through the gate. */
export function buildCatalog(manager: HostManager, gate: CallGate): ToolCatalog<ServeCallContext> {
  const catalog = new ToolCatalog<ServeCallContext>({ validateOutput: false });
  const call = (tool: HostTool, args: Record<string, unknown>, context: ServeCallContext) =>
    callThroughGate(manager, gate, tool, args, { signal: context.signal, onProgress: context.onProgress, ask: context.ask });
  new ClientToolsets(catalog, manager, { call }).sync();
  return catalog;
}

/**
 * The four-tool surface over a catalog rebuilt when the registry changed. A refresh (every burst
 * of status events) only marks it for a check: a rebuild makes a new validator and compiles every
 * schema again, which held the event loop long enough to bunch an upstream's progress
 * notifications, so it happens only when the view's tools or the configured servers differ.
 */
export function progressiveSurface(manager: HostManager, view: RegistryView, gate: CallGate): ToolSurface {
  let catalog: ToolCatalog<ServeCallContext> | undefined;
  let builtFrom: { tools: readonly HostTool[]; servers: string } | undefined;
  let stale = true;
  const current = (): ToolCatalog<ServeCallContext> => {
    if (stale || !catalog) {
      stale = false;
      // The view hands out a new tool array after each registry change (registry-view.ts).
      const from = { tools: view.tools(), servers: view.servers().map((row) => row.name).join("\n") };
      if (!catalog || builtFrom?.tools !== from.tools || builtFrom.servers !== from.servers) {
        catalog = buildCatalog(manager, gate);
        builtFrom = from;
      }
    }
    return catalog;
  };
  const surface = createProgressiveSurface({ catalog: current });
  return {
    listTools: () => surface.listTools(),
    refresh() {
      stale = true;
    },
    callTool: (name, args, call) => surface.callTool(name, args, call ? { ...CONTEXT, ...call } : CONTEXT),
  };
}
