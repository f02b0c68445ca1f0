// SQL paging for list tools: tool-catalog's bounds, fields check and paging block, with the
// page cut in SQL (LIMIT/OFFSET) so tables of tens of thousands of rows stay cheap.
import { checkFields, pageWindowOf, pagingOf, projectRow } from "@foundry-mcp/tool-catalog";
import type { PageInput, RowPage } from "@foundry-mcp/tool-catalog";
import type { Query } from "./scope";
import type { StoreQueries } from "./types";

/**
 * Runs `query` one page at a time: `{ rows, paging }`, `fields` checked against the query's
 * columns (even on an empty page), offset and limit bounded before they reach the database.
 * @example await pageQuery(store, ["SELECT id, name FROM eshop_products WHERE domain_id = ?", [3]], { limit: 50 })
 */
export async function pageQuery(
  store: StoreQueries,
  query: Query,
  input: PageInput,
): Promise<RowPage<Record<string, unknown>>> {
  const [sql, params] = query;
  const { offset, limit } = pageWindowOf(input);
  const fields = input.fields;
  if (fields) checkFields(fields, await store.columns(sql, params));
  const total =
    (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (${sql}) AS page_source`, params))
      ?.n ?? 0;
  const page = await store.all(`${sql} LIMIT ? OFFSET ?`, [...params, limit, offset]);
  return {
    rows: fields ? page.map((row) => projectRow(row, fields)) : page,
    paging: pagingOf(offset, limit, page.length, total),
  };
}
