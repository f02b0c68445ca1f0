// gsc tools that drill into one query or page, raw rows, the nested search-analytics query, sitemaps and indexing.
import { containsPattern, dialectSql, LIKE_ESCAPE } from "@foundry-mcp/workspace-store";
import { arg, round, defineTools, requireOnDomain, windowOf } from "../shared";
import { ownedRow } from "../owned-rows";
import type { Query } from "../shared";
import { GatewayError, GatewayErrorCode } from "../../errors";
import type { SqlValue } from "@foundry-mcp/workspace-store";
import { dimensions, filtered, filters, metrics } from "./common";

/** A sitemap submitted to Search Console. */
const sitemap = ownedRow<{ id: number; url: string }>({
  param: "sitemap_id",
  what: "sitemap",
  table: "gsc_sitemaps",
  listedBy: "gsc_list_sitemaps",
  columns: "id, url",
});

/** The gsc toolset's tools about single queries and pages, raw rows, sitemaps and indexing. */
export const gscDrilldownTools = defineTools("gsc", (t, store) => {
  const dialect = dialectSql(store.dialect);
  return [
  t.list({
    name: "gsc_query_history",
    description: "Day by day for one query: clicks, impressions, CTR and position.",
    days: 90,
    params: { query: arg.text("The exact search query.") },
    required: ["query"],
    sql: (d) => `SELECT day, ${metrics(d)} FROM gsc_daily WHERE domain_id = :domain_id AND query = :query AND day BETWEEN :since AND :until GROUP BY day ORDER BY day`,
  }),
  t.list({
    name: "gsc_page_history",
    description: "Day by day for one page: clicks, impressions, CTR and position.",
    days: 90,
    params: { page: arg.text("The page URL.", 500) },
    required: ["page"],
    sql: (d) => `SELECT day, ${metrics(d)} FROM gsc_daily WHERE domain_id = :domain_id AND page = :page AND day BETWEEN :since AND :until GROUP BY day ORDER BY day`,
  }),
  t.list({
    name: "gsc_queries_for_page",
    description: "Which queries does one page rank for?",
    days: 28,
    params: { page: arg.text("The page URL.", 500) },
    required: ["page"],
    sql: (d) => `SELECT query, ${metrics(d)} FROM gsc_daily WHERE domain_id = :domain_id AND page = :page AND day BETWEEN :since AND :until GROUP BY query ORDER BY clicks DESC, query`,
  }),
  t.list({
    name: "gsc_pages_for_query",
    description: "Which of our pages rank for one query?",
    days: 28,
    params: { query: arg.text("The exact search query.") },
    required: ["query"],
    sql: (d) => `SELECT page, ${metrics(d)} FROM gsc_daily WHERE domain_id = :domain_id AND query = :query AND day BETWEEN :since AND :until GROUP BY page ORDER BY clicks DESC, page`,
  }),
  t.list({
    name: "gsc_country_device_matrix",
    description: "Clicks for every country and device pair, to spot where mobile under-performs.",
    days: 28,
    sql: (d) => `SELECT country, device, ${metrics(d)} FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY country, device ORDER BY country, device`,
  }),
  t.list({
    name: "gsc_ctr_by_position",
    description:
      "What CTR do we get at each ranking position? Impressions and CTR per rounded position bucket.",
    days: 28,
    sql: (d) => `SELECT ${d.truncate("position")} AS position_bucket, SUM(impressions) AS impressions, ROUND(CAST(SUM(clicks) * 1.0 / ${d.greatest("SUM(impressions)", "1")} AS NUMERIC), 4) AS ctr FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY position_bucket ORDER BY position_bucket`,
  }),
  t.list({
    name: "gsc_mobile_desktop_gap",
    description: "Which queries rank much worse on mobile than on desktop?",
    days: 28,
    sql: "SELECT query, ROUND(CAST(AVG(CASE WHEN device = 'mobile' THEN position END) AS NUMERIC), 1) AS mobile_position, ROUND(CAST(AVG(CASE WHEN device = 'desktop' THEN position END) AS NUMERIC), 1) AS desktop_position, ROUND(CAST(AVG(CASE WHEN device = 'mobile' THEN position END) - AVG(CASE WHEN device = 'desktop' THEN position END) AS NUMERIC), 1) AS gap FROM gsc_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY query HAVING AVG(CASE WHEN device = 'mobile' THEN position END) - AVG(CASE WHEN device = 'desktop' THEN position END) IS NOT NULL ORDER BY gap DESC, query",
  }),
  t.list({
    name: "gsc_rows",
    description:
      "Raw Search Console rows (day, query, page, country, device, clicks, impressions, position), newest first; thousands of rows, page through them.",
    days: 28,
    params: { ...filters },
    sql: `SELECT day, query, page, country, device, clicks, impressions, position FROM gsc_daily WHERE ${filtered} ORDER BY day DESC, clicks DESC, query, page, country, device`,
  }),
  t.list({
    name: "gsc_search_analytics_query",
    description:
      "Search Console's own search-analytics query: pass a nested `query` object with start_date, end_date, dimensions (query, page, country, device, day) and optional dimension filters.",
    params: {
      query: {
        type: "object",
        additionalProperties: false,
        required: ["dimensions"],
        properties: {
          start_date: {
            type: "string",
            format: "date",
            description: "First day (default: 28 days before the latest).",
          },
          end_date: {
            type: "string",
            format: "date",
            description: "Last day (default: the latest data day).",
          },
          dimensions: {
            type: "array",
            minItems: 1,
            maxItems: 3,
            uniqueItems: true,
            items: { type: "string", enum: [...dimensions] },
            description: "Group rows by these.",
          },
          filters: {
            type: "array",
            maxItems: 5,
            items: {
              type: "object",
              additionalProperties: false,
              required: ["dimension", "operator", "expression"],
              properties: {
                dimension: { type: "string", enum: [...dimensions] },
                operator: { type: "string", enum: ["equals", "contains", "notContains"] },
                expression: { type: "string" },
              },
            },
            description: "Dimension filters, all must match.",
          },
        },
      },
    },
    required: ["query"],
    query: (args, d): Query => {
      const q = args.query as {
        start_date?: string;
        end_date?: string;
        dimensions: string[];
        filters?: { dimension: string; operator: string; expression: string }[];
      };
      const until = q.end_date ?? d.asOf;
      const since = q.start_date ?? windowOf(d, {}).since;
      if (since > until)
        throw new GatewayError(
          GatewayErrorCode.INVALID_ARGUMENTS,
          `query.start_date ${since} is after query.end_date ${until}; swap them.`,
        );
      const params: SqlValue[] = [d.id, since, until];
      let sql = "domain_id = ? AND day BETWEEN ? AND ?";
      for (const filter of q.filters ?? []) {
        sql +=
          filter.operator === "equals"
            ? ` AND ${filter.dimension} = ?`
            : ` AND ${filter.operator === "contains" ? "" : "NOT "}${dialect.likeIgnoringCase(filter.dimension, "?")} ${LIKE_ESCAPE}`;
        params.push(
          filter.operator === "equals" ? filter.expression : containsPattern(filter.expression),
        );
      }
      return [
        `SELECT ${q.dimensions.join(", ")}, ${metrics(dialect)} FROM gsc_daily WHERE ${sql} GROUP BY ${q.dimensions.join(", ")} ORDER BY clicks DESC, ${q.dimensions.join(", ")}`,
        params,
      ];
    },
  }),
  t.list({
    name: "gsc_list_sitemaps",
    description: "Which sitemaps are submitted to Google, with URL counts, errors and warnings?",
    sql: "SELECT id AS sitemap_id, url, submitted_at, urls, errors, warnings FROM gsc_sitemaps WHERE domain_id = :domain_id ORDER BY id",
  }),
  t.act({
    name: "gsc_submit_sitemap",
    kind: "write",
    description: "Submit a sitemap URL to Google Search Console (must be on this domain).",
    params: { url: { type: "string", format: "uri", description: "Sitemap URL." } },
    required: ["url"],
    run: async (args, d) => {
      const url = args.url;
      requireOnDomain(url, d);
      const r = await store.run(
        "INSERT INTO gsc_sitemaps (domain_id, url, submitted_at, urls, errors, warnings) VALUES (?, ?, ?, 0, 0, 0) RETURNING id",
        [d.id, url, new Date().toISOString().slice(0, 10)],
      );
      return { sitemap_id: r.lastInsertId, url };
    },
  }),
  t.remove({
    name: "gsc_delete_sitemap",
    description: "Remove a submitted sitemap from Search Console.",
    row: sitemap,
    answer: (s) => ({ deleted: s.url }),
  }),
  t.list({
    name: "gsc_list_url_inspections",
    description:
      "Index status of inspected pages: verdict, coverage state, mobile usability and last crawl.",
    params: { verdict: arg.oneOf(["PASS", "NEUTRAL", "FAIL"], "Only this verdict.") },
    sql: "SELECT url, verdict, coverage, mobile_usable, last_crawl FROM gsc_inspections WHERE domain_id = :domain_id[ AND verdict = :verdict] ORDER BY url",
  }),
  t.list({
    name: "gsc_pages_not_indexed",
    description: "Which of our pages are not in Google's index, and why?",
    sql: "SELECT url, coverage, last_crawl FROM gsc_inspections WHERE domain_id = :domain_id AND coverage <> 'Submitted and indexed' ORDER BY last_crawl",
  }),
  t.list({
    name: "gsc_mobile_usability_issues",
    description: "Which pages fail Google's mobile usability check?",
    sql: "SELECT url, verdict, last_crawl FROM gsc_inspections WHERE domain_id = :domain_id AND mobile_usable = 0 ORDER BY url",
  }),
  t.act({
    name: "gsc_request_indexing",
    kind: "paid",
    cost: 1,
    description:
      "Ask Google to recrawl and index one page of this domain; records the request as a fresh inspection.",
    params: { url: { type: "string", format: "uri", description: "Page URL on this domain." } },
    required: ["url"],
    run: async (args, d) => {
      const url = args.url;
      requireOnDomain(url, d);
      const today = new Date().toISOString().slice(0, 10);
      const updated = await store.run(
        "UPDATE gsc_inspections SET last_crawl = ?, coverage = 'Indexing requested' WHERE domain_id = ? AND url = ?",
        [today, d.id, url],
      );
      if (updated.changes === 0)
        await store.run(
          "INSERT INTO gsc_inspections (domain_id, url, verdict, coverage, mobile_usable, last_crawl) VALUES (?, ?, 'NEUTRAL', 'Indexing requested', 1, ?)",
          [d.id, url, today],
        );
      return {
        url,
        requested: today,
        clicks_last_28_days: round(
          (
            await store.get<{ c: number }>(
              "SELECT SUM(clicks) AS c FROM gsc_daily WHERE domain_id = ? AND page = ? AND day >= ?",
              [d.id, url, windowOf(d, {}).since],
            )
          )?.c ?? 0,
          0,
        ),
      };
    },
  }),
];
});
