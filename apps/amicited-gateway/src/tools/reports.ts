// Toolset "reports": scheduled reports (templates rendered from the other areas' data), their
// delivery runs, and one-off exports of a dataset as CSV or JSON kept in the store.
// The tools live in ./reports/ by responsibility; this file assembles the toolset.
import { reportsScheduledTools } from "./reports/scheduled";
import { reportsExportTools } from "./reports/exports";
import type { GatewayTool } from "./shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The reports toolset's tools. */
export function reportsTools(store: WorkspaceStore): GatewayTool[] {
  return [...reportsScheduledTools(store), ...reportsExportTools(store)];
}
