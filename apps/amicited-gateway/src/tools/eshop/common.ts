// Constants and owned rows shared by the eshop tool files (see ../eshop.ts).
import { ownedRow } from "../owned-rows";

/** SQL condition for orders that count as sales (not cancelled or refunded). */
export const valid = "status NOT IN ('cancelled', 'refunded')";
/** A product of the shop. */
export const product = ownedRow<{
  id: number;
  name: string;
  category: string;
  price: number;
  stock: number;
  active: number;
}>({
  param: "product_id",
  what: "product",
  table: "eshop_products",
  listedBy: "eshop_list_products",
});
/** An order. */
export const order = ownedRow<{ id: number; status: string; total: number }>({
  param: "order_id",
  what: "order",
  table: "eshop_orders",
  listedBy: "eshop_list_orders",
});
/** A customer. */
export const customer = ownedRow<{ id: number; email: string; name: string; tags: string }>({
  param: "customer_id",
  what: "customer",
  table: "eshop_customers",
  listedBy: "eshop_list_customers",
});
/** A coupon code. */
export const coupon = ownedRow<{ id: number; code: string }>({
  param: "coupon_id",
  what: "coupon",
  table: "eshop_coupons",
  listedBy: "eshop_list_coupons",
  columns: "id, code",
});
/** Order statuses, for filters. */
export const statuses = ["paid", "shipped", "delivered", "refunded", "cancelled"];
