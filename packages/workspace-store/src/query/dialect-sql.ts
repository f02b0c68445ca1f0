// The expressions SQLite and PostgreSQL spell differently, one helper each, chosen per dialect
// when a statement is written (decision 0012): a statement calls `dialectSql(store.dialect).week("day")`
// instead of writing one database's spelling for the other to rewrite. Each helper's arguments
// are SQL expressions (column names, `?`); PostgreSQL's spellings give the values SQLite gives.
import type { WorkspaceStoreDriverName } from "../types";

/** How `groupConcat` joins a group's values. */
export interface GroupConcatOptions {
  distinct?: boolean;
  separator?: string;
  orderBy?: string;
}

/** The SQL of the expressions the two databases spell differently, for one dialect. */
export interface DialectSql {
  readonly dialect: WorkspaceStoreDriverName;
  /**
   * The week of a day as `YYYY-Www` (SQLite's `strftime('%Y-W%W', day)`): weeks start on Monday,
   * days before the year's first Monday are week 00. `day` appears more than once: no `?` in it.
   */
  week(day: string): string;
  /** The day of the week as text, '0' Sunday to '6' Saturday (SQLite's `strftime('%w', day)`). */
  weekday(day: string): string;
  /** A day or instant as a Julian day number with its fraction (SQLite's `julianday`). */
  julianDay(at: string): string;
  /**
   * Whole seconds from instant or day `from` to `to` (fractions of a second dropped), an integer
   * on both databases, so sums, rounding and integer division (`/ 86400` for whole days) agree:
   * `julianDay` differences are doubles on SQLite and numerics on PostgreSQL. Each appears once.
   */
  secondsBetween(from: string, to: string): string;
  /** Where `part` starts in `text`, from 1, or 0 when it is not there (SQLite's `instr`). */
  position(text: string, part: string): string;
  /** The larger of values (SQLite's `MAX(a, b)` with more than one argument). */
  greatest(...values: string[]): string;
  /** The smaller of values (SQLite's `MIN(a, b)` with more than one argument). */
  least(...values: string[]): string;
  /**
   * A group's values as one text, joined by `separator` (a SQL literal, default ','), in the
   * order of `orderBy` (a SQL expression; with `distinct` it must be `value` itself, as
   * PostgreSQL requires). Without `orderBy` each database joins in its own order, which differs.
   */
  groupConcat(value: string, options?: GroupConcatOptions): string;
  /** A number cut to its integer part toward zero, -2.7 to -2 (SQLite's `CAST(x AS INTEGER)`). */
  truncate(value: string): string;
  /** `value LIKE pattern` ignoring ASCII case, as SQLite's LIKE does; add an ESCAPE clause after it. */
  likeIgnoringCase(value: string, pattern: string): string;
}

const sqlite: DialectSql = {
  dialect: "sqlite",
  week: (day) => `strftime('%Y-W%W', ${day})`,
  weekday: (day) => `strftime('%w', ${day})`,
  julianDay: (at) => `julianday(${at})`,
  secondsBetween: (from, to) => `(unixepoch(${to}) - unixepoch(${from}))`,
  position: (text, part) => `instr(${text}, ${part})`,
  greatest: (...values) => `MAX(${values.join(", ")})`,
  least: (...values) => `MIN(${values.join(", ")})`,
  // ORDER BY inside an aggregate needs SQLite 3.44 (better-sqlite3 12 and node:sqlite bundle newer).
  groupConcat: (value, options = {}) =>
    `GROUP_CONCAT(${options.distinct ? "DISTINCT " : ""}${value}${options.separator ? `, ${options.separator}` : ""}${options.orderBy ? ` ORDER BY ${options.orderBy}` : ""})`,
  truncate: (value) => `CAST(${value} AS INTEGER)`,
  likeIgnoringCase: (value, pattern) => `${value} LIKE ${pattern}`,
};

const timestamp = (day: string) => `((${day})::timestamp)`;
// SQLite's unixepoch(): whole seconds since 1970, the fraction dropped.
const epochSeconds = (at: string) => `floor(EXTRACT(EPOCH FROM (${at})::timestamptz))::bigint`;

const postgres: DialectSql = {
  dialect: "postgres",
  week(day) {
    const at = timestamp(day);
    // Days since the year's first Monday, over 7; EXTRACT(DOW) counts from Sunday = 0.
    const week = `floor((EXTRACT(DOY FROM ${at}) + 6 - ((EXTRACT(DOW FROM ${at})::int + 6) % 7)) / 7)::int`;
    return `(to_char(${at}, 'YYYY') || '-W' || lpad(${week}::text, 2, '0'))`;
  },
  weekday: (day) => `(EXTRACT(DOW FROM ${timestamp(day)})::int::text)`,
  julianDay: (at) => `(EXTRACT(EPOCH FROM (${at})::timestamptz) / 86400.0 + 2440587.5)`,
  secondsBetween: (from, to) => `(${epochSeconds(to)} - ${epochSeconds(from)})`,
  position: (text, part) => `strpos(${text}, ${part})`,
  greatest: (...values) => `GREATEST(${values.join(", ")})`,
  least: (...values) => `LEAST(${values.join(", ")})`,
  groupConcat(value, options = {}) {
    // DISTINCT needs the ORDER BY expression to be the aggregated one, cast alike.
    const order = options.orderBy ? ` ORDER BY ${options.distinct ? `(${value})::text` : options.orderBy}` : "";
    return `string_agg(${options.distinct ? "DISTINCT " : ""}(${value})::text, ${options.separator ?? "','"}${order})`;
  },
  truncate: (value) => `TRUNC((${value})::numeric)::bigint`,
  likeIgnoringCase: (value, pattern) => `${value} ILIKE ${pattern}`,
};

/**
 * The dialect helpers of `dialect` (a store's `dialect`).
 * @example `SELECT ${dialectSql(store.dialect).week("day")} AS week, COUNT(*) AS n FROM orders GROUP BY 1`
 */
export function dialectSql(dialect: WorkspaceStoreDriverName): DialectSql {
  return dialect === "postgres" ? postgres : sqlite;
}
