// A row a domain owns (a product, a campaign, a monitor …) as the tools about it see it: the id
// argument that names it, the table it lives in, and the lookup that refuses another domain's id
// with the hint where to find ids. Declared once per kind of row (in each toolset's common.ts);
// list tools name the rows they are about or filter by (`of`, `owned`), and the builder's
// `change`, `mark` and `remove` declare the write tools over one row (row-actions.ts).
import { requireRow } from "@foundry-mcp/workspace-store";
import type { DomainScope, StoreQueries } from "@foundry-mcp/workspace-store";

/** The JSON Schema of an id argument, as `arg.id` writes it. */
export type IdSchema = {
  readonly type: "integer";
  readonly minimum: 1;
  readonly description: string;
};

/** A kind of row one domain owns. */
export interface OwnedRow<Row extends { id: number } = { id: number }> {
  /** The argument naming the row, e.g. `product_id`. */
  readonly param: string;
  /** That argument's schema: "Product (from eshop_list_products) id." */
  readonly schema: IdSchema;
  /** The table the row lives in, where writes to it go. */
  readonly table: string;
  /** The row, when `id` belongs to `domain`; otherwise NOT_FOUND naming the list tool. */
  find(store: StoreQueries, id: number, domain: DomainScope): Promise<Row>;
}

/** How a kind of row is declared. */
export interface OwnedRowSpec {
  /** The argument naming the row. */
  param: string;
  /** What the row is, lower case, as messages name it: "ad set". */
  what: string;
  table: string;
  /** The list tool that shows the ids: "eshop_list_products". */
  listedBy: string;
  /** The columns the lookup reads (every one by default); answers that spread the row show them. */
  columns?: string;
  /** A further condition the row must meet, e.g. `negative = 0` (not a negative keyword). */
  where?: string;
}

/**
 * Declares a kind of owned row.
 *
 * @example const product = ownedRow<{ id: number; price: number }>({ param: "product_id", what: "product", table: "eshop_products", listedBy: "eshop_list_products" });
 */
export function ownedRow<Row extends { id: number }>(spec: OwnedRowSpec): OwnedRow<Row> {
  const label = spec.what.charAt(0).toUpperCase() + spec.what.slice(1);
  const sql = `SELECT ${spec.columns ?? "*"} FROM ${spec.table} WHERE id = ? AND domain_id = ?${spec.where ? ` AND ${spec.where}` : ""}`;
  return {
    param: spec.param,
    schema: { type: "integer", minimum: 1, description: `${label} (from ${spec.listedBy}) id.` },
    table: spec.table,
    find: (store, id, domain) =>
      requireRow<Row>(
        store,
        [sql, [id, domain.id]],
        `${spec.what} ${id}`,
        `list ids with ${spec.listedBy}`,
      ),
  };
}
