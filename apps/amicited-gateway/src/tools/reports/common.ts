// Constants, owned rows and lookups shared by the reports tool files (see ../reports.ts).
import { windowOf } from "../shared";
import type { DomainScope } from "../shared";
import { dialectSql } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { ownedRow } from "../owned-rows";

/** A scheduled report. */
export const report = ownedRow<{
  id: number;
  name: string;
  template: string;
  schedule: string;
  recipients: string;
  paused: number;
}>({ param: "report_id", what: "report", table: "reports", listedBy: "reports_list" });
/** A data export (its content is read by reports_get_export itself). */
export const exportRow = ownedRow<{ id: number; dataset: string }>({
  param: "export_id",
  what: "export",
  table: "exports",
  listedBy: "reports_list_exports",
  columns: "id, dataset",
});
/** Schema of a report schedule: daily, weekly:<day> or monthly:<day>. */
export const schedule = {
  type: "string",
  pattern: "^(daily|weekly:(mon|tue|wed|thu|fri|sat|sun)|monthly:([1-9]|1[0-9]|2[0-8]))$",
  description: "daily, weekly:<day> (e.g. weekly:mon) or monthly:<1-28>.",
} as const;
/** Schema of a list of recipient e-mail addresses. */
export const recipients = {
  type: "array",
  minItems: 1,
  maxItems: 20,
  items: { type: "string", format: "email" },
  description: "E-mail addresses.",
} as const;

/** Report templates: what each one summarises, computed from the store. */
export const REPORT_TEMPLATES: Readonly<
  Record<
    string,
    {
      title: string;
      render: (store: WorkspaceStore, d: DomainScope) => Promise<Record<string, unknown>>;
    }
  >
> = {
  ai_visibility: {
    title: "AI visibility: mention and citation rate per engine, last 7 days",
    render: async (store, d) => ({
      engines: await store.all(
        "SELECT engine, ROUND(CAST(AVG(mentioned) AS NUMERIC), 3) AS mention_rate, ROUND(CAST(AVG(cited) AS NUMERIC), 3) AS citation_rate FROM prompt_runs WHERE domain_id = ? AND day >= ? GROUP BY engine",
        [d.id, windowOf(d, { days: 7 }).since],
      ),
    }),
  },
  ads_performance: {
    title: "Ads: spend, conversions and ROAS per network, last 30 days",
    render: async (store, d) => {
      const since = windowOf(d, { days: 30 }).since;
      const dialect = dialectSql(store.dialect);
      return {
        google_ads: await store.get(
          `SELECT ROUND(CAST(SUM(cost) AS NUMERIC), 2) AS spend, ROUND(CAST(SUM(conversions) AS NUMERIC), 1) AS conversions, ROUND(CAST(SUM(conv_value) / ${dialect.greatest("SUM(cost)", "0.01")} AS NUMERIC), 2) AS roas FROM gads_keyword_daily WHERE domain_id = ? AND day >= ?`,
          [d.id, since],
        ),
        meta_ads: await store.get(
          `SELECT ROUND(CAST(SUM(spend) AS NUMERIC), 2) AS spend, SUM(purchases) AS conversions, ROUND(CAST(SUM(revenue) / ${dialect.greatest("SUM(spend)", "0.01")} AS NUMERIC), 2) AS roas FROM meta_daily WHERE domain_id = ? AND day >= ?`,
          [d.id, since],
        ),
      };
    },
  },
  shop_sales: {
    title: "Shop: orders, revenue and top products, last 7 days",
    render: async (store, d) => {
      const since = windowOf(d, { days: 7 }).since;
      return {
        totals: await store.get(
          "SELECT COUNT(*) AS orders, ROUND(CAST(SUM(total) AS NUMERIC), 2) AS revenue FROM eshop_orders WHERE domain_id = ? AND status NOT IN ('cancelled', 'refunded') AND day >= ?",
          [d.id, since],
        ),
        top_products: await store.all(
          "SELECT p.name, SUM(i.quantity) AS units FROM eshop_order_items i JOIN eshop_orders o ON o.id = i.order_id JOIN eshop_products p ON p.id = i.product_id WHERE i.domain_id = ? AND o.day >= ? GROUP BY p.id ORDER BY units DESC LIMIT 5",
          [d.id, since],
        ),
      };
    },
  },
  uptime_sla: {
    title: "Uptime: availability per monitor and incidents, last 30 days",
    render: async (store, d) => {
      const since = `${windowOf(d, { days: 30 }).since}T00:00:00.000Z`;
      return {
        monitors: await store.all(
          "SELECT m.name, ROUND(CAST(AVG(c.ok) * 100 AS NUMERIC), 3) AS uptime_percent FROM uptime_checks c JOIN uptime_monitors m ON m.id = c.monitor_id WHERE c.domain_id = ? AND c.at >= ? GROUP BY m.id",
          [d.id, since],
        ),
        incidents:
          (
            await store.get<{ n: number }>(
              "SELECT COUNT(*) AS n FROM uptime_incidents WHERE domain_id = ? AND started_at >= ?",
              [d.id, since],
            )
          )?.n ?? 0,
      };
    },
  },
  search_console: {
    title: "Search: Google clicks, impressions and top queries, last 28 days",
    render: async (store, d) => {
      const since = windowOf(d, { days: 28 }).since;
      return {
        totals: await store.get(
          "SELECT SUM(clicks) AS clicks, SUM(impressions) AS impressions FROM gsc_daily WHERE domain_id = ? AND day >= ?",
          [d.id, since],
        ),
        top_queries: await store.all(
          "SELECT query, SUM(clicks) AS clicks FROM gsc_daily WHERE domain_id = ? AND day >= ? GROUP BY query ORDER BY clicks DESC LIMIT 5",
          [d.id, since],
        ),
      };
    },
  },
};

/** Datasets reports_create_export can export, as their queries. */
export const DATASETS: Readonly<Record<string, string>> = {
  gsc_daily:
    "SELECT day, query, page, country, device, clicks, impressions, position FROM gsc_daily WHERE domain_id = ? ORDER BY day DESC",
  eshop_orders:
    "SELECT id, day, status, channel, total, country FROM eshop_orders WHERE domain_id = ? ORDER BY day DESC",
  uptime_checks:
    "SELECT at, monitor_id, region, ok, status_code, response_ms FROM uptime_checks WHERE domain_id = ? ORDER BY at DESC",
  prompt_runs:
    "SELECT day, prompt_id, engine, mentioned, cited, position FROM prompt_runs WHERE domain_id = ? ORDER BY day DESC",
  competitors:
    "SELECT hostname, name, category, added_at FROM competitors WHERE domain_id = ? ORDER BY id",
};
/** The most rows one export holds. */
export const MAX_EXPORT_ROWS = 5000;

/** The next 06:00 UTC send time of a schedule rule after `from`. */
export function nextRun(rule: string, from: Date): string {
  const next = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), 6));
  const [kind, value] = rule.split(":");
  if (kind === "daily") {
    if (next <= from) next.setUTCDate(next.getUTCDate() + 1);
  } else if (kind === "weekly") {
    const target = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf(value ?? "mon");
    while (next.getUTCDay() !== target || next <= from) next.setUTCDate(next.getUTCDate() + 1);
  } else {
    next.setUTCDate(Number(value ?? 1));
    if (next <= from) next.setUTCMonth(next.getUTCMonth() + 1);
  }
  return next.toISOString();
}
