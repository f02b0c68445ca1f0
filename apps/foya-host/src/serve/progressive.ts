// `foya serve --progressive`: the registry behind @foundry-mcp/progressive's four-tool surface
// (search_tools, describe_tool, read_tool, run_tool) instead of every tool listed — the same
// schemas, checks, kinds and answers as amicited-gateway's. Each upstream server becomes one
// toolset (the package's bridge); calls still pass foya's approval gate. The catalog is rebuilt
// when the registry changes. Neighbours: tool-surface.ts (direct listing, the call gate).
import { ClientToolsets, createProgressiveSurface } from "@foundry-mcp/progressive";
import { ToolCatalog, type CallContext } from "@foundry-mcp/tool-catalog";
import type { HostManager } from "../host/contract";
import { callThroughGate, type CallGate, type ToolSurface } from "./tool-surface";

// foya runs for one person: every call may write, the approval gate decides what reaches a server.
const CONTEXT: CallContext = { workspace: "foya", scope: "write" };

/** A catalog over the current registry: one toolset per configured server, calls through the gate. */
export function buildCatalog(manager: HostManager, gate: CallGate): ToolCatalog {
  const catalog = new ToolCatalog({ validateOutput: false });
  new ClientToolsets(catalog, manager, { call: (tool, args) => callThroughGate(manager, gate, tool, args) }).sync();
  return catalog;
}

/** The four-tool surface over a catalog rebuilt whenever the registry changes. */
export function progressiveSurface(manager: HostManager, gate: CallGate): ToolSurface {
  let catalog: ToolCatalog | undefined;
  const surface = createProgressiveSurface({ catalog: () => (catalog ??= buildCatalog(manager, gate)) });
  return {
    listTools: () => surface.listTools(),
    refresh() {
      catalog = undefined;
    },
    callTool: (name, args) => surface.callTool(name, args, CONTEXT),
  };
}
