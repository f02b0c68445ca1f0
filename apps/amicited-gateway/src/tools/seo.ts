// Toolset "seo": AI citations and visibility — how often AI engines mention and cite the domain,
// against whom, where the gaps are. Reads prompt_runs and citations (see demo/marketing.ts).
// The tools live in ./seo/ by responsibility; this file assembles the toolset.
import { seoVisibilityTools } from "./seo/visibility";
import { seoChangeTools } from "./seo/changes";
import type { GatewayTool } from "./shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The seo toolset's tools. */
export function seoTools(store: WorkspaceStore): GatewayTool[] {
  return [...seoVisibilityTools(store), ...seoChangeTools(store)];
}
