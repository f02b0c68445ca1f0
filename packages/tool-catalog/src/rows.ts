// Rows helpers every list tool uses: pages of 25 (500 at most) with a `paging` block, and
// `fields` projection that refuses columns the rows do not have (SPEC §4 "Pages, fields, limits").

import { CatalogError, CatalogErrorCode, checkedInteger } from "./errors";
import type { JsonSchemaObject, Paging } from "./types";

/** Rows per page when the caller gives no limit. */
export const DEFAULT_PAGE_SIZE = 25;
/** The most rows one call may return. */
export const MAX_PAGE_SIZE = 500;

/**
 * `offset` and `limit` properties that list tools spread into their inputSchema's `properties`.
 *
 * @example inputSchema: { type: "object", properties: { domain_id: {…}, ...pagingInputSchema } }
 */
export const pagingInputSchema: Record<"offset" | "limit", JsonSchemaObject> = {
  offset: { type: "integer", minimum: 0, description: "Rows to skip; pass paging.next_offset from the previous page." },
  limit: {
    type: "integer",
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    description: `Rows per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).`,
  },
};

/** A `fields` property (columns to return) that list tools spread into their inputSchema. */
export const fieldsInputSchema: Record<"fields", JsonSchemaObject> = {
  fields: {
    type: "array",
    items: { type: "string" },
    minItems: 1,
    uniqueItems: true,
    description: "Only these columns in each row; an unknown column is refused.",
  },
};

/** What pageRows reads from a tool's arguments. */
export interface PageInput {
  offset?: number;
  limit?: number;
  fields?: string[];
}

/** One page of rows and its paging block. */
export interface RowPage<T> {
  rows: Partial<T>[];
  paging: Paging;
}

function columnsOf<T>(rows: T[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    if (typeof row === "object" && row !== null) for (const key of Object.keys(row)) seen.add(key);
  }
  return [...seen];
}

/**
 * The checked `offset` and `limit` of a page request: integers within their bounds, defaults
 * filled in. Hosts that page in SQL (LIMIT/OFFSET) use it so a huge offset never reaches the database.
 *
 * @example pageWindowOf({ offset: 50 }) // → { offset: 50, limit: 25 }
 */
export function pageWindowOf(input: PageInput = {}): { offset: number; limit: number } {
  return {
    offset: checkedInteger(CatalogErrorCode.INVALID_PAGING, "offset", input.offset, 0, Number.MAX_SAFE_INTEGER, 0),
    limit: checkedInteger(CatalogErrorCode.INVALID_PAGING, "limit", input.limit, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  };
}

/** Refuses requested `fields` outside `columns` with UNKNOWN_FIELD naming the valid ones. */
export function checkFields(fields: readonly string[], columns: readonly string[]): void {
  const valid = new Set(columns);
  const unknown = fields.filter((field) => !valid.has(field));
  if (unknown.length > 0) {
    throw new CatalogError(
      CatalogErrorCode.UNKNOWN_FIELD,
      `fields: unknown column${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}; valid columns: ${columns.join(", ")}.`,
      { details: { unknown, valid: [...columns] } },
    );
  }
}

/** The paging block of a page of `count` rows starting at `offset` out of `total`. */
export function pagingOf(offset: number, limit: number, count: number, total: number): Paging {
  const end = offset + count;
  const hasMore = end < total;
  return { offset, limit, total, has_more: hasMore, next_offset: hasMore ? end : null };
}

/**
 * Cuts one page out of `rows` and projects `fields`. Columns come from `options.columns`, else
 * from the rows' own keys; a requested field outside them throws UNKNOWN_FIELD naming the valid ones.
 *
 * @example pageRows(orders, { offset: 25, fields: ["id", "total"] }) // → { rows, paging: { offset: 25, limit: 25, total, has_more, next_offset } }
 */
export function pageRows<T>(rows: T[], input: PageInput = {}, options: { columns?: string[] } = {}): RowPage<T> {
  const { offset, limit } = pageWindowOf(input);
  const fields = input.fields;
  if (fields !== undefined) {
    const columns = options.columns ?? columnsOf(rows);
    // With no rows and no declared columns there is nothing to check against (or to return).
    if (columns.length > 0 || options.columns !== undefined) checkFields(fields, columns);
  }
  const slice = rows.slice(offset, offset + limit);
  const projected = fields === undefined ? slice : slice.map((row) => projectRow(row, fields));
  return {
    rows: projected as Partial<T>[],
    paging: pagingOf(offset, limit, slice.length, rows.length),
  };
}

/** Keeps only `fields` of one row (fields the row lacks are left out). */
export function projectRow<T>(row: T, fields: string[]): Partial<T> {
  const source = row as Record<string, unknown>;
  const projected: Record<string, unknown> = {};
  for (const field of fields) if (field in source) projected[field] = source[field];
  return projected as Partial<T>;
}
