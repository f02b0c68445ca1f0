// bing_wmt tools about crawling, the index and keywords.
import { arg, defineTools } from "../shared";
import { clicksChange } from "../gsc/common";

/** The bing_wmt toolset's tools about crawl, index and keywords. */
export const bingCrawlTools = defineTools("bing_wmt", (t, store) => [
  t.list({
    name: "bing_wmt_get_crawl_stats",
    description:
      "How much is Bingbot crawling us? Pages crawled, crawl errors and blocked URLs per day.",
    days: 28,
    sql: "SELECT day, pages_crawled, crawl_errors, blocked_robots FROM bing_crawl_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until ORDER BY day DESC",
  }),
  t.totals({
    name: "bing_wmt_get_crawl_summary",
    description:
      "Bing crawl totals for the window: pages crawled, errors, 4xx, 5xx, robots blocks and average response time.",
    days: 28,
    sql: "SELECT SUM(pages_crawled) AS pages_crawled, SUM(crawl_errors) AS crawl_errors, SUM(http_4xx) AS http_4xx, SUM(http_5xx) AS http_5xx, SUM(blocked_robots) AS blocked_robots, ROUND(CAST(AVG(avg_response_ms) AS NUMERIC)) AS avg_response_ms FROM bing_crawl_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until",
  }),
  t.list({
    name: "bing_wmt_get_crawl_errors_trend",
    description: "Are Bing crawl errors getting worse? 4xx, 5xx and total errors per week.",
    days: 84,
    sql: (d) => `SELECT ${d.week("day")} AS week, SUM(crawl_errors) AS crawl_errors, SUM(http_4xx) AS http_4xx, SUM(http_5xx) AS http_5xx FROM bing_crawl_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY week ORDER BY week`,
  }),
  t.list({
    name: "bing_wmt_get_index_trend",
    description: "How many of our pages are in Bing's index, day by day?",
    days: 90,
    sql: "SELECT day, indexed_pages FROM bing_crawl_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until ORDER BY day",
  }),
  t.read({
    name: "bing_wmt_get_index_change",
    description: "Did Bing index more or fewer of our pages? Indexed pages now versus `days` ago.",
    days: 28,
    run: async (_args, d, w) => {
      const first = await store.get<{ day: string; indexed_pages: number }>(
        "SELECT day, indexed_pages FROM bing_crawl_daily WHERE domain_id = ? AND day >= ? ORDER BY day LIMIT 1",
        [d.id, w.since],
      );
      const last = await store.get<{ day: string; indexed_pages: number }>(
        "SELECT day, indexed_pages FROM bing_crawl_daily WHERE domain_id = ? ORDER BY day DESC LIMIT 1",
        [d.id],
      );
      return {
        from: first ?? null,
        to: last ?? null,
        change: first && last ? last.indexed_pages - first.indexed_pages : null,
      };
    },
  }),
  t.list({
    name: "bing_wmt_get_response_time_trend",
    description: "Is our server slow for Bingbot? Average response time per week.",
    days: 84,
    sql: (d) => `SELECT ${d.week("day")} AS week, ROUND(CAST(AVG(avg_response_ms) AS NUMERIC)) AS avg_response_ms, MAX(avg_response_ms) AS worst_day_ms FROM bing_crawl_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY week ORDER BY week`,
  }),
  t.list({
    name: "bing_wmt_list_server_error_days",
    description: "On which days did Bingbot hit server errors (HTTP 5xx)?",
    days: 90,
    sql: "SELECT day, http_5xx, crawl_errors, avg_response_ms FROM bing_crawl_daily WHERE domain_id = :domain_id AND http_5xx > 0 AND day BETWEEN :since AND :until ORDER BY day DESC",
  }),
  t.list({
    name: "bing_wmt_list_keywords",
    description:
      "Which keywords bring us Bing traffic? Impressions, clicks, CTR and average position per keyword.",
    days: 28,
    sql: (d) => `SELECT keyword, SUM(impressions) AS impressions, SUM(clicks) AS clicks, ROUND(CAST(SUM(clicks) * 1.0 / ${d.greatest("SUM(impressions)", "1")} AS NUMERIC), 4) AS ctr, ROUND(CAST(AVG(position) AS NUMERIC), 1) AS position FROM bing_keywords WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY keyword ORDER BY clicks DESC`,
  }),
  t.list({
    name: "bing_wmt_get_keyword_history",
    description: "Day by day in Bing for one keyword: impressions, clicks and position.",
    days: 90,
    params: { keyword: arg.text("The keyword.") },
    required: ["keyword"],
    sql: "SELECT day, impressions, clicks, position FROM bing_keywords WHERE domain_id = :domain_id AND keyword = :keyword AND day BETWEEN :since AND :until ORDER BY day",
  }),
  t.list({
    name: "bing_wmt_list_keywords_without_clicks",
    description: "Which Bing keywords show us but get fewer than `max_clicks` clicks?",
    days: 28,
    params: {
      max_clicks: { type: "integer", minimum: 0, default: 5, description: "Click ceiling." },
    },
    sql: "SELECT keyword, SUM(impressions) AS impressions, SUM(clicks) AS clicks FROM bing_keywords WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY keyword HAVING SUM(clicks) <= :max_clicks ORDER BY impressions DESC",
  }),
  t.list({
    name: "bing_wmt_list_rising_keywords",
    description: "Which Bing keywords gained the most clicks against the previous window?",
    days: 28,
    sql: clicksChange("bing_keywords", "keyword", "DESC"),
  }),
  t.list({
    name: "bing_wmt_list_falling_keywords",
    description: "Which Bing keywords lost the most clicks against the previous window?",
    days: 28,
    sql: clicksChange("bing_keywords", "keyword", "ASC"),
  }),
  t.list({
    name: "bing_wmt_compare_with_google",
    description:
      "Bing versus Google for the same search terms: clicks and position in each engine.",
    days: 28,
    sql: "SELECT b.keyword, b.clicks AS bing_clicks, b.position AS bing_position, g.clicks AS google_clicks, g.position AS google_position FROM (SELECT keyword, SUM(clicks) AS clicks, ROUND(CAST(AVG(position) AS NUMERIC), 1) AS position FROM bing_keywords WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY keyword) b LEFT JOIN (SELECT query, SUM(clicks) AS clicks, ROUND(CAST(AVG(position) AS NUMERIC), 1) AS position FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY query) g ON g.query = b.keyword ORDER BY b.clicks DESC",
  }),
]);
