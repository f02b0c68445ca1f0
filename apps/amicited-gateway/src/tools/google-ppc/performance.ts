// google_ppc tools about campaigns and performance by campaign, ad group, keyword, day, device, channel and match type.
import { arg, defineTools } from "../shared";
import { stats, campaign } from "./common";

/** The google_ppc toolset's tools about campaigns and their performance. */
export const googlePpcPerformanceTools = defineTools("google_ppc", (t, store) => [
  t.list({
    name: "google_ppc_list_campaigns",
    description:
      "List the Google Ads campaigns with channel, status, bidding strategy and daily budget.",
    params: { status: arg.oneOf(["enabled", "paused", "removed"], "Only this status.") },
    sql: "SELECT id AS campaign_id, name, channel, status, bidding, daily_budget, target_cpa FROM gads_campaigns WHERE domain_id = :domain_id[ AND status = :status] ORDER BY id",
  }),
  t.read({
    name: "google_ppc_get_campaign",
    description:
      "One Google Ads campaign with its settings, ad group count and totals over the window.",
    days: 28,
    of: campaign,
    run: async (args, d, w, c) => {
      return {
        ...(await store.get("SELECT * FROM gads_campaigns WHERE id = ?", [c.id])),
        ad_groups: (
          await store.get<{ n: number }>(
            "SELECT COUNT(*) AS n FROM gads_adgroups WHERE campaign_id = ?",
            [c.id],
          )
        )?.n,
        totals: await store.get(
          `SELECT ${stats} FROM gads_keyword_daily WHERE campaign_id = ? AND day BETWEEN ? AND ?`,
          [c.id, w.since, w.until],
        ),
      };
    },
  }),
  t.list({
    name: "google_ppc_campaign_performance",
    description:
      "How is each Google Ads campaign doing? Impressions, clicks, cost, conversions and value per campaign.",
    days: 28,
    sql: `SELECT c.id AS campaign_id, c.name, ${stats} FROM gads_keyword_daily s JOIN gads_campaigns c ON c.id = s.campaign_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY c.id ORDER BY cost DESC`,
  }),
  t.list({
    name: "google_ppc_ad_group_performance",
    description:
      "Which ad groups spend and convert? Statistics per ad group, optionally inside one campaign.",
    days: 28,
    params: { campaign_id: campaign.schema },
    owned: [campaign],
    sql: `SELECT g.id AS adgroup_id, g.name, g.campaign_id, ${stats} FROM gads_keyword_daily s JOIN gads_adgroups g ON g.id = s.adgroup_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until[ AND s.campaign_id = :campaign_id] GROUP BY g.id ORDER BY cost DESC`,
  }),
  t.list({
    name: "google_ppc_keyword_performance",
    description:
      "Keyword by keyword: impressions, clicks, cost, conversions, CPC and quality score.",
    days: 28,
    sql: (d) => `SELECT k.id AS keyword_id, k.text, k.match_type, k.quality_score, ${stats}, ROUND(CAST(SUM(cost) / ${d.greatest("SUM(clicks)", "1")} AS NUMERIC), 2) AS cpc FROM gads_keyword_daily s JOIN gads_keywords k ON k.id = s.keyword_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY k.id ORDER BY cost DESC`,
  }),
  t.list({
    name: "google_ppc_daily_spend",
    description: "How much did we spend on Google Ads each day, and what did it bring?",
    days: 28,
    sql: `SELECT day, ${stats} FROM gads_keyword_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY day ORDER BY day`,
  }),
  t.list({
    name: "google_ppc_performance_by_device",
    description: "Google Ads results per device: does mobile convert as well as desktop?",
    days: 28,
    sql: (d) => `SELECT device, ${stats}, ROUND(CAST(SUM(cost) / ${d.greatest("SUM(conversions)", "0.1")} AS NUMERIC), 2) AS cpa FROM gads_keyword_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY device ORDER BY cost DESC`,
  }),
  t.list({
    name: "google_ppc_performance_by_channel",
    description:
      "Search, Shopping or Performance Max: which Google Ads channel returns the most per dollar?",
    days: 28,
    sql: (d) => `SELECT c.channel, ${stats}, ROUND(CAST(SUM(conv_value) / ${d.greatest("SUM(cost)", "0.01")} AS NUMERIC), 2) AS roas FROM gads_keyword_daily s JOIN gads_campaigns c ON c.id = s.campaign_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY c.channel ORDER BY roas DESC`,
  }),
  t.list({
    name: "google_ppc_performance_by_weekday",
    description: "Which day of the week do Google Ads convert best?",
    days: 84,
    sql: (d) => `SELECT CASE ${d.weekday("day")} WHEN '0' THEN 'sunday' WHEN '1' THEN 'monday' WHEN '2' THEN 'tuesday' WHEN '3' THEN 'wednesday' WHEN '4' THEN 'thursday' WHEN '5' THEN 'friday' ELSE 'saturday' END AS weekday, ${stats} FROM gads_keyword_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY ${d.weekday("day")} ORDER BY ${d.weekday("day")}`,
  }),
  t.list({
    name: "google_ppc_performance_by_match_type",
    description: "Exact, phrase or broad match: which keyword match type performs best?",
    days: 28,
    sql: `SELECT k.match_type, COUNT(DISTINCT k.id) AS keywords, ${stats} FROM gads_keyword_daily s JOIN gads_keywords k ON k.id = s.keyword_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY k.match_type ORDER BY cost DESC`,
  }),
]);
