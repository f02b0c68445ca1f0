// Constants and lookups shared by the google_ppc tool files (see ../google-ppc.ts).
import { arg, requireRow } from "../shared";
import type { DomainScope } from "../shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** SQL select list of the summed statistics columns. */
export const stats =
  "SUM(impressions) AS impressions, SUM(clicks) AS clicks, ROUND(SUM(cost), 2) AS cost, ROUND(SUM(conversions), 1) AS conversions, ROUND(SUM(conv_value), 2) AS conv_value";
/** Schema of a campaign_id argument. */
export const campaignId = arg.id("Campaign (from google_ppc_list_campaigns)");
/** Schema of an adgroup_id argument. */
export const adgroupId = arg.id("Ad group (from google_ppc_list_ad_groups)");
/** Schema of a keyword_id argument. */
export const keywordId = arg.id("Keyword (from google_ppc_list_keywords)");
/** Lookups and factories shared by the google_ppc tool files. */
export function googlePpcCommon(store: WorkspaceStore) {
  const campaign = (id: number, d: DomainScope) =>
    requireRow<{ id: number; name: string; status: string; daily_budget: number }>(
      store,
      [
        "SELECT id, name, status, daily_budget FROM gads_campaigns WHERE id = ? AND domain_id = ?",
        [id, d.id],
      ],
      `campaign ${id}`,
      "list ids with google_ppc_list_campaigns",
    );
  const keyword = (id: number, d: DomainScope) =>
    requireRow<{ id: number; text: string; cpc_bid: number; status: string }>(
      store,
      [
        "SELECT id, text, cpc_bid, status FROM gads_keywords WHERE id = ? AND domain_id = ? AND negative = 0",
        [id, d.id],
      ],
      `keyword ${id}`,
      "list ids with google_ppc_list_keywords",
    );
  const adgroup = (id: number, d: DomainScope) =>
    requireRow<{ id: number; name: string }>(
      store,
      ["SELECT id, name FROM gads_adgroups WHERE id = ? AND domain_id = ?", [id, d.id]],
      `ad group ${id}`,
      "list ids with google_ppc_list_ad_groups",
    );
  return { campaign, keyword, adgroup };
}
