// Toolset "meta": Meta (Facebook/Instagram) ads — campaigns, ad sets, creatives and their daily
// statistics in meta_daily (creative × day): spend, reach, frequency, purchases, revenue.
// The tools live in ./meta/ by responsibility; this file assembles the toolset.
import { metaPerformanceTools } from "./meta/performance";
import { metaActionTools } from "./meta/actions";
import type { GatewayTool } from "./shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The meta toolset's tools. */
export function metaTools(store: WorkspaceStore): GatewayTool[] {
  return [...metaPerformanceTools(store), ...metaActionTools(store)];
}
