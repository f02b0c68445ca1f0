// The gateway's domain tables: what its tools read and write, one group per tool area (its SQL is
// in src/tools/<area>; the tables in search-tables.ts, ads-tables.ts, shop-uptime-report-tables.ts).
// Every area table reaches its workspace through `domain_id` (domains.workspace_id, a
// workspace-store table), so one guard (requireDomain: the domain belongs to the caller's
// workspace) isolates workspaces. Days are ISO dates (YYYY-MM-DD); instants are ISO timestamps.
// Written with Kysely's schema builder (workspace-store's createTables) and compiled per dialect.
// Moved from workspace-store's migration 1 (issue 37): never edit a shipped statement.
import { createTables, type SchemaStatement } from "@foundry-mcp/workspace-store";
import { ADS_TABLES } from "./ads-tables";
import { SEARCH_TABLES } from "./search-tables";
import { SHOP_UPTIME_REPORT_TABLES } from "./shop-uptime-report-tables";

const tables = { ...SEARCH_TABLES, ...ADS_TABLES, ...SHOP_UPTIME_REPORT_TABLES };

const indexes: SchemaStatement[] = [
  (ddl) => ddl.createIndex("gsc_daily_domain_day").on("gsc_daily").columns(["domain_id", "day"]),
  (ddl) => ddl.createIndex("bing_keywords_domain_day").on("bing_keywords").columns(["domain_id", "day"]),
  (ddl) => ddl.createIndex("prompt_runs_domain_day").on("prompt_runs").columns(["domain_id", "day"]),
  (ddl) => ddl.createIndex("prompt_runs_prompt").on("prompt_runs").columns(["prompt_id"]),
  (ddl) => ddl.createIndex("citations_domain").on("citations").columns(["domain_id", "day"]),
  (ddl) => ddl.createIndex("gads_keyword_daily_domain").on("gads_keyword_daily").columns(["domain_id", "day"]),
  (ddl) => ddl.createIndex("meta_daily_domain").on("meta_daily").columns(["domain_id", "day"]),
  (ddl) => ddl.createIndex("eshop_orders_domain_day").on("eshop_orders").columns(["domain_id", "day"]),
  (ddl) => ddl.createIndex("eshop_orders_customer").on("eshop_orders").columns(["customer_id"]),
  (ddl) => ddl.createIndex("eshop_items_order").on("eshop_order_items").columns(["order_id"]),
  (ddl) => ddl.createIndex("eshop_items_domain").on("eshop_order_items").columns(["domain_id", "product_id"]),
  (ddl) => ddl.createIndex("uptime_checks_monitor_at").on("uptime_checks").columns(["monitor_id", "at"]),
  (ddl) => ddl.createIndex("uptime_checks_domain_at").on("uptime_checks").columns(["domain_id", "at"]),
  (ddl) => ddl.createIndex("ads_touchpoints_domain").on("ads_touchpoints").columns(["domain_id", "day"]),
];

/** Gateway migration 1 (formerly part of the store's migration 1): the domain tables and their indexes. */
export const DOMAIN_STATEMENTS: readonly SchemaStatement[] = [...createTables(tables), ...indexes];

/** Names of the domain tables, for census and tests. */
export const DOMAIN_TABLE_NAMES: readonly string[] = Object.keys(tables);
