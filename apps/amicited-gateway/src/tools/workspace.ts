// Toolset "workspace": domains, members, plan, credits, usage and API tokens of the caller's
// workspace. The only toolset whose tools do not take domain_id (they are about the workspace).
// The tools live in ./workspace/ by responsibility; this file assembles the toolset.
import { workspaceAccountTools } from "./workspace/account";
import { workspaceActionTools } from "./workspace/actions";
import type { GatewayTool } from "./shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The workspace toolset's tools. */
export function workspaceTools(store: WorkspaceStore): GatewayTool[] {
  return [...workspaceAccountTools(store), ...workspaceActionTools(store)];
}
