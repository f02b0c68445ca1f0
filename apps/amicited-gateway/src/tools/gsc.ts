// Toolset "gsc": Google Search Console — queries, pages, countries, devices, clicks, impressions,
// CTR and position from gsc_daily; sitemaps and URL inspections. gsc_search_analytics_query takes
// the nested `query` object of the Search Console API; the others take flat arguments.
// The tools live in ./gsc/ by responsibility; this file assembles the toolset.
import { gscPerformanceTools } from "./gsc/performance";
import { gscDrilldownTools } from "./gsc/drilldown";
import type { GatewayTool } from "./shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The gsc toolset's tools. */
export function gscTools(store: WorkspaceStore): GatewayTool[] {
  return [...gscPerformanceTools(store), ...gscDrilldownTools(store)];
}
