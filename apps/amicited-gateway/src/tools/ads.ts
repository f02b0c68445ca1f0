// Toolset "ads": across ad networks — total and per-network spend (Google Ads + Meta), monthly
// budgets against actuals, goals, blended ROAS/CPA/MER, and attribution over order touchpoints.
import { dialectSql } from "@foundry-mcp/workspace-store";
import { arg, round, defineTools, windowOf } from "./shared";
import { ownedRow } from "./owned-rows";
import type { GatewayTool } from "./shared";
import { GatewayError, GatewayErrorCode } from "../errors";
import { NETWORKS } from "../domain/dimensions";

// Both networks' daily rows as one relation; it takes the domain id twice.
const spendUnion =
  "SELECT 'google_ads' AS network, day, cost AS spend, conv_value AS revenue, conversions FROM gads_keyword_daily WHERE domain_id = ? UNION ALL SELECT 'meta_ads', day, spend, revenue, purchases FROM meta_daily WHERE domain_id = ?";
const month = {
  type: "string",
  pattern: "^\\d{4}-\\d{2}$",
  description: "Month as YYYY-MM.",
} as const;

/** A monthly goal for one ads metric. */
const goal = ownedRow<{ id: number; metric: string; month: string }>({
  param: "goal_id",
  what: "goal",
  table: "ads_goals",
  listedBy: "ads_list_goals",
  columns: "id, metric, month",
});

/** A touch's share of its order's credit as the fraction numerator / denominator (integer SQL). */
interface TouchCredit {
  numerator: string;
  denominator: string;
}

// A touch's share of `units` (an integer SQL expression: millionths of a conversion, of a
// dollar), rounded half up by integer division; the sums are rounded to what the tool shows the
// same way. Summing double shares in each database's own arithmetic put a half cent on either
// side of the rounding (SQLite 21799.76, PostgreSQL 21799.77); integers sum exactly on both
// stores. Shares are positive, so truncation is floor; PostgreSQL sums bigints as numeric, hence
// the casts back.
const share = (credit: TouchCredit, units: string) =>
  `(2 * ${units} * (${credit.numerator}) + (${credit.denominator})) / (2 * (${credit.denominator}))`;

/** The ads toolset's tools. */
export const adsTools = defineTools("ads", (t, store) => {
  const dialect = dialectSql(store.dialect);
  const totals = async (domainId: number, since: string, until: string) =>
    store.get<{ spend: number; revenue: number; conversions: number }>(
      `SELECT SUM(spend) AS spend, SUM(revenue) AS revenue, SUM(conversions) AS conversions FROM (${spendUnion}) AS spend_rows WHERE day BETWEEN ? AND ?`,
      [domainId, domainId, since, until],
    );
  const attribution = (name: string, description: string, credit: TouchCredit): GatewayTool =>
    t.list({
      name,
      description,
      days: 28,
      sql: `SELECT channel, ROUND(CAST((CAST(SUM(${share(credit, "1000000")}) AS BIGINT) + 50000) / 100000 / 10.0 AS NUMERIC), 1) AS conversions, ROUND(CAST((CAST(SUM(${share(credit, "CAST(ROUND(revenue * 100) AS BIGINT) * 10000")}) AS BIGINT) + 5000) / 10000 / 100.0 AS NUMERIC), 2) AS revenue FROM ads_touchpoints WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY channel ORDER BY revenue DESC, channel`,
    });
  return [
    t.read({
      name: "ads_get_total_spend",
      description:
        "How much did we spend on ads in total, across Google Ads and Meta, and what did it return?",
      days: 28,
      run: async (_args, d, w) => {
        const s = await totals(d.id, w.since, w.until);
        return {
          since: w.since,
          spend: round(s?.spend),
          revenue: round(s?.revenue),
          conversions: round(s?.conversions, 1),
        };
      },
    }),
    t.list({
      name: "ads_get_spend_by_network",
      description: "Spend, revenue, conversions and ROAS per ad network.",
      days: 28,
      query: (_args, d, w) => [
        `SELECT network, ROUND(CAST(SUM(spend) AS NUMERIC), 2) AS spend, ROUND(CAST(SUM(revenue) AS NUMERIC), 2) AS revenue, ROUND(CAST(SUM(conversions) AS NUMERIC), 1) AS conversions, ROUND(CAST(SUM(revenue) / ${dialect.greatest("SUM(spend)", "0.01")} AS NUMERIC), 2) AS roas FROM (${spendUnion}) AS spend_rows WHERE day BETWEEN ? AND ? GROUP BY network ORDER BY spend DESC`,
        [d.id, d.id, w.since, w.until],
      ],
    }),
    t.list({
      name: "ads_get_spend_by_day",
      description: "Ad spend across networks per day, split into Google Ads and Meta.",
      days: 28,
      query: (_args, d, w) => [
        `SELECT day, ROUND(CAST(SUM(CASE WHEN network = 'google_ads' THEN spend ELSE 0 END) AS NUMERIC), 2) AS google_ads, ROUND(CAST(SUM(CASE WHEN network = 'meta_ads' THEN spend ELSE 0 END) AS NUMERIC), 2) AS meta_ads, ROUND(CAST(SUM(spend) AS NUMERIC), 2) AS total FROM (${spendUnion}) AS spend_rows WHERE day BETWEEN ? AND ? GROUP BY day ORDER BY day`,
        [d.id, d.id, w.since, w.until],
      ],
    }),
    t.list({
      name: "ads_get_budget_vs_actual",
      description:
        "Did we stay within the ad budget? Planned versus actual spend per month and network.",
      query: (_args, d) => [
        `SELECT b.month, b.network, b.planned, ROUND(CAST(COALESCE((SELECT SUM(spend) FROM (${spendUnion}) x WHERE x.network = b.network AND substr(x.day, 1, 7) = b.month), 0) AS NUMERIC), 2) AS actual FROM ads_budgets b WHERE b.domain_id = ? ORDER BY b.month DESC, b.network`,
        [d.id, d.id, d.id],
      ],
    }),
    t.read({
      name: "ads_get_budget_pacing",
      description:
        "Will we overspend this month? Spend so far, projected month-end spend and the planned budget, per network.",
      run: async (_args, d) => {
        const monthKey = d.asOf.slice(0, 7);
        const dayOfMonth = Number(d.asOf.slice(8, 10));
        const daysInMonth = new Date(
          Date.UTC(Number(monthKey.slice(0, 4)), Number(monthKey.slice(5, 7)), 0),
        ).getUTCDate();
        const rows = await store.all<{ network: string; spent: number; planned: number }>(
          `SELECT b.network, b.planned, COALESCE((SELECT SUM(spend) FROM (${spendUnion}) x WHERE x.network = b.network AND substr(x.day, 1, 7) = ?), 0) AS spent FROM ads_budgets b WHERE b.domain_id = ? AND b.month = ?`,
          [d.id, d.id, monthKey, d.id, monthKey],
        );
        return {
          month: monthKey,
          day_of_month: dayOfMonth,
          networks: rows.map((row) => ({
            network: row.network,
            planned: row.planned,
            spent: round(row.spent),
            projected: round((row.spent / dayOfMonth) * daysInMonth),
            on_track: (row.spent / dayOfMonth) * daysInMonth <= row.planned,
          })),
        };
      },
    }),
    t.read({
      name: "ads_get_blended_roas",
      description:
        "Blended return on ad spend: all ad-attributed revenue over all ad spend, every network together.",
      days: 28,
      run: async (_args, d, w) => {
        const s = await totals(d.id, w.since, w.until);
        return {
          since: w.since,
          blended_roas: round((s?.revenue ?? 0) / Math.max(0.01, s?.spend ?? 0)),
        };
      },
    }),
    t.read({
      name: "ads_get_blended_cpa",
      description: "What does one conversion cost across all ad networks together?",
      days: 28,
      run: async (_args, d, w) => {
        const s = await totals(d.id, w.since, w.until);
        return {
          since: w.since,
          blended_cpa: round((s?.spend ?? 0) / Math.max(0.1, s?.conversions ?? 0)),
          conversions: round(s?.conversions, 1),
        };
      },
    }),
    t.read({
      name: "ads_get_marketing_efficiency_ratio",
      description:
        "Marketing efficiency ratio (MER): total shop revenue, all channels, divided by total ad spend.",
      days: 28,
      run: async (_args, d, w) => {
        const s = await totals(d.id, w.since, w.until);
        const revenue =
          (
            await store.get<{ r: number }>(
              "SELECT SUM(total) AS r FROM eshop_orders WHERE domain_id = ? AND status NOT IN ('cancelled', 'refunded') AND day BETWEEN ? AND ?",
              [d.id, w.since, w.until],
            )
          )?.r ?? 0;
        return {
          since: w.since,
          shop_revenue: round(revenue),
          ad_spend: round(s?.spend),
          mer: round(revenue / Math.max(0.01, s?.spend ?? 0)),
        };
      },
    }),
    t.list({
      name: "ads_get_cost_vs_revenue_share",
      description:
        "Does each network earn its share? Each network's share of spend beside its share of ad revenue.",
      days: 28,
      query: (_args, d, w) => [
        `SELECT network, ROUND(CAST(SUM(spend) / (SELECT SUM(spend) FROM (${spendUnion}) AS spend_rows WHERE day BETWEEN ? AND ?) AS NUMERIC), 3) AS spend_share, ROUND(CAST(SUM(revenue) / (SELECT ${dialect.greatest("SUM(revenue)", "0.01")} FROM (${spendUnion}) AS spend_rows WHERE day BETWEEN ? AND ?) AS NUMERIC), 3) AS revenue_share FROM (${spendUnion}) AS spend_rows WHERE day BETWEEN ? AND ? GROUP BY network`,
        [d.id, d.id, w.since, w.until, d.id, d.id, w.since, w.until, d.id, d.id, w.since, w.until],
      ],
    }),
    attribution(
      "ads_attribution_last_touch",
      "Which channel gets credit for sales if the last touch before buying wins (last-click attribution)?",
      { numerator: "CASE WHEN step = steps THEN 1 ELSE 0 END", denominator: "1" },
    ),
    attribution(
      "ads_attribution_first_touch",
      "Which channel first brought the customers who later bought (first-touch attribution)?",
      { numerator: "CASE WHEN step = 1 THEN 1 ELSE 0 END", denominator: "1" },
    ),
    attribution(
      "ads_attribution_linear",
      "Linear attribution: every touch on the path to a sale gets an equal share of the credit.",
      { numerator: "1", denominator: "steps" },
    ),
    attribution(
      "ads_attribution_position_based",
      "Position-based (U-shaped) attribution: 40% to the first touch, 40% to the last, 20% shared by the middle.",
      {
        numerator: "CASE WHEN steps > 2 AND (step = 1 OR step = steps) THEN 2 ELSE 1 END",
        denominator: "CASE WHEN steps <= 2 THEN steps WHEN step = 1 OR step = steps THEN 5 ELSE 5 * (steps - 2) END",
      },
    ),
    t.list({
      name: "ads_get_path_length_distribution",
      description: "How many touches does it take before someone buys? Orders per path length.",
      days: 28,
      sql: "SELECT steps AS touches, COUNT(DISTINCT order_id) AS orders, ROUND(CAST(AVG(revenue) AS NUMERIC), 2) AS average_order_value FROM ads_touchpoints WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY steps ORDER BY steps",
    }),
    t.list({
      name: "ads_get_top_conversion_paths",
      description:
        "Which sequences of channels lead to sales most often (e.g. meta_ads > email > direct)?",
      days: 28,
      sql: (d) => `SELECT path, COUNT(*) AS orders, ROUND(CAST(SUM(revenue) AS NUMERIC), 2) AS revenue FROM (SELECT order_id, ${d.groupConcat("channel", { separator: "' > '", orderBy: "step" })} AS path, MAX(revenue) AS revenue FROM (SELECT order_id, step, channel, revenue FROM ads_touchpoints WHERE domain_id = :domain_id AND day BETWEEN :since AND :until ) AS steps GROUP BY order_id) AS paths GROUP BY path ORDER BY orders DESC, path`,
    }),
    t.list({
      name: "ads_get_assisted_conversions",
      description:
        "Which channels help sales without closing them? Touches that were not the last one, per channel.",
      days: 28,
      sql: (d) => `SELECT channel, SUM(CAST((step < steps) AS INTEGER)) AS assists, SUM(CAST((step = steps) AS INTEGER)) AS last_touches, ROUND(CAST(SUM(CAST((step < steps) AS INTEGER)) * 1.0 / ${d.greatest("SUM(CAST((step = steps) AS INTEGER))", "1")} AS NUMERIC), 2) AS assist_ratio FROM ads_touchpoints WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY channel ORDER BY assists DESC`,
    }),
    t.list({
      name: "ads_list_goals",
      description: "List the monthly ad goals (target ROAS, target CPA).",
      sql: "SELECT id AS goal_id, month, metric, target FROM ads_goals WHERE domain_id = :domain_id ORDER BY month DESC, metric",
    }),
    t.list({
      name: "ads_get_goal_progress",
      description:
        "Are we hitting our ad goals? Actual ROAS and CPA per month against the targets.",
      query: (_args, d) => [
        `SELECT g.goal_id, g.month, g.metric, g.target, CASE g.metric WHEN 'roas' THEN ROUND(CAST(a.revenue / ${dialect.greatest("a.spend", "0.01")} AS NUMERIC), 2) ELSE ROUND(CAST(a.spend / ${dialect.greatest("a.conversions", "0.1")} AS NUMERIC), 2) END AS actual FROM (SELECT id AS goal_id, month, metric, target FROM ads_goals WHERE domain_id = ?) g LEFT JOIN (SELECT substr(day, 1, 7) AS month, SUM(spend) AS spend, SUM(revenue) AS revenue, SUM(conversions) AS conversions FROM (${spendUnion}) AS spend_rows GROUP BY month) a ON a.month = g.month ORDER BY g.month DESC, g.metric`,
        [d.id, d.id, d.id],
      ],
    }),
    t.act({
      name: "ads_set_monthly_budget",
      kind: "write",
      description:
        "Set the planned ad budget of one network for one month (creates or replaces it).",
      params: {
        network: arg.oneOf(NETWORKS, "Ad network."),
        month,
        planned: { type: "number", minimum: 0, maximum: 1000000, description: "Planned spend." },
      },
      required: ["network", "month", "planned"],
      run: async (args, d) => {
        await store.run(
          "INSERT INTO ads_budgets (domain_id, network, month, planned) VALUES (?, ?, ?, ?) ON CONFLICT (domain_id, network, month) DO UPDATE SET planned = excluded.planned",
          [d.id, args.network, args.month, args.planned],
        );
        return { network: args.network, month: args.month, planned: args.planned };
      },
    }),
    t.act({
      name: "ads_set_goal",
      kind: "write",
      description: "Set a monthly target ROAS or CPA.",
      params: {
        metric: arg.oneOf(["roas", "cpa"], "Goal metric."),
        month,
        target: { type: "number", exclusiveMinimum: 0, description: "Target value." },
      },
      required: ["metric", "month", "target"],
      run: async (args, d) => {
        const r = await store.run(
          "INSERT INTO ads_goals (domain_id, metric, target, month) VALUES (?, ?, ?, ?) RETURNING id",
          [d.id, args.metric, args.target, args.month],
        );
        return {
          goal_id: r.lastInsertId,
          metric: args.metric,
          month: args.month,
          target: args.target,
        };
      },
    }),
    t.remove({
      name: "ads_delete_goal",
      description: "Delete an ad goal.",
      row: goal,
      answer: (g) => ({ deleted: `${g.metric} ${g.month}` }),
    }),
    t.act({
      name: "ads_model_budget_reallocation",
      kind: "paid",
      cost: 3,
      description:
        "Model how to split a total ad budget between Google Ads and Meta in proportion to each network's ROAS over the window.",
      params: {
        total_budget: { type: "number", exclusiveMinimum: 0, description: "Budget to split." },
        days: arg.days(),
      },
      required: ["total_budget"],
      run: async (args, d) => {
        const w = windowOf(d, args);
        const rows = await store.all<{ network: string; spend: number; revenue: number }>(
          `SELECT network, SUM(spend) AS spend, SUM(revenue) AS revenue FROM (${spendUnion}) AS spend_rows WHERE day BETWEEN ? AND ? GROUP BY network`,
          [d.id, d.id, w.since, w.until],
        );
        const weight = rows.reduce((sum, row) => sum + row.revenue / Math.max(0.01, row.spend), 0);
        if (weight <= 0)
          throw new GatewayError(
            GatewayErrorCode.NOT_FOUND,
            "no ad spend with revenue in the window; widen `days`.",
          );
        const total = args.total_budget;
        return {
          since: w.since,
          split: rows.map((row) => {
            const roas = row.revenue / Math.max(0.01, row.spend);
            return {
              network: row.network,
              roas: round(roas),
              current_share: round(row.spend / rows.reduce((sum, x) => sum + x.spend, 0), 3),
              suggested_budget: round((total * roas) / weight),
            };
          }),
        };
      },
    }),
  ];
});
