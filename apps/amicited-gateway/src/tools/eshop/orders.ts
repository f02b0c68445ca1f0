// eshop tools about orders: lists, trends, revenue, refunds and coupon usage.
import { arg, round, defineTools } from "../shared";
import type { GatewayTool } from "../shared";
import { valid, order, statuses } from "./common";

/** The eshop toolset's tools about orders, revenue, refunds and coupons. */
export const eshopOrderTools = defineTools("eshop", (t, store) => {
  const ordersBy = (name: string, description: string, column: string): GatewayTool =>
    t.list({
      name,
      description,
      days: 28,
      sql: `SELECT ${column}, COUNT(*) AS orders, ROUND(CAST(SUM(total) AS NUMERIC), 2) AS revenue, ROUND(CAST(AVG(total) AS NUMERIC), 2) AS average_order_value FROM eshop_orders WHERE domain_id = :domain_id AND ${column === "status" ? "1 = 1" : valid} AND day BETWEEN :since AND :until GROUP BY ${column} ORDER BY revenue DESC`,
    });
  return [
    t.list({
      name: "eshop_list_orders",
      description:
        "List orders, newest first, with status, channel, coupon and totals; filter by status.",
      days: 180,
      params: { status: arg.oneOf(statuses, "Only this status.") },
      sql: "SELECT id AS order_id, day, customer_id, status, channel, coupon, subtotal, discount, shipping, total, country FROM eshop_orders WHERE domain_id = :domain_id AND day BETWEEN :since AND :until[ AND status = :status] ORDER BY day DESC, id DESC",
    }),
    t.read({
      name: "eshop_get_order",
      description: "One order with its line items and the customer.",
      of: order,
      run: async (args, d, _window, o) => {
        return {
          ...o,
          items: await store.all(
            "SELECT p.name, i.quantity, i.unit_price FROM eshop_order_items i JOIN eshop_products p ON p.id = i.product_id WHERE i.order_id = ?",
            [o.id],
          ),
          customer: await store.get(
            "SELECT c.id AS customer_id, c.name, c.email FROM eshop_customers c JOIN eshop_orders o ON o.customer_id = c.id WHERE o.id = ?",
            [o.id],
          ),
        };
      },
    }),
    t.list({
      name: "eshop_orders_by_day",
      description: "Orders and revenue day by day.",
      days: 28,
      sql: `SELECT day, COUNT(*) AS orders, ROUND(CAST(SUM(total) AS NUMERIC), 2) AS revenue FROM eshop_orders WHERE domain_id = :domain_id AND ${valid} AND day BETWEEN :since AND :until GROUP BY day ORDER BY day`,
    }),
    ordersBy(
      "eshop_orders_by_status",
      "How many orders are paid, shipped, delivered, refunded or cancelled?",
      "status",
    ),
    ordersBy(
      "eshop_orders_by_channel",
      "Which channel brings the orders (organic, ads, email, AI referral)?",
      "channel",
    ),
    ordersBy("eshop_orders_by_country", "Which countries buy the most?", "country"),
    t.list({
      name: "eshop_average_order_value_trend",
      description: "Is the average basket growing? Average order value per week.",
      days: 84,
      sql: (d) => `SELECT ${d.week("day")} AS week, ROUND(CAST(AVG(total) AS NUMERIC), 2) AS average_order_value, COUNT(*) AS orders FROM eshop_orders WHERE domain_id = :domain_id AND ${valid} AND day BETWEEN :since AND :until GROUP BY week ORDER BY week`,
    }),
    t.totals({
      name: "eshop_get_revenue_summary",
      description:
        "Shop revenue for the window: gross, discounts, shipping, refunds, net, orders and average order value.",
      days: 28,
      sql: `SELECT COUNT(*) AS orders, ROUND(CAST(SUM(CASE WHEN ${valid} THEN subtotal END) AS NUMERIC), 2) AS gross, ROUND(CAST(SUM(CASE WHEN ${valid} THEN discount END) AS NUMERIC), 2) AS discounts, ROUND(CAST(SUM(CASE WHEN ${valid} THEN shipping END) AS NUMERIC), 2) AS shipping, ROUND(CAST(SUM(CASE WHEN status = 'refunded' THEN total END) AS NUMERIC), 2) AS refunded, ROUND(CAST(SUM(CASE WHEN ${valid} THEN total END) AS NUMERIC), 2) AS net, ROUND(CAST(AVG(CASE WHEN ${valid} THEN total END) AS NUMERIC), 2) AS average_order_value FROM eshop_orders WHERE domain_id = :domain_id AND day BETWEEN :since AND :until`,
    }),
    t.comparePeriods({
      name: "eshop_compare_periods",
      description:
        "Did the shop sell more this window than the previous one? Orders, revenue and AOV in each.",
      days: 28,
      sql: `SELECT COUNT(*) AS orders, ROUND(CAST(SUM(total) AS NUMERIC), 2) AS revenue, ROUND(CAST(AVG(total) AS NUMERIC), 2) AS average_order_value FROM eshop_orders WHERE domain_id = :domain_id AND ${valid} AND day BETWEEN :since AND :until`,
    }),
    t.read({
      name: "eshop_get_refund_rate",
      description: "What share of orders and revenue gets refunded?",
      days: 90,
      run: async (_args, d, w) => {
        const r = await store.get<{
          orders: number;
          refunded: number;
          revenue: number;
          refunded_revenue: number;
        }>(
          "SELECT COUNT(*) AS orders, SUM(CAST((status = 'refunded') AS INTEGER)) AS refunded, SUM(total) AS revenue, SUM(CASE WHEN status = 'refunded' THEN total ELSE 0 END) AS refunded_revenue FROM eshop_orders WHERE domain_id = ? AND day BETWEEN ? AND ?",
          [d.id, w.since, w.until],
        );
        return {
          since: w.since,
          refunded_orders: r?.refunded ?? 0,
          refund_rate: round((r?.refunded ?? 0) / Math.max(1, r?.orders ?? 0), 3),
          refunded_revenue_share: round(
            (r?.refunded_revenue ?? 0) / Math.max(0.01, r?.revenue ?? 0),
            3,
          ),
        };
      },
    }),
    t.list({
      name: "eshop_coupon_usage",
      description: "Which coupons are used, how often, and how much discount did they cost?",
      days: 90,
      sql: "SELECT coupon, COUNT(*) AS orders, ROUND(CAST(SUM(discount) AS NUMERIC), 2) AS discount_given, ROUND(CAST(AVG(total) AS NUMERIC), 2) AS average_order_value FROM eshop_orders WHERE domain_id = :domain_id AND coupon IS NOT NULL AND day BETWEEN :since AND :until GROUP BY coupon ORDER BY orders DESC",
    }),
    t.list({
      name: "eshop_list_coupons",
      description: "List coupon codes with discount and whether they are active.",
      sql: "SELECT id AS coupon_id, code, percent_off, active, created_at FROM eshop_coupons WHERE domain_id = :domain_id ORDER BY id",
    }),
    t.list({
      name: "eshop_largest_orders",
      description: "The biggest orders by total value.",
      days: 90,
      sql: `SELECT id AS order_id, day, customer_id, total, channel FROM eshop_orders WHERE domain_id = :domain_id AND ${valid} AND day BETWEEN :since AND :until ORDER BY total DESC`,
    }),
  ];
});
