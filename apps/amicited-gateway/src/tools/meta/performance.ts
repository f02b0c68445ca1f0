// meta tools about campaigns, ad sets, creatives and their performance, fatigue, pacing and totals.
import { dialectSql } from "@foundry-mcp/workspace-store";
import { previousWindowOf, round, defineTools, windowOf } from "../shared";
import type { GatewayTool } from "../shared";
import { stats, campaign, creative, adset } from "./common";

/** The meta toolset's tools about campaigns, ad sets, creatives and their performance. */
export const metaPerformanceTools = defineTools("meta", (t, store) => {
  const dialect = dialectSql(store.dialect);
  const byDimension = (name: string, description: string, column: string): GatewayTool =>
    t.list({
      name,
      description,
      days: 28,
      sql: (d) => `SELECT a.${column}, ${stats}, ROUND(CAST(SUM(s.spend) / ${d.greatest("SUM(s.purchases)", "1")} AS NUMERIC), 2) AS cost_per_purchase FROM meta_daily s JOIN meta_adsets a ON a.id = s.adset_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY a.${column} ORDER BY revenue DESC`,
    });
  return [
    t.list({
      name: "meta_list_campaigns",
      description: "List Meta ad campaigns with objective, status and daily budget.",
      sql: "SELECT id AS campaign_id, name, objective, status, daily_budget, created_at FROM meta_campaigns WHERE domain_id = :domain_id ORDER BY id",
    }),
    t.read({
      name: "meta_get_campaign",
      description: "One Meta campaign: settings, ad sets and totals over the window.",
      days: 28,
      of: campaign,
      run: async (args, d, w, c) => {
        return {
          ...(await store.get("SELECT * FROM meta_campaigns WHERE id = ?", [c.id])),
          ad_sets: await store.all(
            "SELECT id AS adset_id, name, status FROM meta_adsets WHERE campaign_id = ?",
            [c.id],
          ),
          totals: await store.get(
            `SELECT ${stats} FROM meta_daily WHERE campaign_id = ? AND day BETWEEN ? AND ?`,
            [c.id, w.since, w.until],
          ),
        };
      },
    }),
    t.list({
      name: "meta_list_ad_sets",
      description: "List ad sets with audience, placement, age range, status and budget.",
      params: { campaign_id: campaign.schema },
      owned: [campaign],
      sql: "SELECT id AS adset_id, campaign_id, name, audience, placement, age_range, status, daily_budget FROM meta_adsets WHERE domain_id = :domain_id[ AND campaign_id = :campaign_id] ORDER BY id",
    }),
    t.list({
      name: "meta_list_creatives",
      description: "List ad creatives with format, headline, call to action and status.",
      params: { adset_id: adset.schema },
      owned: [adset],
      sql: "SELECT id AS creative_id, adset_id, name, format, headline, call_to_action, status FROM meta_creatives WHERE domain_id = :domain_id[ AND adset_id = :adset_id] ORDER BY id",
    }),
    t.list({
      name: "meta_campaign_performance",
      description:
        "How is each Meta campaign doing? Spend, reach, clicks, purchases, revenue and ROAS.",
      days: 28,
      sql: (d) => `SELECT c.id AS campaign_id, c.name, ${stats}, ROUND(CAST(SUM(s.revenue) / ${d.greatest("SUM(s.spend)", "0.01")} AS NUMERIC), 2) AS roas FROM meta_daily s JOIN meta_campaigns c ON c.id = s.campaign_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY c.id ORDER BY spend DESC`,
    }),
    t.list({
      name: "meta_ad_set_performance",
      description: "Which Meta ad sets convert? Statistics and cost per purchase per ad set.",
      days: 28,
      sql: (d) => `SELECT a.id AS adset_id, a.name, ${stats}, ROUND(CAST(SUM(s.spend) / ${d.greatest("SUM(s.purchases)", "1")} AS NUMERIC), 2) AS cost_per_purchase FROM meta_daily s JOIN meta_adsets a ON a.id = s.adset_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY a.id ORDER BY cost_per_purchase`,
    }),
    t.list({
      name: "meta_creative_performance",
      description: "Which ad creatives work? Clicks, CTR, purchases and revenue per creative.",
      days: 28,
      sql: (d) => `SELECT c.id AS creative_id, c.name, c.format, ${stats}, ROUND(CAST(SUM(s.clicks) * 1.0 / ${d.greatest("SUM(s.impressions)", "1")} AS NUMERIC), 4) AS ctr FROM meta_daily s JOIN meta_creatives c ON c.id = s.creative_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY c.id ORDER BY revenue DESC`,
    }),
    t.list({
      name: "meta_daily_spend",
      description: "Meta ads spend and results day by day.",
      days: 28,
      sql: `SELECT day, ${stats} FROM meta_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY day ORDER BY day`,
    }),
    t.list({
      name: "meta_frequency_by_ad_set",
      description:
        "Are we showing the same people our ads too often? Frequency (impressions per person reached) per ad set.",
      days: 7,
      sql: (d) => `SELECT a.id AS adset_id, a.name, ROUND(CAST(SUM(s.impressions) * 1.0 / ${d.greatest("SUM(s.reach)", "1")} AS NUMERIC), 2) AS frequency, SUM(s.reach) AS reach FROM meta_daily s JOIN meta_adsets a ON a.id = s.adset_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY a.id ORDER BY frequency DESC`,
    }),
    t.list({
      name: "meta_performance_by_format",
      description: "Image, video or carousel: which creative format performs best?",
      days: 28,
      sql: (d) => `SELECT c.format, ${stats}, ROUND(CAST(SUM(s.revenue) / ${d.greatest("SUM(s.spend)", "0.01")} AS NUMERIC), 2) AS roas FROM meta_daily s JOIN meta_creatives c ON c.id = s.creative_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY c.format ORDER BY roas DESC`,
    }),
    byDimension(
      "meta_performance_by_audience",
      "Which Meta audience (lookalike, retargeting, interests) buys the most?",
      "audience",
    ),
    byDimension(
      "meta_performance_by_placement",
      "Feed, stories or reels: which Meta placement performs best?",
      "placement",
    ),
    byDimension(
      "meta_performance_by_age_range",
      "Which age range responds best to our Meta ads?",
      "age_range",
    ),
    t.list({
      name: "meta_creative_fatigue",
      description:
        "Ad fatigue: which Facebook/Instagram creatives are wearing out because people are tired of seeing them? CTR over the last 7 days against the 7 days before, biggest drop first.",
      query: (_args, d) => {
        const w = windowOf(d, { days: 7 });
        const p = previousWindowOf(d, { days: 7 });
        return [
          `SELECT * FROM (SELECT c.id AS creative_id, c.name, ROUND(CAST(SUM(CASE WHEN s.day >= ? THEN s.clicks END) * 1.0 / ${dialect.greatest("SUM(CASE WHEN s.day >= ? THEN s.impressions END)", "1")} AS NUMERIC), 4) AS ctr_last_7, ROUND(CAST(SUM(CASE WHEN s.day < ? THEN s.clicks END) * 1.0 / ${dialect.greatest("SUM(CASE WHEN s.day < ? THEN s.impressions END)", "1")} AS NUMERIC), 4) AS ctr_prior_7 FROM meta_daily s JOIN meta_creatives c ON c.id = s.creative_id WHERE s.domain_id = ? AND s.day BETWEEN ? AND ? GROUP BY c.id) AS creative_ctr ORDER BY ROUND(CAST(ctr_last_7 - ctr_prior_7 AS NUMERIC), 4), creative_id`,
          [w.since, w.since, w.since, w.since, d.id, p.since, w.until],
        ];
      },
    }),
    t.list({
      name: "meta_top_creatives_by_ctr",
      description: "Which creatives get clicked the most per impression?",
      days: 28,
      params: {
        min_impressions: {
          type: "integer",
          minimum: 0,
          default: 1000,
          description: "Ignore creatives below this many impressions.",
        },
      },
      sql: (d) => `SELECT c.id AS creative_id, c.name, c.headline, ROUND(CAST(SUM(s.clicks) * 1.0 / ${d.greatest("SUM(s.impressions)", "1")} AS NUMERIC), 4) AS ctr, SUM(s.impressions) AS impressions FROM meta_daily s JOIN meta_creatives c ON c.id = s.creative_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY c.id HAVING SUM(s.impressions) >= :min_impressions ORDER BY ctr DESC`,
    }),
    t.list({
      name: "meta_video_views",
      description:
        "How many views did our video creatives get, and what share of impressions was watched?",
      days: 28,
      sql: (d) => `SELECT c.id AS creative_id, c.name, SUM(s.video_views) AS video_views, ROUND(CAST(SUM(s.video_views) * 1.0 / ${d.greatest("SUM(s.impressions)", "1")} AS NUMERIC), 3) AS view_rate FROM meta_daily s JOIN meta_creatives c ON c.id = s.creative_id WHERE s.domain_id = :domain_id AND c.format = 'video' AND s.day BETWEEN :since AND :until GROUP BY c.id ORDER BY video_views DESC`,
    }),
    t.list({
      name: "meta_budget_pacing",
      description:
        "Are Meta ad sets spending their daily budget? Average daily spend against budget.",
      days: 7,
      sql: "SELECT a.id AS adset_id, a.name, a.daily_budget, ROUND(CAST(SUM(s.spend) / :days AS NUMERIC), 2) AS average_daily_spend, ROUND(CAST(SUM(s.spend) / :days / a.daily_budget AS NUMERIC), 3) AS budget_used FROM meta_adsets a LEFT JOIN meta_daily s ON s.adset_id = a.id AND s.day BETWEEN :since AND :until WHERE a.domain_id = :domain_id GROUP BY a.id ORDER BY budget_used DESC",
    }),
    t.list({
      name: "meta_losing_ad_sets",
      description: "Which Meta ad sets spend more than they bring back (ROAS below 1)?",
      days: 28,
      sql: (d) => `SELECT a.id AS adset_id, a.name, ROUND(CAST(SUM(s.spend) AS NUMERIC), 2) AS spend, ROUND(CAST(SUM(s.revenue) AS NUMERIC), 2) AS revenue, ROUND(CAST(SUM(s.revenue) / ${d.greatest("SUM(s.spend)", "0.01")} AS NUMERIC), 2) AS roas FROM meta_daily s JOIN meta_adsets a ON a.id = s.adset_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY a.id HAVING ROUND(CAST(SUM(s.revenue) / ${d.greatest("SUM(s.spend)", "0.01")} AS NUMERIC), 2) < 1 ORDER BY roas`,
    }),
    t.totals<Record<string, number>>({
      name: "meta_account_summary",
      description:
        "The Meta ads account at a glance: spend, reach, frequency, CTR, cost per purchase and ROAS.",
      days: 28,
      sql: `SELECT ${stats} FROM meta_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until`,
      answer: (s) => ({
        ...s,
        frequency: round((s?.impressions ?? 0) / Math.max(1, s?.reach ?? 0)),
        ctr: round((s?.clicks ?? 0) / Math.max(1, s?.impressions ?? 0), 4),
        cost_per_purchase: round((s?.spend ?? 0) / Math.max(1, s?.purchases ?? 0)),
        roas: round((s?.revenue ?? 0) / Math.max(0.01, s?.spend ?? 0)),
      }),
    }),
    t.comparePeriods({
      name: "meta_compare_periods",
      description: "Meta ads this window versus the previous one.",
      days: 28,
      sql: `SELECT ${stats} FROM meta_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until`,
    }),
    t.list({
      name: "meta_creative_history",
      description: "Day by day for one creative: impressions, clicks, spend and purchases.",
      days: 28,
      of: creative,
      sql: `SELECT day, ${stats} FROM meta_daily WHERE creative_id = :creative_id AND day BETWEEN :since AND :until GROUP BY day ORDER BY day`,
    }),
  ];
});
