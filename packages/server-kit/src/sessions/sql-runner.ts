// What the SQL session rows and stream event log (sql-session-store.ts, sql-stream-events.ts) need
// from a database: a handful of methods over statements already written in its dialect. A store
// satisfies it structurally (the gateway's WorkspaceStore does, with no import either way), so the
// statements live here beside the transport that uses them while the rows stay in the host's store.
// The statements are plain SQL that SQLite and PostgreSQL read alike; only placeholders differ,
// and `sqlFor` writes each one's own (`?` or `$n`) as the statement is built, never by rewriting text.

/** A statement in the runner's dialect with its parameters (Kysely's compiled shape). */
export interface SqlText {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/** The queries of a store or of an open transaction. */
export interface SqlQueries {
  /** `postgres` numbers its placeholders (`$1`); any other dialect (`sqlite`) writes `?`. */
  readonly dialect: string;
  all<T = Record<string, unknown>>(statement: SqlText): Promise<T[]>;
  get<T = Record<string, unknown>>(statement: SqlText): Promise<T | undefined>;
  run(statement: SqlText): Promise<{ changes: number }>;
}

/** A store: its queries, a transaction around work, and several statements in one transaction. */
export interface SqlRunner extends SqlQueries {
  transaction<T>(work: (queries: SqlQueries) => Promise<T>): Promise<T>;
  batch(statements: readonly SqlText[]): Promise<readonly { changes: number }[]>;
}

/** The placeholder of parameter `index` (from 0) in `dialect`. */
export function placeholderFor(dialect: string): (index: number) => string {
  return dialect === "postgres" ? (index) => `$${index + 1}` : () => "?";
}

/** A tagged template that writes a statement for `dialect`: each interpolated value is a parameter. */
export type SqlTag = (strings: TemplateStringsArray, ...values: unknown[]) => SqlText;

/**
 * The statement writer of a dialect.
 * @example sqlFor("postgres")`SELECT * FROM t WHERE id = ${7}` // → { sql: "SELECT * FROM t WHERE id = $1", parameters: [7] }
 */
export function sqlFor(dialect: string): SqlTag {
  const placeholder = placeholderFor(dialect);
  return (strings, ...values) => ({
    sql: strings.reduce((text, part, index) => text + placeholder(index - 1) + part),
    parameters: values,
  });
}
