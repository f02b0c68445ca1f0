// Constants and lookups shared by the workspace tool files (see ../workspace.ts).
import { requireRow } from "../shared";
import type { Query } from "../shared";
import type { WorkspaceRow } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** Every table holding rows of one domain, deleted with it by account_delete_domain. */
export const domainTables = [
  "prompts",
  "prompt_runs",
  "citations",
  "competitors",
  "gsc_daily",
  "gsc_sitemaps",
  "gsc_inspections",
  "bing_crawl_daily",
  "bing_keywords",
  "bing_crawl_issues",
  "bing_backlinks",
  "bing_url_submissions",
  "bing_blocked_urls",
  "gads_campaigns",
  "gads_adgroups",
  "gads_keywords",
  "gads_keyword_daily",
  "gads_search_terms",
  "meta_campaigns",
  "meta_adsets",
  "meta_creatives",
  "meta_daily",
  "ads_budgets",
  "ads_touchpoints",
  "ads_goals",
  "eshop_products",
  "eshop_customers",
  "eshop_orders",
  "eshop_order_items",
  "eshop_carts",
  "eshop_coupons",
  "eshop_reviews",
  "uptime_monitors",
  "uptime_checks",
  "uptime_incidents",
  "uptime_certificates",
  "uptime_maintenance",
  "uptime_alert_contacts",
  "reports",
  "report_runs",
  "exports",
];
/** Counts the workspace's live domains (`n`): the plan's domain limit. */
export const domainCount = (workspaceId: string): Query => [
  "SELECT COUNT(*) AS n FROM domains WHERE workspace_id = ? AND archived = 0",
  [workspaceId],
];
/** Counts the workspace's members (`n`): the plan's member limit. */
export const memberCount = (workspaceId: string): Query => [
  "SELECT COUNT(*) AS n FROM members WHERE workspace_id = ?",
  [workspaceId],
];

/** Lookups and factories shared by the workspace tool files. */
export function workspaceCommon(store: WorkspaceStore) {
  const workspaceRow = async (id: string) =>
    requireRow<WorkspaceRow>(
      store,
      ["SELECT * FROM workspaces WHERE id = ?", [id]],
      "the workspace",
      "check the token",
    );
  const count = async ([sql, params]: Query) =>
    (await store.get<{ n: number }>(sql, params))?.n ?? 0;
  const countDomains = (id: string) => count(domainCount(id));
  const countMembers = (id: string) => count(memberCount(id));
  return { workspaceRow, countDomains, countMembers };
}
