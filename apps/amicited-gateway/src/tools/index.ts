// The twelve toolsets of the gateway and every tool in them, built over one WorkspaceStore.
// Names carry the toolset's prefix (the workspace toolset also owns `list_domains`).
import type { ToolsetDefinition } from "@foundry-mcp/tool-catalog";
import { adsTools } from "./ads";
import { bingTools } from "./bing-wmt";
import { competitorsTools } from "./competitors";
import { eshopTools } from "./eshop";
import { googlePpcTools } from "./google-ppc";
import { gscTools } from "./gsc";
import { metaTools } from "./meta";
import { promptsTools } from "./prompts";
import { reportsTools } from "./reports";
import { seoTools } from "./seo";
import type { GatewayTool } from "./shared";
import { uptimeTools } from "./uptime";
import { workspaceTools } from "./workspace";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The twelve built-in toolsets, in the order tools/list and browsing show them. */
export const GATEWAY_TOOLSETS: readonly ToolsetDefinition[] = [
  {
    name: "workspace",
    prefix: "account_",
    extraPrefixes: ["list_domains"],
    title: "Workspace",
    description:
      "Domains, members, plan and limits, credits, usage and API tokens of the workspace.",
  },
  {
    name: "seo",
    prefix: "seo_",
    title: "AI visibility",
    description:
      "AI citations and visibility: mentions, citation gaps, invisible winners, share of voice, sentiment.",
  },
  {
    name: "prompts",
    prefix: "prompts_",
    title: "Tracked prompts",
    description:
      "Questions tracked in AI engines (ChatGPT, Perplexity, Gemini, Claude, AI Overviews), their runs and answers.",
  },
  {
    name: "competitors",
    prefix: "competitors_",
    title: "Competitors",
    description: "Competitor domains and how they compare with us in AI answers.",
  },
  {
    name: "gsc",
    prefix: "gsc_",
    title: "Google Search Console",
    description:
      "Google search queries, pages, clicks, impressions, CTR, position, sitemaps and indexing.",
  },
  {
    name: "bing_wmt",
    prefix: "bing_wmt_",
    title: "Bing Webmaster Tools",
    description: "Bing crawl, index, keywords, crawl issues, backlinks and URL submission.",
  },
  {
    name: "google_ppc",
    prefix: "google_ppc_",
    title: "Google Ads",
    description:
      "Google Ads campaigns, ad groups, keywords, search terms, spend, conversions, bids and budgets.",
  },
  {
    name: "meta",
    prefix: "meta_",
    title: "Meta ads",
    description:
      "Facebook and Instagram ad campaigns, ad sets, creatives, audiences, spend and ROAS.",
  },
  {
    name: "ads",
    prefix: "ads_",
    title: "Cross-network ads",
    description:
      "Budgets and spend across ad networks, blended ROAS and CPA, attribution models and conversion paths.",
  },
  {
    name: "eshop",
    prefix: "eshop_",
    title: "E-shop",
    description:
      "Products, stock, orders, revenue, customers, lifetime value, churn, carts, coupons and reviews.",
  },
  {
    name: "uptime",
    prefix: "uptime_",
    title: "Uptime",
    description:
      "Is the site up or down: monitors, checks, response times, incidents, SLA and certificate expiry.",
  },
  {
    name: "reports",
    prefix: "reports_",
    title: "Reports",
    description: "Scheduled reports, their deliveries, and data exports.",
  },
];

/** Every built-in tool of the gateway, reading and writing `store`. */
export function buildGatewayTools(store: WorkspaceStore): GatewayTool[] {
  return [
    ...workspaceTools(store),
    ...seoTools(store),
    ...promptsTools(store),
    ...competitorsTools(store),
    ...gscTools(store),
    ...bingTools(store),
    ...googlePpcTools(store),
    ...metaTools(store),
    ...adsTools(store),
    ...eshopTools(store),
    ...uptimeTools(store),
    ...reportsTools(store),
  ];
}
