// Constants and owned rows shared by the google_ppc tool files (see ../google-ppc.ts).
import { ownedRow } from "../owned-rows";

/** SQL select list of the summed statistics columns. */
export const stats =
  "SUM(impressions) AS impressions, SUM(clicks) AS clicks, ROUND(CAST(SUM(cost) AS NUMERIC), 2) AS cost, ROUND(CAST(SUM(conversions) AS NUMERIC), 1) AS conversions, ROUND(CAST(SUM(conv_value) AS NUMERIC), 2) AS conv_value";
/** A Google Ads campaign. */
export const campaign = ownedRow<{
  id: number;
  name: string;
  status: string;
  daily_budget: number;
}>({
  param: "campaign_id",
  what: "campaign",
  table: "gads_campaigns",
  listedBy: "google_ppc_list_campaigns",
  columns: "id, name, status, daily_budget",
});
/** An ad group. */
export const adgroup = ownedRow<{ id: number; campaign_id: number; name: string }>({
  param: "adgroup_id",
  what: "ad group",
  table: "gads_adgroups",
  listedBy: "google_ppc_list_ad_groups",
  columns: "id, campaign_id, name",
});
/** A bidded keyword (negative keywords are not among them). */
export const keyword = ownedRow<{ id: number; text: string; cpc_bid: number; status: string }>({
  param: "keyword_id",
  what: "keyword",
  table: "gads_keywords",
  listedBy: "google_ppc_list_keywords",
  columns: "id, text, cpc_bid, status",
  where: "negative = 0",
});
