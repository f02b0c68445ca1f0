// Constants and lookups shared by the eshop tool files (see ../eshop.ts).
import { arg, requireRow } from "../shared";
import type { DomainScope } from "../shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** SQL condition for orders that count as sales (not cancelled or refunded). */
export const valid = "status NOT IN ('cancelled', 'refunded')";
/** Schema of a product_id argument. */
export const productId = arg.id("Product (from eshop_list_products)");
/** Schema of an order_id argument. */
export const orderId = arg.id("Order (from eshop_list_orders)");
/** Schema of a customer_id argument. */
export const customerId = arg.id("Customer (from eshop_list_customers)");
/** Order statuses, for filters. */
export const statuses = ["paid", "shipped", "delivered", "refunded", "cancelled"];
/** Lookups and factories shared by the eshop tool files. */
export function eshopCommon(store: WorkspaceStore) {
  const product = (id: number, d: DomainScope) =>
    requireRow<{ id: number; name: string; price: number; stock: number; active: number }>(
      store,
      ["SELECT * FROM eshop_products WHERE id = ? AND domain_id = ?", [id, d.id]],
      `product ${id}`,
      "list ids with eshop_list_products",
    );
  const order = (id: number, d: DomainScope) =>
    requireRow<{ id: number; status: string; total: number }>(
      store,
      ["SELECT * FROM eshop_orders WHERE id = ? AND domain_id = ?", [id, d.id]],
      `order ${id}`,
      "list ids with eshop_list_orders",
    );
  const customer = (id: number, d: DomainScope) =>
    requireRow<{ id: number; email: string; name: string; tags: string }>(
      store,
      ["SELECT * FROM eshop_customers WHERE id = ? AND domain_id = ?", [id, d.id]],
      `customer ${id}`,
      "list ids with eshop_list_customers",
    );
  return { product, order, customer };
}
