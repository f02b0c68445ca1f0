// Demo data for the e-shop area and the attribution paths that lead to its orders: products,
// customers, orders with items, carts, coupons, reviews, and touchpoints per order.
import { COUNTRIES } from "../domain/dimensions";
import { CHANNELS, PEOPLE } from "./vocabulary";
import { dayBefore } from "../domain/days";
import type { DomainSeed } from "./seed-types";
import type { SqlValue } from "@foundry-mcp/workspace-store";

type Row = Record<string, SqlValue>;

const nextId = async (seed: DomainSeed, table: string): Promise<number> =>
  ((await seed.store.get<{ id: number }>(`SELECT COALESCE(MAX(id), 0) AS id FROM ${table}`))?.id ??
    0) + 1;

/** Products, customers, orders, items, carts, coupons, reviews and touchpoints of one domain. */
export async function seedShop(seed: DomainSeed): Promise<void> {
  const { store, random, domainId, vertical, asOf, hostname } = seed;
  const variants = ["", " · small", " · large", " · limited"];
  let productId = await nextId(seed, "eshop_products");
  const products: Row[] = [];
  for (const [index, name] of vertical.products.entries()) {
    for (const [variantIndex, variant] of variants.entries()) {
      const price = random.round(8 + random.next() * 300);
      products.push({
        id: productId++,
        domain_id: domainId,
        sku: `${vertical.key.slice(0, 3).toUpperCase()}-${index + 1}${variantIndex}`,
        name: `${name}${variant}`,
        category: vertical.categories[index % vertical.categories.length] ?? "other",
        price,
        cost: random.round(price * (0.3 + random.next() * 0.4)),
        stock: random.chance(0.12) ? 0 : random.int(1, 250),
        active: random.chance(0.92) ? 1 : 0,
        created_at: dayBefore(asOf, random.int(30, 400)),
      });
    }
  }
  await store.insertMany("eshop_products", products);
  let customerId = await nextId(seed, "eshop_customers");
  const customers: Row[] = [];
  for (let index = 0; index < 400; index++) {
    const first = random.pick(PEOPLE);
    customers.push({
      id: customerId++,
      domain_id: domainId,
      email: `${first}.${index + 1}@mail-${domainId}.example`,
      name: `${first[0]?.toUpperCase()}${first.slice(1)} ${String.fromCharCode(65 + (index % 26))}.`,
      country: random.pick(COUNTRIES),
      created_at: dayBefore(asOf, random.int(0, 365)),
      marketing_opt_in: random.chance(0.55) ? 1 : 0,
      tags: "",
    });
  }
  await store.insertMany("eshop_customers", customers);
  const coupons = ["WELCOME10", "SPRING15", "VIP20", "FREESHIP", "BLACKFRIDAY25"];
  await store.insertMany(
    "eshop_coupons",
    coupons.map((code, index) => ({
      domain_id: domainId,
      code,
      percent_off: [10, 15, 20, 0, 25][index] ?? 10,
      active: index === 1 ? 0 : 1,
      created_at: dayBefore(asOf, 200 - index * 30),
    })),
  );
  let orderId = await nextId(seed, "eshop_orders");
  const orders: Row[] = [];
  const items: Row[] = [];
  const touchpoints: Row[] = [];
  const loyal = customers.slice(0, 80);
  for (let index = 0; index < 1200; index++) {
    const customer = random.chance(0.45) ? random.pick(loyal) : random.pick(customers);
    const day = dayBefore(asOf, random.int(0, 179));
    let subtotal = 0;
    for (let line = random.int(1, 3); line > 0; line--) {
      const product = random.pick(products);
      const quantity = random.int(1, 3);
      subtotal += Number(product.price) * quantity;
      items.push({
        order_id: orderId,
        product_id: product.id as number,
        domain_id: domainId,
        quantity,
        unit_price: product.price as number,
      });
    }
    const coupon = random.chance(0.2) ? random.pick(coupons) : null;
    const discount = coupon ? random.round(subtotal * 0.15) : 0;
    const shipping = subtotal > 100 ? 0 : 6.9;
    const status = random.pick([
      "paid",
      "paid",
      "paid",
      "shipped",
      "shipped",
      "delivered",
      "delivered",
      "delivered",
      "refunded",
      "cancelled",
    ]);
    const channel = random.pick(CHANNELS);
    const total = random.round(subtotal - discount + shipping);
    orders.push({
      id: orderId,
      domain_id: domainId,
      customer_id: customer.id as number,
      day,
      status,
      channel,
      coupon,
      subtotal: random.round(subtotal),
      discount,
      shipping,
      total,
      country: customer.country as string,
    });
    const steps = random.int(1, 3);
    for (let step = 1; step <= steps; step++)
      touchpoints.push({
        domain_id: domainId,
        order_id: orderId,
        day,
        channel: step === steps ? channel : random.pick(CHANNELS),
        step,
        steps,
        revenue: total,
      });
    orderId++;
  }
  await store.insertMany("eshop_orders", orders);
  await store.insertMany("eshop_order_items", items);
  await store.insertMany("ads_touchpoints", touchpoints);
  await store.insertMany(
    "eshop_carts",
    Array.from({ length: 800 }, () => ({
      domain_id: domainId,
      customer_id: random.chance(0.6) ? (random.pick(customers).id as number) : null,
      day: dayBefore(asOf, random.int(0, 89)),
      status: random.pick([
        "abandoned",
        "abandoned",
        "converted",
        "converted",
        "converted",
        "open",
      ]),
      items: random.int(1, 5),
      value: random.round(10 + random.next() * 400),
      last_step: random.pick(["cart", "shipping", "payment", "review"]),
    })),
  );
  await store.insertMany(
    "eshop_reviews",
    Array.from({ length: 300 }, (_, index) => ({
      domain_id: domainId,
      product_id: random.pick(products).id as number,
      customer_id: random.pick(customers).id as number,
      day: dayBefore(asOf, random.int(0, 179)),
      rating: random.pick([5, 5, 4, 4, 4, 3, 2, 1]),
      title:
        random.pick([
          "Great value",
          "As described",
          "Arrived late",
          "Love it",
          "Not for me",
          "Would buy again",
        ]) + (index % 50 === 0 ? ` (${hostname})` : ""),
    })),
  );
}
