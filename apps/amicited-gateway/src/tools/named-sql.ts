// A list tool's query written as one SQL text with named parameters (`:domain_id`, `:since`, …)
// instead of `?` placeholders and a hand-ordered array beside them, which every such tool repeated
// and where a wrong order binds the wrong value silently. Compiled once, when the tool is defined,
// into the store's positional form.
import type { Query, SqlValue } from "@foundry-mcp/workspace-store";

/** The parameters every windowed domain query may name, besides the tool's own arguments. */
export const WINDOW_PARAMETERS = [
  "domain_id",
  "hostname",
  "since",
  "until",
  "days",
  "since_at",
] as const;

// `:name` not preceded by a colon or word character (PostgreSQL's `::int` casts and times inside
// string literals such as '12:30' are left alone: neither starts with a letter after one colon).
const NAMED = /(?<![:\w]):([a-z][a-z0-9_]*)\b/g;

/**
 * Compiles `sql` for the names it may use; a name outside `names` is a mistake in the tool file,
 * reported when the tool is defined, not when a client first calls it.
 *
 * @example namedSql("SELECT * FROM t WHERE domain_id = :domain_id", ["domain_id"])({ domain_id: 3 }) // ["SELECT * FROM t WHERE domain_id = ?", [3]]
 */
export function namedSql(
  sql: string,
  names: readonly string[],
): (values: Readonly<Record<string, unknown>>) => Query {
  const known = new Set(names);
  const order: string[] = [];
  const text = sql.replace(NAMED, (_whole, name: string) => {
    if (!known.has(name))
      throw new Error(`SQL names :${name}, which is not one of ${[...known].join(", ")}: ${sql}`);
    order.push(name);
    return "?";
  });
  // The catalog validated every argument against its schema, so each value is a scalar; an
  // optional argument left out binds NULL.
  return (values) => [text, order.map((name) => (values[name] ?? null) as SqlValue)];
}
