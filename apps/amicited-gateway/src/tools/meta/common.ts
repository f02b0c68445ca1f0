// Constants and owned rows shared by the meta tool files (see ../meta.ts).
import { ownedRow } from "../owned-rows";

/** SQL select list of the summed statistics columns. */
export const stats =
  "SUM(impressions) AS impressions, SUM(reach) AS reach, SUM(clicks) AS clicks, ROUND(CAST(SUM(spend) AS NUMERIC), 2) AS spend, SUM(purchases) AS purchases, ROUND(CAST(SUM(revenue) AS NUMERIC), 2) AS revenue";
/** A Meta campaign. */
export const campaign = ownedRow<{ id: number; name: string; status: string }>({
  param: "campaign_id",
  what: "campaign",
  table: "meta_campaigns",
  listedBy: "meta_list_campaigns",
  columns: "id, name, status",
});
/** A Meta ad set (every column: meta_duplicate_ad_set copies them). */
export const adset = ownedRow<
  Record<string, string | number> & { id: number; daily_budget: number }
>({
  param: "adset_id",
  what: "ad set",
  table: "meta_adsets",
  listedBy: "meta_list_ad_sets",
});
/** A Meta ad creative. */
export const creative = ownedRow<{ id: number; name: string; status: string }>({
  param: "creative_id",
  what: "creative",
  table: "meta_creatives",
  listedBy: "meta_list_creatives",
  columns: "id, name, status",
});
