// Toolset "google_ppc": Google Ads — campaigns, ad groups, keywords, search terms, spend,
// conversions and their changes. Statistics come from gads_keyword_daily (keyword × day × device).
// The tools live in ./google-ppc/ by responsibility; this file assembles the toolset.
import { googlePpcPerformanceTools } from "./google-ppc/performance";
import { googlePpcKeywordTools } from "./google-ppc/keywords";
import { googlePpcActionTools } from "./google-ppc/actions";
import type { GatewayTool } from "./shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The google_ppc toolset's tools. */
export function googlePpcTools(store: WorkspaceStore): GatewayTool[] {
  return [
    ...googlePpcPerformanceTools(store),
    ...googlePpcKeywordTools(store),
    ...googlePpcActionTools(store),
  ];
}
