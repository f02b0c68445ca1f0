// The domain tables of the e-shop, uptime monitoring and reports/exports (their SQL:
// src/tools/<area>). domain-tables.ts assembles them.
// Shipped statements are never edited: test/fixtures/text-ddl.*.sql pins what they create.
import { notNull, type TableDefinition } from "@foundry-mcp/workspace-store";

/** The tables of the e-shop, uptime monitoring and reports, in creation order. */
export const SHOP_UPTIME_REPORT_TABLES: Record<string, TableDefinition> = {
  eshop_products: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("sku", "text", notNull)
      .addColumn("name", "text", notNull)
      .addColumn("category", "text", notNull)
      .addColumn("price", ddl.real, notNull)
      .addColumn("cost", ddl.real, notNull)
      .addColumn("stock", ddl.integer, notNull)
      .addColumn("active", ddl.integer, notNull)
      .addColumn("created_at", "text", notNull),
  eshop_customers: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("email", "text", notNull)
      .addColumn("name", "text", notNull)
      .addColumn("country", "text", notNull)
      .addColumn("created_at", "text", notNull)
      .addColumn("marketing_opt_in", ddl.integer, notNull)
      .addColumn("tags", "text", (column) => column.notNull().defaultTo("")),
  eshop_orders: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("customer_id", ddl.integer, notNull)
      .addColumn("day", "text", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("channel", "text", notNull)
      .addColumn("coupon", "text")
      .addColumn("subtotal", ddl.real, notNull)
      .addColumn("discount", ddl.real, notNull)
      .addColumn("shipping", ddl.real, notNull)
      .addColumn("total", ddl.real, notNull)
      .addColumn("country", "text", notNull),
  eshop_order_items: (table, ddl) =>
    table
      .addColumn("order_id", ddl.integer, notNull)
      .addColumn("product_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("quantity", ddl.integer, notNull)
      .addColumn("unit_price", ddl.real, notNull),
  eshop_carts: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("customer_id", ddl.integer)
      .addColumn("day", "text", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("items", ddl.integer, notNull)
      .addColumn("value", ddl.real, notNull)
      .addColumn("last_step", "text", notNull),
  eshop_coupons: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("code", "text", notNull)
      .addColumn("percent_off", ddl.integer, notNull)
      .addColumn("active", ddl.integer, notNull)
      .addColumn("created_at", "text", notNull),
  eshop_reviews: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("product_id", ddl.integer, notNull)
      .addColumn("customer_id", ddl.integer, notNull)
      .addColumn("day", "text", notNull)
      .addColumn("rating", ddl.integer, notNull)
      .addColumn("title", "text", notNull),
  uptime_monitors: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("name", "text", notNull)
      .addColumn("url", "text", notNull)
      .addColumn("kind", "text", notNull)
      .addColumn("interval_s", ddl.integer, notNull)
      .addColumn("paused", ddl.integer, notNull)
      .addColumn("created_at", "text", notNull),
  uptime_checks: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("monitor_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("at", "text", notNull)
      .addColumn("region", "text", notNull)
      .addColumn("ok", ddl.integer, notNull)
      .addColumn("status_code", ddl.integer, notNull)
      .addColumn("response_ms", ddl.integer, notNull)
      .addColumn("error", "text"),
  uptime_incidents: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("monitor_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("started_at", "text", notNull)
      .addColumn("resolved_at", "text")
      .addColumn("cause", "text", notNull)
      .addColumn("severity", "text", notNull)
      .addColumn("acknowledged", ddl.integer, notNull)
      .addColumn("note", "text"),
  uptime_certificates: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("hostname", "text", notNull)
      .addColumn("issuer", "text", notNull)
      .addColumn("valid_from", "text", notNull)
      .addColumn("expires_at", "text", notNull)
      .addColumn("key_type", "text", notNull),
  uptime_maintenance: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("monitor_id", ddl.integer)
      .addColumn("starts_at", "text", notNull)
      .addColumn("ends_at", "text", notNull)
      .addColumn("reason", "text", notNull),
  uptime_alert_contacts: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("channel", "text", notNull)
      .addColumn("target", "text", notNull)
      .addColumn("active", ddl.integer, notNull),
  reports: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("name", "text", notNull)
      .addColumn("template", "text", notNull)
      .addColumn("schedule", "text", notNull)
      .addColumn("format", "text", notNull)
      .addColumn("recipients", "text", notNull)
      .addColumn("paused", ddl.integer, notNull)
      .addColumn("created_at", "text", notNull),
  report_runs: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("report_id", ddl.integer, notNull)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("ran_at", "text", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("rows", ddl.integer, notNull)
      .addColumn("size_kb", ddl.integer, notNull)
      .addColumn("error", "text"),
  exports: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("domain_id", ddl.integer, notNull)
      .addColumn("dataset", "text", notNull)
      .addColumn("format", "text", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("rows", ddl.integer, notNull)
      .addColumn("created_at", "text", notNull)
      .addColumn("content", "text"),
};
