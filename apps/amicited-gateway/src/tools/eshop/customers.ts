// eshop tools about customers: lifetime value, repeat purchases, churn, cohorts, consent and carts.
import { round, defineTools, windowOf } from "../shared";
import { valid, customer } from "./common";

/** The eshop toolset's tools about customers, lifetime value, retention and carts. */
export const eshopCustomerTools = defineTools("eshop", (t, store) => {
  const ltv =
    "SELECT c.id AS customer_id, c.name, c.email, COUNT(o.id) AS orders, ROUND(CAST(SUM(o.total) AS NUMERIC), 2) AS lifetime_value, MIN(o.day) AS first_order, MAX(o.day) AS last_order FROM eshop_customers c JOIN eshop_orders o ON o.customer_id = c.id AND o." +
    valid +
    " WHERE c.domain_id = ? GROUP BY c.id";
  return [
    t.list({
      name: "eshop_list_customers",
      description: "List customers with country, sign-up date, marketing consent and tags.",
      params: {
        country: { type: "string", pattern: "^[a-z]{2}$", description: "Only this country." },
      },
      sql: "SELECT id AS customer_id, name, email, country, created_at, marketing_opt_in, tags FROM eshop_customers WHERE domain_id = :domain_id[ AND country = :country] ORDER BY id",
    }),
    t.read({
      name: "eshop_get_customer",
      description: "One customer with their orders, lifetime value and last purchase.",
      of: customer,
      run: async (args, d, _window, c) => {
        return {
          ...c,
          ...(await store.get(
            `SELECT COUNT(*) AS orders, ROUND(CAST(SUM(total) AS NUMERIC), 2) AS lifetime_value, MAX(day) AS last_order FROM eshop_orders WHERE customer_id = ? AND ${valid}`,
            [c.id],
          )),
          recent_orders: await store.all(
            "SELECT id AS order_id, day, status, total FROM eshop_orders WHERE customer_id = ? ORDER BY day DESC LIMIT 5",
            [c.id],
          ),
        };
      },
    }),
    t.list({
      name: "eshop_customer_lifetime_value",
      description:
        "Customer lifetime value: who are our most valuable customers? Orders and total spent per customer, highest first.",
      query: (_args, d) => [`${ltv} ORDER BY lifetime_value DESC`, [d.id]],
    }),
    t.read({
      name: "eshop_get_average_lifetime_value",
      description:
        "What is a customer worth on average? Average lifetime value, orders per customer and the share of revenue from the top 10% of customers.",
      run: async (_args, d) => {
        const rows = await store.all<{ lifetime_value: number; orders: number }>(
          `${ltv} ORDER BY lifetime_value DESC`,
          [d.id],
        );
        const total = rows.reduce((sum, row) => sum + row.lifetime_value, 0);
        const top = rows
          .slice(0, Math.max(1, Math.floor(rows.length / 10)))
          .reduce((sum, row) => sum + row.lifetime_value, 0);
        return {
          customers_with_orders: rows.length,
          average_lifetime_value: round(total / Math.max(1, rows.length)),
          orders_per_customer: round(
            rows.reduce((sum, row) => sum + row.orders, 0) / Math.max(1, rows.length),
          ),
          top_10_percent_revenue_share: round(top / Math.max(0.01, total), 3),
        };
      },
    }),
    t.read({
      name: "eshop_get_repeat_purchase_rate",
      description:
        "How many customers come back? Share of buying customers with two or more orders.",
      run: async (_args, d) => {
        const r = await store.get<{ buyers: number; repeat: number }>(
          `SELECT COUNT(*) AS buyers, SUM(CAST((n >= 2) AS INTEGER)) AS repeat FROM (SELECT customer_id, COUNT(*) AS n FROM eshop_orders WHERE domain_id = ? AND ${valid} GROUP BY customer_id) AS buyers`,
          [d.id],
        );
        return {
          buyers: r?.buyers ?? 0,
          repeat_buyers: r?.repeat ?? 0,
          repeat_purchase_rate: round((r?.repeat ?? 0) / Math.max(1, r?.buyers ?? 0), 3),
        };
      },
    }),
    t.list({
      name: "eshop_new_vs_returning_revenue",
      description: "Revenue from first-time buyers versus returning customers, per week.",
      days: 84,
      sql: (d) => `SELECT ${d.week("o.day")} AS week, ROUND(CAST(SUM(CASE WHEN o.day = f.first_day THEN o.total ELSE 0 END) AS NUMERIC), 2) AS new_customer_revenue, ROUND(CAST(SUM(CASE WHEN o.day > f.first_day THEN o.total ELSE 0 END) AS NUMERIC), 2) AS returning_revenue FROM eshop_orders o JOIN (SELECT customer_id, MIN(day) AS first_day FROM eshop_orders WHERE domain_id = :domain_id AND ${valid} GROUP BY customer_id) f ON f.customer_id = o.customer_id WHERE o.domain_id = :domain_id AND o.${valid} AND o.day BETWEEN :since AND :until GROUP BY week ORDER BY week`,
    }),
    t.list({
      name: "eshop_customers_at_churn_risk",
      description:
        "Which repeat customers have gone quiet? Customers with 2+ orders and none for at least `quiet_days`.",
      params: {
        quiet_days: {
          type: "integer",
          minimum: 7,
          maximum: 365,
          default: 60,
          description: "Days since the last order.",
        },
      },
      query: (args, d) => [
        `${ltv} HAVING COUNT(o.id) >= 2 AND MAX(o.day) <= ? ORDER BY lifetime_value DESC`,
        [d.id, windowOf(d, { days: args.quiet_days }).since],
      ],
    }),
    t.list({
      name: "eshop_customers_by_country",
      description: "Where do our customers live? Customers and buyers per country.",
      sql: "SELECT c.country, COUNT(*) AS customers, SUM(CAST((EXISTS (SELECT 1 FROM eshop_orders o WHERE o.customer_id = c.id)) AS INTEGER)) AS buyers FROM eshop_customers c WHERE c.domain_id = :domain_id GROUP BY c.country ORDER BY customers DESC",
    }),
    t.list({
      name: "eshop_cohort_retention",
      description:
        "Cohort retention: for customers grouped by month of first order, how many ordered again in later months?",
      sql: `SELECT f.cohort, COUNT(DISTINCT f.customer_id) AS customers, COUNT(DISTINCT CASE WHEN substr(o.day, 1, 7) > f.cohort THEN f.customer_id END) AS returned, ROUND(CAST(COUNT(DISTINCT CASE WHEN substr(o.day, 1, 7) > f.cohort THEN f.customer_id END) * 1.0 / COUNT(DISTINCT f.customer_id) AS NUMERIC), 3) AS retention FROM (SELECT customer_id, substr(MIN(day), 1, 7) AS cohort FROM eshop_orders WHERE domain_id = :domain_id AND ${valid} GROUP BY customer_id) f JOIN eshop_orders o ON o.customer_id = f.customer_id AND o.${valid} GROUP BY f.cohort ORDER BY f.cohort`,
    }),
    t.read({
      name: "eshop_get_marketing_consent",
      description: "How many customers can we e-mail? Opted-in count and share.",
      run: async (_args, d) => {
        const r = await store.get<{ n: number; opted: number }>(
          "SELECT COUNT(*) AS n, SUM(marketing_opt_in) AS opted FROM eshop_customers WHERE domain_id = ?",
          [d.id],
        );
        return {
          customers: r?.n ?? 0,
          opted_in: r?.opted ?? 0,
          share: round((r?.opted ?? 0) / Math.max(1, r?.n ?? 0), 3),
        };
      },
    }),
    t.totals<{ carts: number; abandoned: number; value: number }>({
      name: "eshop_get_cart_abandonment_rate",
      description: "What share of shopping carts is abandoned, and how much value do they hold?",
      days: 28,
      sql: "SELECT COUNT(*) AS carts, SUM(CAST((status = 'abandoned') AS INTEGER)) AS abandoned, SUM(CASE WHEN status = 'abandoned' THEN value ELSE 0 END) AS value FROM eshop_carts WHERE domain_id = :domain_id AND day BETWEEN :since AND :until",
      answer: (r) => ({
        carts: r?.carts ?? 0,
        abandoned: r?.abandoned ?? 0,
        abandonment_rate: round((r?.abandoned ?? 0) / Math.max(1, r?.carts ?? 0), 3),
        abandoned_value: round(r?.value),
      }),
    }),
    t.list({
      name: "eshop_abandonment_by_checkout_step",
      description: "At which checkout step do shoppers give up (cart, shipping, payment, review)?",
      days: 28,
      sql: "SELECT last_step, COUNT(*) AS abandoned_carts, ROUND(CAST(SUM(value) AS NUMERIC), 2) AS value FROM eshop_carts WHERE domain_id = :domain_id AND status = 'abandoned' AND day BETWEEN :since AND :until GROUP BY last_step ORDER BY abandoned_carts DESC",
    }),
    t.list({
      name: "eshop_list_abandoned_carts",
      description:
        "Abandoned carts from known customers that could be recovered, most valuable first.",
      days: 14,
      sql: "SELECT k.id AS cart_id, k.day, k.value, k.items, k.last_step, c.email, c.marketing_opt_in FROM eshop_carts k JOIN eshop_customers c ON c.id = k.customer_id WHERE k.domain_id = :domain_id AND k.status = 'abandoned' AND k.day BETWEEN :since AND :until ORDER BY k.value DESC",
    }),
  ];
});
