// Toolset "bing_wmt": Bing Webmaster Tools — crawl statistics, index size, keywords, crawl
// issues, backlinks, URL submissions (with Bing's daily quota) and blocked URLs.
// The tools live in ./bing-wmt/ by responsibility; this file assembles the toolset.
import { bingCrawlTools } from "./bing-wmt/crawl";
import { bingSiteTools } from "./bing-wmt/site";
import type { GatewayTool } from "./shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The bing_wmt toolset's tools. */
export function bingTools(store: WorkspaceStore): GatewayTool[] {
  return [...bingCrawlTools(store), ...bingSiteTools(store)];
}
