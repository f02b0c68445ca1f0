// eshop tools about products: catalogue, stock, best sellers, margins, ratings and reviews.
import { containsPattern, dialectSql, LIKE_ESCAPE } from "@foundry-mcp/workspace-store";
import { arg, round, defineTools, windowOf } from "../shared";
import { valid, product } from "./common";

/** The eshop toolset's tools about products, stock, sales and reviews. */
export const eshopProductTools = defineTools("eshop", (t, store) => {
  const dialect = dialectSql(store.dialect);
  return [
  t.list({
    name: "eshop_list_products",
    description:
      "List the shop's products with SKU, category, price, cost, stock and whether they are on sale.",
    params: {
      category: arg.text("Only this category."),
      active: {
        type: "boolean",
        description: "Only active (true) or archived (false) products.",
      },
    },
    sql: "SELECT id AS product_id, sku, name, category, price, cost, stock, active FROM eshop_products WHERE domain_id = :domain_id[ AND category = :category][ AND active = :active] ORDER BY id",
  }),
  t.read({
    name: "eshop_get_product",
    description: "One product with units sold, revenue, margin and average rating.",
    of: product,
    run: async (args, d, _window, p) => {
      return {
        ...p,
        ...(await store.get(
          `SELECT SUM(i.quantity) AS units_sold, ROUND(CAST(SUM(i.quantity * i.unit_price) AS NUMERIC), 2) AS revenue FROM eshop_order_items i JOIN eshop_orders o ON o.id = i.order_id AND o.${valid} WHERE i.product_id = ?`,
          [p.id],
        )),
        average_rating: round(
          (
            await store.get<{ r: number }>(
              "SELECT AVG(rating) AS r FROM eshop_reviews WHERE product_id = ?",
              [p.id],
            )
          )?.r,
          2,
        ),
      };
    },
  }),
  t.list({
    name: "eshop_search_products",
    description: "Find products whose name or SKU contains some text.",
    params: { text: arg.text("Text to look for.") },
    required: ["text"],
    query: (args, d) => [
      `SELECT id AS product_id, sku, name, price, stock FROM eshop_products WHERE domain_id = ? AND (${dialect.likeIgnoringCase("LOWER(name)", "?")} ${LIKE_ESCAPE} OR ${dialect.likeIgnoringCase("LOWER(sku)", "?")} ${LIKE_ESCAPE}) ORDER BY name`,
      [d.id, containsPattern(args.text, true), containsPattern(args.text, true)],
    ],
  }),
  t.list({
    name: "eshop_low_stock_products",
    description:
      "Which products are about to run out? Active products at or below a stock threshold, with their recent sales pace.",
    params: {
      threshold: {
        type: "integer",
        minimum: 0,
        default: 10,
        description: "Stock at or below this.",
      },
    },
    query: (args, d) => [
      "SELECT p.id AS product_id, p.name, p.stock, COALESCE((SELECT SUM(i.quantity) FROM eshop_order_items i JOIN eshop_orders o ON o.id = i.order_id WHERE i.product_id = p.id AND o.day >= ?), 0) AS sold_last_30_days FROM eshop_products p WHERE p.domain_id = ? AND p.active = 1 AND p.stock > 0 AND p.stock <= ? ORDER BY p.stock",
      [windowOf(d, { days: 30 }).since, d.id, args.threshold],
    ],
  }),
  t.list({
    name: "eshop_out_of_stock_products",
    description: "Which active products are out of stock right now?",
    sql: "SELECT id AS product_id, sku, name, category FROM eshop_products WHERE domain_id = :domain_id AND active = 1 AND stock = 0 ORDER BY name",
  }),
  t.list({
    name: "eshop_best_sellers_by_units",
    description: "Which products sell the most units?",
    days: 28,
    sql: `SELECT p.id AS product_id, p.name, SUM(i.quantity) AS units FROM eshop_order_items i JOIN eshop_orders o ON o.id = i.order_id JOIN eshop_products p ON p.id = i.product_id WHERE i.domain_id = :domain_id AND o.${valid} AND o.day BETWEEN :since AND :until GROUP BY p.id ORDER BY units DESC, p.id`,
  }),
  t.list({
    name: "eshop_best_sellers_by_revenue",
    description: "Which products bring in the most money?",
    days: 28,
    sql: `SELECT p.id AS product_id, p.name, ROUND(CAST(SUM(i.quantity * i.unit_price) AS NUMERIC), 2) AS revenue FROM eshop_order_items i JOIN eshop_orders o ON o.id = i.order_id JOIN eshop_products p ON p.id = i.product_id WHERE i.domain_id = :domain_id AND o.${valid} AND o.day BETWEEN :since AND :until GROUP BY p.id ORDER BY revenue DESC`,
  }),
  t.list({
    name: "eshop_products_by_margin",
    description:
      "Which products earn the most gross profit? Margin per unit, margin % and gross profit in the window.",
    days: 28,
    sql: `SELECT p.id AS product_id, p.name, ROUND(CAST(p.price - p.cost AS NUMERIC), 2) AS margin_per_unit, ROUND(CAST((p.price - p.cost) / p.price AS NUMERIC), 3) AS margin_rate, ROUND(CAST(COALESCE(SUM(i.quantity * (i.unit_price - p.cost)), 0) AS NUMERIC), 2) AS gross_profit FROM eshop_products p LEFT JOIN eshop_order_items i ON i.product_id = p.id AND i.order_id IN (SELECT id FROM eshop_orders WHERE domain_id = :domain_id AND ${valid} AND day BETWEEN :since AND :until) WHERE p.domain_id = :domain_id GROUP BY p.id ORDER BY gross_profit DESC`,
  }),
  t.list({
    name: "eshop_products_never_sold",
    description: "Which active products have not sold a single unit in the window?",
    days: 90,
    sql: "SELECT p.id AS product_id, p.name, p.stock, p.created_at FROM eshop_products p WHERE p.domain_id = :domain_id AND p.active = 1 AND NOT EXISTS (SELECT 1 FROM eshop_order_items i JOIN eshop_orders o ON o.id = i.order_id WHERE i.product_id = p.id AND o.day BETWEEN :since AND :until) ORDER BY p.created_at",
  }),
  t.list({
    name: "eshop_sales_by_category",
    description: "Revenue and units per product category.",
    days: 28,
    sql: `SELECT p.category, SUM(i.quantity) AS units, ROUND(CAST(SUM(i.quantity * i.unit_price) AS NUMERIC), 2) AS revenue FROM eshop_order_items i JOIN eshop_orders o ON o.id = i.order_id JOIN eshop_products p ON p.id = i.product_id WHERE i.domain_id = :domain_id AND o.${valid} AND o.day BETWEEN :since AND :until GROUP BY p.category ORDER BY revenue DESC`,
  }),
  t.list({
    name: "eshop_frequently_bought_together",
    description: "Which products are bought together in the same order most often?",
    days: 90,
    sql: "SELECT a.product_id AS product_a, b.product_id AS product_b, COUNT(*) AS orders_together FROM eshop_order_items a JOIN eshop_order_items b ON a.order_id = b.order_id AND a.product_id < b.product_id JOIN eshop_orders o ON o.id = a.order_id WHERE a.domain_id = :domain_id AND o.day BETWEEN :since AND :until GROUP BY a.product_id, b.product_id ORDER BY orders_together DESC, a.product_id, b.product_id",
  }),
  t.list({
    name: "eshop_product_ratings",
    description: "Average star rating and review count per product.",
    sql: "SELECT p.id AS product_id, p.name, ROUND(CAST(AVG(r.rating) AS NUMERIC), 2) AS average_rating, COUNT(*) AS reviews FROM eshop_reviews r JOIN eshop_products p ON p.id = r.product_id WHERE r.domain_id = :domain_id GROUP BY p.id ORDER BY average_rating DESC, p.id",
  }),
  t.list({
    name: "eshop_lowest_rated_products",
    description:
      "Which products do customers complain about? Products with an average rating below a threshold.",
    params: {
      below: {
        type: "number",
        minimum: 1,
        maximum: 5,
        default: 3.5,
        description: "Average rating ceiling.",
      },
    },
    sql: "SELECT p.id AS product_id, p.name, ROUND(CAST(AVG(r.rating) AS NUMERIC), 2) AS average_rating, SUM(CAST((r.rating <= 2) AS INTEGER)) AS bad_reviews FROM eshop_reviews r JOIN eshop_products p ON p.id = r.product_id WHERE r.domain_id = :domain_id GROUP BY p.id HAVING AVG(r.rating) < :below ORDER BY average_rating, p.id",
  }),
  t.list({
    name: "eshop_list_reviews",
    description: "Customer reviews, newest first, optionally for one product or one star rating.",
    params: {
      product_id: product.schema,
      rating: { type: "integer", minimum: 1, maximum: 5, description: "Only this rating." },
    },
    owned: [product],
    sql: "SELECT r.day, r.rating, r.title, p.name AS product FROM eshop_reviews r JOIN eshop_products p ON p.id = r.product_id WHERE r.domain_id = :domain_id[ AND r.product_id = :product_id][ AND r.rating = :rating] ORDER BY r.day DESC, r.id",
  }),
];
});
