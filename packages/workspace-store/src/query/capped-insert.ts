// The bounded-table insert: one row goes in only while a count is under its cap, in one
// statement, so inserts racing each other (two instances, two requests) cannot pass the cap
// together. Tokens, OAuth clients and OAuth grants are bounded this way.
import { sql, type Expression } from "kysely";
import type { StatementContext } from "./statement";
import type { StoreTables } from "./tables";

/**
 * `INSERT INTO table (columns) SELECT :column… WHERE (count) < :cap`, `count` a one-row query of
 * `n`: each column's value is the parameter of its name, the cap the parameter `cap`. Run it and
 * read `changes` (0: refused).
 */
export function insertUnderCap<Table extends keyof StoreTables & string>(
  q: StatementContext<StoreTables>,
  table: Table,
  columns: readonly (keyof StoreTables[Table] & string)[],
  count: Expression<{ n: number }>,
) {
  const row = q.db
    .selectNoFrom(columns.map((column) => sql.val(q.param(column)).as(column)))
    // A one-row subquery compares as its value; Kysely types it as the row, hence the cast.
    .where(count as unknown as Expression<number>, "<", q.param<number>("cap"));
  return q.db
    .insertInto(table)
    .columns(columns as never)
    .expression(row as never);
}
