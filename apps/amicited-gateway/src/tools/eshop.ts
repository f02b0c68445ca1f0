// Toolset "eshop": the shop — products, orders, customers (lifetime value, churn, cohorts),
// carts, coupons and reviews. "Valid" orders exclude cancelled and refunded ones.
// The tools live in ./eshop/ by responsibility; this file assembles the toolset.
import { eshopProductTools } from "./eshop/products";
import { eshopOrderTools } from "./eshop/orders";
import { eshopCustomerTools } from "./eshop/customers";
import { eshopActionTools } from "./eshop/actions";
import type { GatewayTool } from "./shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The eshop toolset's tools. */
export function eshopTools(store: WorkspaceStore): GatewayTool[] {
  return [
    ...eshopProductTools(store),
    ...eshopOrderTools(store),
    ...eshopCustomerTools(store),
    ...eshopActionTools(store),
  ];
}
