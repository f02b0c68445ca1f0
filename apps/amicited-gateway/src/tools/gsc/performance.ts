// gsc tools about search performance: top queries and pages, breakdowns, comparisons and opportunities.
import { containsPattern, dialectSql, LIKE_ESCAPE } from "@foundry-mcp/workspace-store";
import type { DialectSql } from "@foundry-mcp/workspace-store";
import { previousWindowOf, defineTools } from "../shared";
import type { arg, GatewayTool } from "../shared";
import { clicksChange, ctrOf, filtered, filters, metrics, positionOf } from "./common";

/** The gsc toolset's tools about search performance and its changes. */
export const gscPerformanceTools = defineTools("gsc", (t, store) => {
  const dialect = dialectSql(store.dialect);
  const grouped = (
    name: string,
    description: string,
    select: string | ((d: DialectSql) => string),
    order: string,
    extra: Record<string, ReturnType<typeof arg.text>> = {},
  ): GatewayTool =>
    t.list({
      name,
      description,
      days: 28,
      params: { ...filters, ...extra },
      sql: (d) => {
        const selected = typeof select === "string" ? select : select(d);
        return `SELECT ${selected}, ${metrics(d)} FROM gsc_daily WHERE ${filtered} GROUP BY ${selected.split(" AS ")[0]} ORDER BY ${order}, ${selected.split(" AS ")[0]}`;
      },
    });
  return [
    grouped(
      "gsc_top_queries",
      "Which search queries bring the most clicks from Google? Clicks, impressions, CTR and average position per query.",
      "query",
      "clicks DESC",
    ),
    grouped(
      "gsc_top_pages",
      "Which pages get the most Google search clicks? Clicks, impressions, CTR and position per page.",
      "page",
      "clicks DESC",
    ),
    grouped(
      "gsc_performance_by_country",
      "Where do Google searchers come from? Search performance per country.",
      "country",
      "clicks DESC",
    ),
    grouped(
      "gsc_performance_by_device",
      "Mobile or desktop? Google search performance per device.",
      "device",
      "clicks DESC",
    ),
    grouped("gsc_daily_totals", "Google search clicks and impressions day by day.", "day", "day"),
    grouped(
      "gsc_weekly_totals",
      "Google search clicks and impressions per week.",
      (d) => `${d.week("day")} AS week`,
      "week",
    ),
    t.list({
      name: "gsc_query_page_pairs",
      description:
        "Which page does Google show for which query? Every query-page pair with its clicks, impressions and position.",
      days: 28,
      params: { ...filters },
      sql: (d) => `SELECT query, page, ${metrics(d)} FROM gsc_daily WHERE ${filtered} GROUP BY query, page ORDER BY impressions DESC`,
    }),
    t.totals({
      name: "gsc_get_summary",
      description:
        "Totals from Google Search Console for the window: clicks, impressions, CTR, average position, distinct queries and pages.",
      days: 28,
      params: { ...filters },
      sql: (d) => `SELECT ${metrics(d)}, COUNT(DISTINCT query) AS queries, COUNT(DISTINCT page) AS pages FROM gsc_daily WHERE ${filtered}`,
      answer: (row, _args, w) => ({ until: w.until, ...row }),
    }),
    t.comparePeriods({
      name: "gsc_compare_periods",
      description:
        "Did Google search traffic grow? Clicks, impressions, CTR and position this window versus the previous one.",
      days: 28,
      sql: (d) => `SELECT ${metrics(d)} FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until`,
    }),
    t.list({
      name: "gsc_queries_without_clicks",
      description:
        "Which queries show us in Google but never get clicked? Queries with impressions and zero clicks.",
      days: 28,
      params: {
        min_impressions: {
          type: "integer",
          minimum: 1,
          default: 50,
          description: "Only queries with at least this many impressions.",
        },
      },
      sql: (d) => `SELECT query, SUM(impressions) AS impressions, ROUND(CAST(SUM(position * impressions) / ${d.greatest("SUM(impressions)", "1")} AS NUMERIC), 1) AS position FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY query HAVING SUM(clicks) = 0 AND SUM(impressions) >= :min_impressions ORDER BY impressions DESC`,
    }),
    t.list({
      name: "gsc_striking_distance_queries",
      description:
        "Which queries rank just off the top (average position 4 to 15) and could reach page one with a little work?",
      days: 28,
      sql: (d) => `SELECT query, ${metrics(d)} FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY query HAVING ${positionOf(d)} BETWEEN 4 AND 15 ORDER BY impressions DESC`,
    }),
    t.list({
      name: "gsc_low_ctr_queries",
      description:
        "Which well-ranking queries (top 5) get a CTR below what their position deserves? Title and snippet rewrite candidates.",
      days: 28,
      params: {
        max_ctr: {
          type: "number",
          minimum: 0,
          maximum: 1,
          default: 0.05,
          description: "CTR threshold.",
        },
      },
      sql: (d) => `SELECT query, ${metrics(d)} FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY query HAVING ${positionOf(d)} <= 5 AND ${ctrOf(d)} < :max_ctr ORDER BY impressions DESC`,
    }),
    t.list({
      name: "gsc_rising_queries",
      description: "Which queries gained the most Google clicks compared with the previous window?",
      days: 28,
      sql: clicksChange("gsc_daily", "query", "DESC"),
    }),
    t.list({
      name: "gsc_falling_queries",
      description: "Which queries lost the most Google clicks compared with the previous window?",
      days: 28,
      sql: clicksChange("gsc_daily", "query", "ASC"),
    }),
    t.list({
      name: "gsc_pages_gaining_clicks",
      description: "Which pages gained the most Google clicks compared with the previous window?",
      days: 28,
      sql: clicksChange("gsc_daily", "page", "DESC"),
    }),
    t.list({
      name: "gsc_pages_losing_clicks",
      description:
        "Which pages lost the most Google clicks compared with the previous window? Content decay check.",
      days: 28,
      sql: clicksChange("gsc_daily", "page", "ASC"),
    }),
    t.list({
      name: "gsc_new_queries",
      description:
        "Which queries appeared in Google results this window that we had no impressions for before?",
      days: 28,
      query: (args, d, w) => [
        "SELECT query, SUM(impressions) AS impressions, SUM(clicks) AS clicks FROM gsc_daily WHERE domain_id = ? AND day BETWEEN ? AND ? GROUP BY query HAVING MIN(day) >= ? ORDER BY impressions DESC",
        [d.id, previousWindowOf(d, args).since, w.until, w.since],
      ],
    }),
    t.list({
      name: "gsc_lost_queries",
      description: "Which queries had impressions in the previous window and none in this one?",
      days: 28,
      sql: "SELECT query, SUM(impressions) AS impressions_before FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :previous_since AND :until GROUP BY query HAVING MAX(day) < :since ORDER BY impressions_before DESC",
    }),
    t.list({
      name: "gsc_cannibalized_queries",
      description:
        "Which queries have several of our pages competing for them (keyword cannibalization)?",
      days: 28,
      sql: (d) => `SELECT query, COUNT(DISTINCT page) AS pages, ${d.groupConcat("page", { distinct: true, orderBy: "page" })} AS competing_pages, SUM(clicks) AS clicks FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY query HAVING COUNT(DISTINCT page) > 1 ORDER BY pages DESC, clicks DESC, query`,
    }),
    t.list({
      name: "gsc_question_queries",
      description:
        "Which searches are phrased as questions (how, what, which, why, is, can)? FAQ and AI-answer content ideas.",
      days: 28,
      sql: (d) => `SELECT query, ${metrics(d)} FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until AND (${d.likeIgnoringCase("query", "'how %'")} OR ${d.likeIgnoringCase("query", "'what %'")} OR ${d.likeIgnoringCase("query", "'which %'")} OR ${d.likeIgnoringCase("query", "'why %'")} OR ${d.likeIgnoringCase("query", "'is %'")} OR ${d.likeIgnoringCase("query", "'can %'")} OR ${d.likeIgnoringCase("query", "'% vs %'")}) GROUP BY query ORDER BY impressions DESC`,
    }),
    t.list({
      name: "gsc_long_tail_queries",
      description: "Long-tail searches: queries of four words or more, by clicks.",
      days: 28,
      sql: (d) => `SELECT query, ${metrics(d)} FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until AND LENGTH(query) - LENGTH(REPLACE(query, ' ', '')) >= 3 GROUP BY query ORDER BY clicks DESC`,
    }),
    t.read({
      name: "gsc_branded_vs_nonbranded",
      description:
        "How much Google traffic comes from people searching our brand name versus generic searches?",
      days: 28,
      params: {
        brand_terms: {
          type: "array",
          items: { type: "string", minLength: 2 },
          maxItems: 10,
          description: "Brand words (default: the hostname's first label).",
        },
      },
      run: async (args, d, w) => {
        const terms = args.brand_terms ?? [d.hostname.split(".")[0] ?? d.hostname];
        const like = terms
          .map(() => `${dialect.likeIgnoringCase("LOWER(query)", "?")} ${LIKE_ESCAPE}`)
          .join(" OR ");
        return {
          brand_terms: terms,
          rows: await store.all(
            `SELECT CASE WHEN ${like} THEN 'branded' ELSE 'non_branded' END AS segment, ${metrics(dialect)} FROM gsc_daily WHERE domain_id = ? AND day BETWEEN ? AND ? GROUP BY segment`,
            [...terms.map((term) => containsPattern(term, true)), d.id, w.since, w.until],
          ),
        };
      },
    }),
  ];
});
