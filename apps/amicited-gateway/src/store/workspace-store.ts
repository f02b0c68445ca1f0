// The driver interface behind every tool: a small SQL surface (all/get/run, bulk insert, transaction
// for generators). The embedded default is drivers/sqlite.ts; a server-backed driver (PostgreSQL)
// implements the same interface so several gateway instances can share one store.

/** A value a driver accepts as a statement parameter. */
export type SqlValue = string | number | bigint | null;

/** The result of a statement that changes rows. */
export interface RunResult {
  changes: number;
  lastInsertId: number;
}

/**
 * The workspace store every tool queries. Statements use `?` placeholders and the portable SQL
 * subset documented in the README; asynchronous so that a network driver fits the same shape.
 */
export interface WorkspaceStore {
  /** The driver's name, e.g. "sqlite". */
  readonly driver: string;
  /** Creates missing tables; safe to call on every start. */
  migrate(): Promise<void>;
  /** All rows of a query. */
  all<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row of a query, or undefined. */
  get<T = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlValue[],
  ): Promise<T | undefined>;
  /** The column names a query returns, without running it (fields checks on empty pages). */
  columns(sql: string): Promise<string[]>;
  /** Runs one changing statement. */
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult>;
  /** Inserts many rows into one table in one transaction (demo data, imports). */
  insertMany(table: string, rows: readonly Record<string, SqlValue>[]): Promise<void>;
  /** Runs several statements atomically: all of them or none. */
  batch(statements: readonly { sql: string; params?: readonly SqlValue[] }[]): Promise<RunResult[]>;
  /** Releases the connection. */
  close(): Promise<void>;
}
