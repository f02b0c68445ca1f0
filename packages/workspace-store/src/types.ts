// The driver interface behind every gateway tool: a small SQL surface (all/get/run/columns),
// bulk insert and transactions. Drivers live in drivers/<name>.ts and all pass
// test/driver-conformance.ts. Statements are compiled Kysely queries in the open store's own
// dialect (src/query/), run as written; text with `?` placeholders is compiled per dialect too
// (query/text.ts: Kysely numbers the placeholders) and otherwise runs as written, so text that
// both databases run spells dialect differences with query/dialect-sql.ts's helpers.

/** A value a driver accepts as a statement parameter. */
export type SqlValue = string | number | bigint | null;

/** The result of a statement that changes rows. */
export interface RunResult {
  changes: number;
  /** The `id` of the row an INSERT created (0 when the table has no id column). */
  lastInsertId: number;
}

/** One statement and its parameters. */
export interface SqlStatement {
  sql: string;
  params?: readonly SqlValue[];
}

/**
 * A statement already written in the open store's dialect, as Kysely's `compile()` gives it (and
 * src/query/statement.ts binds it): the driver runs its text as is, with no translation.
 */
export interface CompiledStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/** What a query method takes: a compiled statement, or text with `?` parameters (run as written, placeholders numbered per dialect). */
export type StatementInput = string | CompiledStatement;

/** The queries a tool runs; the store and an open transaction both offer them. */
export interface StoreQueries {
  /** The SQL dialect its statements are compiled for (the driver's name). */
  readonly dialect: WorkspaceStoreDriverName;
  /** All rows of a query (`params` only with text: a compiled statement carries its own). */
  all<T = Record<string, unknown>>(sql: StatementInput, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row of a query, or undefined. */
  get<T = Record<string, unknown>>(
    sql: StatementInput,
    params?: readonly SqlValue[],
  ): Promise<T | undefined>;
  /**
   * Runs one changing statement. A compiled INSERT that needs the new row's id says
   * `returning id` (and is read with get); text INSERTs still get `lastInsertId`.
   */
  run(sql: StatementInput, params?: readonly SqlValue[]): Promise<RunResult>;
  /** The column names a query returns, without reading its rows (fields checks on empty pages). */
  columns(sql: StatementInput, params?: readonly SqlValue[]): Promise<string[]>;
}

/** A transaction opened with `begin()`: its queries see its own writes; end it exactly once. */
export interface StoreTransaction extends StoreQueries {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** What a timed store operation was: one reading or changing statement, or a whole transaction. */
export type StoreOperationKind = "read" | "write" | "transaction";

/**
 * Receives each store operation's duration (seconds): `read` for all/get/columns, `write` for
 * run and each statement of batch/insertMany, `transaction` for a transaction from its BEGIN to its
 * COMMIT or ROLLBACK. Called synchronously on the query's path: keep it cheap.
 */
export type StoreQueryObserver = (kind: StoreOperationKind, seconds: number) => void;

/**
 * The store's connections at one instant. PostgreSQL: the pool's connections (`size` open of
 * `max`, `inUse` checked out, `waiting` requests queued for one). SQLite: its one connection,
 * `inUse` 1 while a call holds it, `waiting` the calls queued behind that one.
 */
export interface StorePoolStats {
  driver: WorkspaceStoreDriverName;
  /** Connections open now. */
  size: number;
  /** Most connections the store opens. */
  max: number;
  /** Connections running a statement or held by a transaction. */
  inUse: number;
  /** Calls waiting for a connection. */
  waiting: number;
}

/** Names of the drivers this package ships. */
export type WorkspaceStoreDriverName = "sqlite" | "postgres";

/**
 * The workspace store every tool queries. Asynchronous so that a network driver fits the same
 * shape; every method is safe to call from concurrent calls.
 */
export interface WorkspaceStore extends StoreQueries {
  /** The driver's name. */
  readonly driver: WorkspaceStoreDriverName;
  /** Creates missing tables and indexes; safe to call on every start and from several processes. */
  migrate(): Promise<void>;
  /** Inserts many rows into one table in one transaction (demo data, imports). */
  insertMany(table: string, rows: readonly Record<string, SqlValue>[]): Promise<void>;
  /** Runs several statements atomically: all of them or none. */
  batch(statements: readonly (SqlStatement | CompiledStatement)[]): Promise<RunResult[]>;
  /**
   * Opens a transaction that stays open across awaits until commit() or rollback(). Other calls
   * on the store wait for it (SQLite) or run beside it on another connection (PostgreSQL).
   */
  begin(): Promise<StoreTransaction>;
  /** Runs `work` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (queries: StoreQueries) => Promise<T>): Promise<T>;
  /** Releases the connection(s). */
  close(): Promise<void>;
  /** The connection pool's figures now (cheap: no query; a /metrics scrape reads it). */
  poolStats(): StorePoolStats;
  /**
   * Sets (or, with undefined, removes) the observer of every operation's duration. Off by
   * default, and then nothing is measured.
   */
  observeQueries(observer: StoreQueryObserver | undefined): void;
}
