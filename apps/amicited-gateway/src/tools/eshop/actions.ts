// eshop tools that change things (write, destructive) or spend credits (paid).
import { arg, round, defineTools, windowOf } from "../shared";
import { GatewayError, GatewayErrorCode } from "../../errors";
import { coupon, customer, order, product } from "./common";

/** The eshop toolset's tools about changes: prices, stock, coupons, orders, customers, paid analyses. */
export const eshopActionTools = defineTools("eshop", (t, store) => [
  t.change({
    name: "eshop_update_price",
    description: "Change a product's price.",
    row: product,
    column: "price",
    value: { type: "number", exclusiveMinimum: 0, maximum: 100000, description: "New price." },
  }),
  t.change({
    name: "eshop_set_stock",
    description: "Set a product's stock level after a delivery or count.",
    row: product,
    column: "stock",
    value: { type: "integer", minimum: 0, maximum: 1000000, description: "Units in stock." },
  }),
  t.change({
    name: "eshop_set_product_active",
    description: "Put a product on sale (active=true) or take it off (active=false).",
    row: product,
    column: "active",
    value: { type: "boolean", description: "On sale or not." },
    answer: "value",
  }),
  t.act({
    name: "eshop_create_coupon",
    kind: "write",
    description: "Create a percentage coupon code.",
    params: {
      code: {
        type: "string",
        pattern: "^[A-Z0-9]{3,20}$",
        description: "Code, upper-case letters and digits.",
      },
      percent_off: {
        type: "integer",
        minimum: 1,
        maximum: 90,
        description: "Discount in percent.",
      },
    },
    required: ["code", "percent_off"],
    run: async (args, d) => {
      if (
        await store.get("SELECT id FROM eshop_coupons WHERE domain_id = ? AND code = ?", [
          d.id,
          args.code,
        ])
      )
        throw new GatewayError(
          GatewayErrorCode.CONFLICT,
          `code ${args.code} already exists; pick another code.`,
        );
      const r = await store.run(
        "INSERT INTO eshop_coupons (domain_id, code, percent_off, active, created_at) VALUES (?, ?, ?, 1, ?) RETURNING id",
        [d.id, args.code, args.percent_off, new Date().toISOString().slice(0, 10)],
      );
      return { coupon_id: r.lastInsertId, code: args.code };
    },
  }),
  t.mark({
    name: "eshop_deactivate_coupon",
    description: "Stop a coupon code from working.",
    row: coupon,
    column: "active",
    to: 0,
    answer: (c) => ({ deactivated: c.code }),
  }),
  t.mark({
    name: "eshop_mark_order_shipped",
    description: "Mark a paid order as shipped.",
    row: order,
    column: "status",
    to: "shipped",
    check: (o) => {
      if (o.status !== "paid")
        throw new GatewayError(
          GatewayErrorCode.CONFLICT,
          `order ${o.id} is ${o.status}; only paid orders can be marked shipped.`,
        );
    },
    answer: "value",
  }),
  t.act({
    name: "eshop_refund_order",
    kind: "destructive",
    description: "Refund an order in full and restock its items. Cannot be undone.",
    of: order,
    params: { reason: arg.text("Why.", 200) },
    run: async (args, d, _context, o) => {
      if (o.status === "refunded" || o.status === "cancelled")
        throw new GatewayError(GatewayErrorCode.CONFLICT, `order ${o.id} is already ${o.status}.`);
      await store.batch([
        { sql: "UPDATE eshop_orders SET status = 'refunded' WHERE id = ?", params: [o.id] },
        {
          sql: "UPDATE eshop_products SET stock = stock + (SELECT SUM(quantity) FROM eshop_order_items i WHERE i.order_id = ? AND i.product_id = eshop_products.id) WHERE id IN (SELECT product_id FROM eshop_order_items WHERE order_id = ?)",
          params: [o.id, o.id],
        },
      ]);
      return { order_id: o.id, refunded: o.total };
    },
  }),
  t.act({
    name: "eshop_tag_customer",
    kind: "write",
    description: "Add a tag to a customer (e.g. vip, wholesale).",
    of: customer,
    params: { tag: { type: "string", pattern: "^[a-z0-9-]{1,30}$", description: "Tag." } },
    required: ["tag"],
    run: async (args, _d, _context, c) => {
      const tags = new Set(c.tags ? c.tags.split(",") : []);
      tags.add(args.tag);
      await store.run("UPDATE eshop_customers SET tags = ? WHERE id = ?", [
        [...tags].join(","),
        c.id,
      ]);
      return { customer_id: c.id, tags: [...tags] };
    },
  }),
  t.act({
    name: "eshop_erase_customer",
    kind: "destructive",
    description:
      "Erase a customer's personal data (GDPR): name and e-mail are anonymised, orders kept for accounting.",
    of: customer,
    run: async (args, d, _context, c) => {
      await store.run(
        "UPDATE eshop_customers SET name = 'erased', email = ?, marketing_opt_in = 0, tags = '' WHERE id = ?",
        [`erased-${c.id}@invalid`, c.id],
      );
      return { customer_id: c.id, erased: true };
    },
  }),
  t.act({
    name: "eshop_send_cart_recovery_emails",
    kind: "paid",
    cost: 2,
    description:
      "Send recovery e-mails for abandoned carts of opted-in customers in the last `days` days (at most 50).",
    params: { days: arg.days(7) },
    run: async (args, d) => {
      const w = windowOf(d, args, 7);
      const carts = await store.all<{ id: number; email: string; value: number }>(
        "SELECT k.id, c.email, k.value FROM eshop_carts k JOIN eshop_customers c ON c.id = k.customer_id WHERE k.domain_id = ? AND k.status = 'abandoned' AND c.marketing_opt_in = 1 AND k.day BETWEEN ? AND ? ORDER BY k.value DESC LIMIT 50",
        [d.id, w.since, w.until],
      );
      return {
        emails_sent: carts.length,
        value_targeted: round(carts.reduce((sum, cart) => sum + cart.value, 0)),
        recipients: carts.slice(0, 10).map((cart) => cart.email),
      };
    },
  }),
  t.act({
    name: "eshop_forecast_demand",
    kind: "paid",
    cost: 3,
    description:
      "Forecast next-30-day unit demand per product from the last 90 days' weekly sales trend, and flag products whose stock will not cover it.",
    run: async (_args, d) => {
      const w = windowOf(d, { days: 90 });
      const rows = await store.all<{
        product_id: number;
        name: string;
        stock: number;
        recent: number;
        older: number;
      }>(
        "SELECT p.id AS product_id, p.name, p.stock, COALESCE(SUM(CASE WHEN o.day >= ? THEN i.quantity END), 0) AS recent, COALESCE(SUM(CASE WHEN o.day < ? THEN i.quantity END), 0) AS older FROM eshop_products p LEFT JOIN eshop_order_items i ON i.product_id = p.id LEFT JOIN eshop_orders o ON o.id = i.order_id AND o.day BETWEEN ? AND ? WHERE p.domain_id = ? AND p.active = 1 GROUP BY p.id",
        [windowOf(d, { days: 30 }).since, windowOf(d, { days: 30 }).since, w.since, w.until, d.id],
      );
      const forecast = rows.map((row) => {
        const trend = row.older > 0 ? row.recent / (row.older / 2) : 1;
        const demand = Math.round(row.recent * Math.min(2, Math.max(0.5, trend)));
        return {
          product_id: row.product_id,
          name: row.name,
          stock: row.stock,
          forecast_units_30_days: demand,
          short_by: Math.max(0, demand - row.stock),
        };
      });
      return {
        products: forecast.length,
        at_risk: forecast
          .filter((row) => row.short_by > 0)
          .sort((a, b) => b.short_by - a.short_by)
          .slice(0, 20),
      };
    },
  }),
]);
