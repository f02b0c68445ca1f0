// google_ppc tools about ad groups, keywords, search terms, CPA/ROAS, budget pacing and account totals.
import { arg, round, defineTools } from "../shared";
import { stats, keyword, campaign, adgroup } from "./common";

/** The google_ppc toolset's tools about ad groups, keywords, search terms, budgets and totals. */
export const googlePpcKeywordTools = defineTools("google_ppc", (t) => [
  t.list({
    name: "google_ppc_list_ad_groups",
    description: "List ad groups with status and default CPC, optionally for one campaign.",
    params: { campaign_id: campaign.schema },
    owned: [campaign],
    sql: "SELECT id AS adgroup_id, campaign_id, name, status, default_cpc FROM gads_adgroups WHERE domain_id = :domain_id[ AND campaign_id = :campaign_id] ORDER BY id",
  }),
  t.list({
    name: "google_ppc_list_keywords",
    description:
      "List bidded keywords with match type, status, quality score and max CPC, optionally for one ad group.",
    params: { adgroup_id: adgroup.schema },
    owned: [adgroup],
    sql: "SELECT id AS keyword_id, adgroup_id, text, match_type, status, quality_score, cpc_bid FROM gads_keywords WHERE domain_id = :domain_id AND negative = 0[ AND adgroup_id = :adgroup_id] ORDER BY id",
  }),
  t.list({
    name: "google_ppc_low_quality_keywords",
    description: "Which keywords have a poor quality score (pay more per click)?",
    params: {
      max_quality_score: {
        type: "integer",
        minimum: 1,
        maximum: 10,
        default: 4,
        description: "Highest score to include.",
      },
    },
    sql: "SELECT id AS keyword_id, text, match_type, quality_score, cpc_bid FROM gads_keywords WHERE domain_id = :domain_id AND negative = 0 AND quality_score <= :max_quality_score ORDER BY quality_score, id",
  }),
  t.list({
    name: "google_ppc_quality_score_distribution",
    description: "How many keywords sit at each quality score from 1 to 10?",
    sql: "SELECT quality_score, COUNT(*) AS keywords FROM gads_keywords WHERE domain_id = :domain_id AND negative = 0 GROUP BY quality_score ORDER BY quality_score",
  }),
  t.list({
    name: "google_ppc_wasted_spend_keywords",
    description:
      "Where are we wasting ad money? Keywords that spent over `min_cost` with no conversions.",
    days: 28,
    params: { min_cost: arg.number("Spend threshold in account currency.") },
    query: (args, d, w) => [
      "SELECT k.id AS keyword_id, k.text, ROUND(CAST(SUM(s.cost) AS NUMERIC), 2) AS cost, SUM(s.clicks) AS clicks FROM gads_keyword_daily s JOIN gads_keywords k ON k.id = s.keyword_id WHERE s.domain_id = ? AND s.day BETWEEN ? AND ? GROUP BY k.id HAVING SUM(s.conversions) = 0 AND SUM(s.cost) >= ? ORDER BY cost DESC",
      [d.id, w.since, w.until, args.min_cost ?? 0],
    ],
  }),
  t.list({
    name: "google_ppc_top_converting_keywords",
    description: "Which keywords bring the most conversions, and at what cost per conversion?",
    days: 28,
    sql: (d) => `SELECT k.id AS keyword_id, k.text, ROUND(CAST(SUM(s.conversions) AS NUMERIC), 1) AS conversions, ROUND(CAST(SUM(s.cost) / ${d.greatest("SUM(s.conversions)", "0.1")} AS NUMERIC), 2) AS cpa FROM gads_keyword_daily s JOIN gads_keywords k ON k.id = s.keyword_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY k.id HAVING SUM(s.conversions) > 0 ORDER BY conversions DESC, k.id`,
  }),
  t.list({
    name: "google_ppc_cpa_by_campaign",
    description: "What does a conversion cost in each campaign, against its target CPA?",
    days: 28,
    sql: (d) => `SELECT c.id AS campaign_id, c.name, c.target_cpa, ROUND(CAST(SUM(s.cost) / ${d.greatest("SUM(s.conversions)", "0.1")} AS NUMERIC), 2) AS cpa, ROUND(CAST(SUM(s.conversions) AS NUMERIC), 1) AS conversions FROM gads_keyword_daily s JOIN gads_campaigns c ON c.id = s.campaign_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY c.id ORDER BY cpa DESC`,
  }),
  t.list({
    name: "google_ppc_roas_by_campaign",
    description: "Return on ad spend per Google Ads campaign (conversion value divided by cost).",
    days: 28,
    sql: (d) => `SELECT c.id AS campaign_id, c.name, ROUND(CAST(SUM(s.conv_value) / ${d.greatest("SUM(s.cost)", "0.01")} AS NUMERIC), 2) AS roas, ROUND(CAST(SUM(s.cost) AS NUMERIC), 2) AS cost, ROUND(CAST(SUM(s.conv_value) AS NUMERIC), 2) AS conv_value FROM gads_keyword_daily s JOIN gads_campaigns c ON c.id = s.campaign_id WHERE s.domain_id = :domain_id AND s.day BETWEEN :since AND :until GROUP BY c.id ORDER BY roas DESC`,
  }),
  t.list({
    name: "google_ppc_list_search_terms",
    description:
      "What did people actually type before clicking our ads? Search terms with clicks, cost and conversions.",
    params: { adgroup_id: adgroup.schema },
    owned: [adgroup],
    sql: "SELECT term, adgroup_id, impressions, clicks, cost, conversions FROM gads_search_terms WHERE domain_id = :domain_id[ AND adgroup_id = :adgroup_id] ORDER BY cost DESC",
  }),
  t.list({
    name: "google_ppc_negative_keyword_candidates",
    description:
      "Which search terms cost money and never convert? Candidates for negative keywords.",
    params: { min_cost: arg.number("Spend threshold.") },
    query: (args, d) => [
      "SELECT term, adgroup_id, clicks, cost FROM gads_search_terms WHERE domain_id = ? AND conversions = 0 AND cost >= ? ORDER BY cost DESC",
      [d.id, args.min_cost ?? 1],
    ],
  }),
  t.list({
    name: "google_ppc_keyword_candidates_from_search_terms",
    description: "Which converting search terms are not yet keywords we bid on?",
    sql: "SELECT s.term, s.adgroup_id, s.conversions, s.cost FROM gads_search_terms s WHERE s.domain_id = :domain_id AND s.conversions > 0 AND NOT EXISTS (SELECT 1 FROM gads_keywords k WHERE k.domain_id = s.domain_id AND k.text = s.term) ORDER BY s.conversions DESC, s.id",
  }),
  t.list({
    name: "google_ppc_list_negative_keywords",
    description: "Which negative keywords block our ads?",
    sql: "SELECT id AS keyword_id, adgroup_id, text, match_type FROM gads_keywords WHERE domain_id = :domain_id AND negative = 1 ORDER BY id",
  }),
  t.list({
    name: "google_ppc_budget_pacing",
    description:
      "Are campaigns spending their daily budget? Average daily spend against budget per campaign.",
    days: 7,
    sql: "SELECT c.id AS campaign_id, c.name, c.daily_budget, ROUND(CAST(SUM(s.cost) / :days AS NUMERIC), 2) AS average_daily_spend, ROUND(CAST(SUM(s.cost) / :days / c.daily_budget AS NUMERIC), 3) AS budget_used FROM gads_campaigns c LEFT JOIN gads_keyword_daily s ON s.campaign_id = c.id AND s.day BETWEEN :since AND :until WHERE c.domain_id = :domain_id GROUP BY c.id ORDER BY budget_used DESC",
  }),
  t.list({
    name: "google_ppc_budget_limited_campaigns",
    description:
      "Which campaigns hit their daily budget cap (spent at least 95% of it) and on how many days?",
    days: 28,
    sql: "SELECT c.id AS campaign_id, c.name, c.daily_budget, COUNT(*) AS capped_days FROM (SELECT campaign_id, day, SUM(cost) AS spend FROM gads_keyword_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY campaign_id, day) x JOIN gads_campaigns c ON c.id = x.campaign_id WHERE x.spend >= 0.95 * c.daily_budget GROUP BY c.id ORDER BY capped_days DESC, c.id",
  }),
  t.totals<Record<string, number>>({
    name: "google_ppc_account_summary",
    description:
      "The Google Ads account at a glance: totals, CTR, CPC, CPA and ROAS over the window.",
    days: 28,
    sql: `SELECT ${stats} FROM gads_keyword_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until`,
    answer: (s) => ({
      ...s,
      ctr: round((s?.clicks ?? 0) / Math.max(1, s?.impressions ?? 0), 4),
      cpc: round((s?.cost ?? 0) / Math.max(1, s?.clicks ?? 0)),
      cpa: round((s?.cost ?? 0) / Math.max(0.1, s?.conversions ?? 0)),
      roas: round((s?.conv_value ?? 0) / Math.max(0.01, s?.cost ?? 0)),
    }),
  }),
  t.comparePeriods({
    name: "google_ppc_compare_periods",
    description:
      "Google Ads this window versus the previous one: cost, clicks, conversions and value.",
    days: 28,
    sql: `SELECT ${stats} FROM gads_keyword_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until`,
  }),
  t.list({
    name: "google_ppc_keyword_history",
    description: "Day by day for one keyword: clicks, cost and conversions.",
    days: 28,
    of: keyword,
    sql: `SELECT day, ${stats} FROM gads_keyword_daily WHERE keyword_id = :keyword_id AND day BETWEEN :since AND :until GROUP BY day ORDER BY day`,
  }),
]);
