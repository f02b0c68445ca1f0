// The domain tables of Google Ads, Meta ads and the cross-network budgets and attribution (their
// SQL: src/tools/<area>). domain-tables.ts assembles them.
// Shipped statements are never edited: test/fixtures/text-ddl.*.sql pins what they create.
import { notNull, type TableDefinition } from "@foundry-mcp/workspace-store";

/** The tables of the two ad networks and of cross-network budgets, in creation order. */
export const ADS_TABLES: Record<string, TableDefinition> = {
  gads_campaigns: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("name", "text", notNull)
      .addColumn("channel", "text", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("bidding", "text", notNull)
      .addColumn("daily_budget", ddl.real, notNull)
      .addColumn("target_cpa", ddl.real)
      .addColumn("created_at", "text", notNull),
  gads_adgroups: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("campaign_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("name", "text", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("default_cpc", ddl.real, notNull),
  gads_keywords: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("adgroup_id", ddl.integer, notNull)
      .addColumn("campaign_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("text", "text", notNull)
      .addColumn("match_type", "text", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("quality_score", ddl.integer, notNull)
      .addColumn("cpc_bid", ddl.real, notNull)
      .addColumn("negative", ddl.integer, (column) => column.notNull().defaultTo(0)),
  gads_keyword_daily: (table, ddl) =>
    table
      .addColumn("keyword_id", ddl.integer, notNull)
      .addColumn("adgroup_id", ddl.integer, notNull)
      .addColumn("campaign_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("day", "text", notNull)
      .addColumn("device", "text", notNull)
      .addColumn("impressions", ddl.integer, notNull)
      .addColumn("clicks", ddl.integer, notNull)
      .addColumn("cost", ddl.real, notNull)
      .addColumn("conversions", ddl.real, notNull)
      .addColumn("conv_value", ddl.real, notNull),
  gads_search_terms: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("adgroup_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("term", "text", notNull)
      .addColumn("impressions", ddl.integer, notNull)
      .addColumn("clicks", ddl.integer, notNull)
      .addColumn("cost", ddl.real, notNull)
      .addColumn("conversions", ddl.real, notNull),
  meta_campaigns: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("name", "text", notNull)
      .addColumn("objective", "text", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("daily_budget", ddl.real, notNull)
      .addColumn("created_at", "text", notNull),
  meta_adsets: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("campaign_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("name", "text", notNull)
      .addColumn("audience", "text", notNull)
      .addColumn("placement", "text", notNull)
      .addColumn("age_range", "text", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("daily_budget", ddl.real, notNull),
  meta_creatives: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("adset_id", ddl.integer, notNull)
      .addColumn("campaign_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("name", "text", notNull)
      .addColumn("format", "text", notNull)
      .addColumn("headline", "text", notNull)
      .addColumn("call_to_action", "text", notNull)
      .addColumn("status", "text", notNull),
  meta_daily: (table, ddl) =>
    table
      .addColumn("creative_id", ddl.integer, notNull)
      .addColumn("adset_id", ddl.integer, notNull)
      .addColumn("campaign_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("day", "text", notNull)
      .addColumn("impressions", ddl.integer, notNull)
      .addColumn("reach", ddl.integer, notNull)
      .addColumn("clicks", ddl.integer, notNull)
      .addColumn("spend", ddl.real, notNull)
      .addColumn("purchases", ddl.integer, notNull)
      .addColumn("revenue", ddl.real, notNull)
      .addColumn("video_views", ddl.integer, notNull),
  ads_budgets: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("network", "text", notNull)
      .addColumn("month", "text", notNull)
      .addColumn("planned", ddl.real, notNull)
      .addUniqueConstraint("ads_budgets_domain_id_network_month_key", ["domain_id", "network", "month"]),
  ads_touchpoints: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("order_id", ddl.integer, notNull)
      .addColumn("day", "text", notNull)
      .addColumn("channel", "text", notNull)
      .addColumn("step", ddl.integer, notNull)
      .addColumn("steps", ddl.integer, notNull)
      .addColumn("revenue", ddl.real, notNull),
  ads_goals: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("metric", "text", notNull)
      .addColumn("target", ddl.real, notNull)
      .addColumn("month", "text", notNull),
};
