// The domain tables of AI answers (prompts, their runs and citations), competitors, Google Search
// Console and Bing Webmaster (their SQL: src/tools/<area>). domain-tables.ts assembles them.
// Shipped statements are never edited: test/fixtures/text-ddl.*.sql pins what they create.
import { notNull, type TableDefinition } from "@foundry-mcp/workspace-store";

/** The tables of AI answers, competitors and the two search consoles, in creation order. */
export const SEARCH_TABLES: Record<string, TableDefinition> = {
  prompts: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, (column) => column.notNull().references("domains.id"))
      .addColumn("text", "text", notNull)
      .addColumn("topic", "text", notNull)
      .addColumn("intent", "text", notNull)
      .addColumn("active", ddl.integer, notNull)
      .addColumn("created_at", "text", notNull),
  prompt_runs: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("prompt_id", ddl.integer, (column) => column.notNull().references("prompts.id"))
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("engine", "text", notNull)
      .addColumn("day", "text", notNull)
      .addColumn("mentioned", ddl.integer, notNull)
      .addColumn("cited", ddl.integer, notNull)
      .addColumn("position", ddl.integer)
      .addColumn("sentiment", "text", notNull)
      .addColumn("answer_words", ddl.integer, notNull)
      .addColumn("answer_excerpt", "text", notNull),
  citations: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("run_id", ddl.integer, (column) => column.notNull().references("prompt_runs.id"))
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("engine", "text", notNull)
      .addColumn("day", "text", notNull)
      .addColumn("cited_host", "text", notNull)
      .addColumn("url", "text", notNull)
      .addColumn("rank", ddl.integer, notNull)
      .addColumn("is_own", ddl.integer, notNull)
      .addColumn("competitor_id", ddl.integer),
  competitors: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, (column) => column.notNull().references("domains.id"))
      .addColumn("hostname", "text", notNull)
      .addColumn("name", "text", notNull)
      .addColumn("category", "text", notNull)
      .addColumn("added_at", "text", notNull),
  gsc_daily: (table, ddl) =>
    table
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("day", "text", notNull)
      .addColumn("query", "text", notNull)
      .addColumn("page", "text", notNull)
      .addColumn("country", "text", notNull)
      .addColumn("device", "text", notNull)
      .addColumn("clicks", ddl.integer, notNull)
      .addColumn("impressions", ddl.integer, notNull)
      .addColumn("position", ddl.real, notNull),
  gsc_sitemaps: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("url", "text", notNull)
      .addColumn("submitted_at", "text", notNull)
      .addColumn("urls", ddl.integer, notNull)
      .addColumn("errors", ddl.integer, notNull)
      .addColumn("warnings", ddl.integer, notNull),
  gsc_inspections: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("url", "text", notNull)
      .addColumn("verdict", "text", notNull)
      .addColumn("coverage", "text", notNull)
      .addColumn("mobile_usable", ddl.integer, notNull)
      .addColumn("last_crawl", "text", notNull),
  bing_crawl_daily: (table, ddl) =>
    table
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("day", "text", notNull)
      .addColumn("pages_crawled", ddl.integer, notNull)
      .addColumn("crawl_errors", ddl.integer, notNull)
      .addColumn("http_4xx", ddl.integer, notNull)
      .addColumn("http_5xx", ddl.integer, notNull)
      .addColumn("blocked_robots", ddl.integer, notNull)
      .addColumn("avg_response_ms", ddl.integer, notNull)
      .addColumn("indexed_pages", ddl.integer, notNull),
  bing_keywords: (table, ddl) =>
    table
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("day", "text", notNull)
      .addColumn("keyword", "text", notNull)
      .addColumn("impressions", ddl.integer, notNull)
      .addColumn("clicks", ddl.integer, notNull)
      .addColumn("position", ddl.real, notNull),
  bing_crawl_issues: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("url", "text", notNull)
      .addColumn("issue", "text", notNull)
      .addColumn("severity", "text", notNull)
      .addColumn("first_seen", "text", notNull)
      .addColumn("fixed", ddl.integer, notNull),
  bing_backlinks: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("source_host", "text", notNull)
      .addColumn("target_url", "text", notNull)
      .addColumn("anchor", "text", notNull)
      .addColumn("first_seen", "text", notNull),
  bing_url_submissions: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("url", "text", notNull)
      .addColumn("submitted_at", "text", notNull),
  bing_blocked_urls: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("url", "text", notNull)
      .addColumn("kind", "text", notNull)
      .addColumn("added_at", "text", notNull),
};
