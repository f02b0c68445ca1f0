// Constants and lookups shared by the meta tool files (see ../meta.ts).
import { arg, requireRow } from "../shared";
import type { DomainScope } from "../shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** SQL select list of the summed statistics columns. */
export const stats =
  "SUM(impressions) AS impressions, SUM(reach) AS reach, SUM(clicks) AS clicks, ROUND(SUM(spend), 2) AS spend, SUM(purchases) AS purchases, ROUND(SUM(revenue), 2) AS revenue";
/** Schema of a campaign_id argument. */
export const campaignId = arg.id("Campaign (from meta_list_campaigns)");
/** Schema of an adset_id argument. */
export const adsetId = arg.id("Ad set (from meta_list_ad_sets)");
/** Schema of a creative_id argument. */
export const creativeId = arg.id("Creative (from meta_list_creatives)");
/** Lookups and factories shared by the meta tool files. */
export function metaCommon(store: WorkspaceStore) {
  const campaign = (id: number, d: DomainScope) =>
    requireRow<{ id: number; name: string; status: string }>(
      store,
      ["SELECT id, name, status FROM meta_campaigns WHERE id = ? AND domain_id = ?", [id, d.id]],
      `campaign ${id}`,
      "list ids with meta_list_campaigns",
    );
  const creative = (id: number, d: DomainScope) =>
    requireRow<{ id: number; name: string; status: string }>(
      store,
      ["SELECT id, name, status FROM meta_creatives WHERE id = ? AND domain_id = ?", [id, d.id]],
      `creative ${id}`,
      "list ids with meta_list_creatives",
    );
  const adset = (id: number, d: DomainScope) =>
    requireRow<{ id: number; name: string }>(
      store,
      ["SELECT id, name FROM meta_adsets WHERE id = ? AND domain_id = ?", [id, d.id]],
      `ad set ${id}`,
      "list ids with meta_list_ad_sets",
    );
  return { campaign, creative, adset };
}
