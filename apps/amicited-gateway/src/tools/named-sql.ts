// A list tool's query written as one SQL text with named parameters (`:domain_id`, `:since`, …)
// instead of `?` placeholders and a hand-ordered array beside them, which every such tool repeated
// and where a wrong order binds the wrong value silently. An optional filter is a part in square
// brackets (`[AND status = :status]`): it stays, its values bound, only when the call gives every
// name in it, so no tool builds SQL text from its arguments. Compiled once, when the tool is
// defined, into the store's positional form (which the store compiles through Kysely per dialect).
// Where the databases spell an expression differently, the SQL is a function of the dialect's
// helpers (`(d) => \`SELECT ${d.week("day")} …\``), written once per dialect.
import { dialectSql } from "@foundry-mcp/workspace-store";
import type { DialectSql, Query, SqlValue, WorkspaceStoreDriverName } from "@foundry-mcp/workspace-store";

/** Named SQL: text, or text written with the dialect helpers of the store it runs on. */
export type NamedSqlText = string | ((d: DialectSql) => string);

/** The parameters every windowed domain query may name, besides the tool's own arguments. */
export const WINDOW_PARAMETERS = [
  "domain_id",
  "hostname",
  "since",
  "until",
  "days",
  "since_at",
  "previous_since",
  "previous_until",
] as const;

/** The first instant of a day, for tables keyed by time rather than by day (`:since_at`). */
export const startOfDay = (day: string): string => `${day}T00:00:00.000Z`;

/**
 * The values a windowed domain query names: the call's arguments, then the domain's, the
 * window's and the window's just before it, of the same length (WINDOW_PARAMETERS).
 */
export function windowValues(
  args: Readonly<Record<string, unknown>>,
  domain: { id: number; hostname: string },
  window: { since: string; until: string; days?: number },
  previous?: { since: string; until: string },
): Record<string, unknown> {
  return {
    ...args,
    domain_id: domain.id,
    hostname: domain.hostname,
    ...window,
    since_at: startOfDay(window.since),
    previous_since: previous?.since,
    previous_until: previous?.until,
  };
}

// `:name` not preceded by a colon or word character (PostgreSQL's `::int` casts and times inside
// string literals such as '12:30' are left alone: neither starts with a letter after one colon).
const NAMED = /(?<![:\w]):([a-z][a-z0-9_]*)\b/g;
// An optional part: no brackets inside it (the gateway's SQL quotes no identifier with them).
const OPTIONAL = /\[([^[\]]*)\]/g;

/** One piece of the text: always there, or there only when its names have values. */
interface Part {
  text: string;
  names: string[];
  optional: boolean;
}

const given = (value: unknown): boolean => value !== undefined && value !== null;

// Flags are 0/1 integers in both drivers' tables; SQLite cannot bind a boolean at all.
const bound = (value: unknown): SqlValue =>
  typeof value === "boolean" ? (value ? 1 : 0) : ((value ?? null) as SqlValue);

/**
 * Compiles `sql` for the names it may use; a name outside `names`, or an optional part naming
 * none, is a mistake in the tool file, reported when the tool is defined, not when a client first
 * calls it.
 *
 * @example namedSql("SELECT * FROM t WHERE domain_id = :domain_id[ AND kind = :kind]", ["domain_id", "kind"])({ domain_id: 3 }) // ["SELECT * FROM t WHERE domain_id = ?", [3]]
 */
export function namedSql(
  text: NamedSqlText,
  names: readonly string[],
): (values: Readonly<Record<string, unknown>>, dialect?: WorkspaceStoreDriverName) => Query {
  if (typeof text === "string") return partsQuery(partsOf(text, names));
  // SQLite's parts are compiled now, so a mistake shows when the tool is defined; PostgreSQL's
  // the first time a PostgreSQL store runs the tool.
  const byDialect = new Map([["sqlite", partsQuery(partsOf(text(dialectSql("sqlite")), names))]]);
  return (values, dialect = "sqlite") => {
    let query = byDialect.get(dialect);
    if (!query) {
      query = partsQuery(partsOf(text(dialectSql(dialect)), names));
      byDialect.set(dialect, query);
    }
    return query(values);
  };
}

/** The always-there and optional parts of `sql`, each with its `?` text and the names they bind. */
function partsOf(sql: string, names: readonly string[]): Part[] {
  const known = new Set(names);
  const compile = (piece: string, optional: boolean): Part => {
    const order: string[] = [];
    const text = piece.replace(NAMED, (_whole, name: string) => {
      if (!known.has(name))
        throw new Error(`SQL names :${name}, which is not one of ${[...known].join(", ")}: ${sql}`);
      order.push(name);
      return "?";
    });
    if (optional && order.length === 0)
      throw new Error(`SQL has an optional part [${piece}] that names no parameter: ${sql}`);
    return { text, names: order, optional };
  };
  const parts: Part[] = [];
  let rest = 0;
  for (const match of sql.matchAll(OPTIONAL)) {
    parts.push(compile(sql.slice(rest, match.index), false), compile(match[1]!, true));
    rest = match.index + match[0].length;
  }
  parts.push(compile(sql.slice(rest), false));
  if (parts.some((part) => /[[\]]/.test(part.text)))
    throw new Error(`SQL has an unmatched or nested bracket: ${sql}`);
  return parts;
}

function partsQuery(parts: readonly Part[]): (values: Readonly<Record<string, unknown>>) => Query {
  // The catalog validated every argument against its schema, so each value is a scalar; an
  // optional argument left out binds NULL outside an optional part.
  return (values) => {
    const kept = parts.filter(
      (part) => !part.optional || part.names.every((name) => given(values[name])),
    );
    return [
      kept.map((part) => part.text).join(""),
      kept.flatMap((part) => part.names.map((name) => bound(values[name]))),
    ];
  };
}
