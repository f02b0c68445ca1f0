// SQLite quota driver: counts in one table so several processes share a workspace's cap.
// Each consume() is one BEGIN IMMEDIATE transaction (the write lock is taken before the read),
// so concurrent processes can never both see room for the last call. The file is opened with
// core's openSqliteDatabase (Node's built-in node:sqlite on Node 22.16+, else better-sqlite3, an
// optional peer loaded on first use) with a clear message when neither is there.

import { messageOf } from "@foundry-mcp/core";
import { immediateTransaction, openSqliteDatabase } from "@foundry-mcp/core/node";
import { CatalogError, CatalogErrorCode } from "../errors";
import { type QuotaDecision, type QuotaDriver, type QuotaUsage, windowResetOf, windowStartOf } from "./quota-driver";

/** The part of a better-sqlite3 statement this driver uses. */
interface SqliteStatement {
  get(...parameters: unknown[]): unknown;
  run(...parameters: unknown[]): unknown;
}

/** The part of a database this driver uses: a better-sqlite3 Database and a node:sqlite DatabaseSync both fit. */
export interface SqliteDatabaseLike {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  close(): unknown;
}

/** Where the counts live: a database file, or a better-sqlite3 Database the host already opened. */
export type SqliteQuotaDriverOptions =
  | { file: string; table?: string; moduleName?: string }
  | { database: SqliteDatabaseLike; table?: string };

const BUSY_TIMEOUT_MS = 10_000;

function openDatabase(file: string, moduleName: string | undefined): SqliteDatabaseLike {
  try {
    return openSqliteDatabase(file, { from: import.meta.url, moduleName });
  } catch (error) {
    throw new CatalogError(CatalogErrorCode.DRIVER_UNAVAILABLE, `SqliteQuotaDriver needs SQLite: ${messageOf(error)} Or use MemoryQuotaDriver.`, {
      cause: error,
      details: { module: moduleName ?? "better-sqlite3" },
    });
  }
}

function isDatabase(value: unknown): value is SqliteDatabaseLike {
  return typeof value === "object" && value !== null && typeof (value as SqliteDatabaseLike).prepare === "function";
}

/**
 * A quota driver shared through a SQLite file (WAL mode, busy timeout, one immediate
 * transaction per call).
 *
 * @example new SqliteQuotaDriver({ file: "/var/lib/gateway/quota.db" })
 */
export class SqliteQuotaDriver implements QuotaDriver {
  private readonly options: SqliteQuotaDriverOptions;
  private readonly table: string;
  private ready: Promise<{ database: SqliteDatabaseLike; consumeOnce: (workspace: string, cap: number, start: number) => number; read: SqliteStatement }> | undefined;

  constructor(options: SqliteQuotaDriverOptions | SqliteDatabaseLike) {
    this.options = isDatabase(options) ? { database: options } : options;
    this.table = this.options.table ?? "quota_usage";
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(this.table)) {
      throw new CatalogError(CatalogErrorCode.INVALID_TOOL, `table must be a plain SQL identifier; got ${this.table}.`);
    }
  }

  private open() {
    this.ready ??= (async () => {
      const options = this.options;
      const database =
        "database" in options ? options.database : openDatabase(options.file, options.moduleName);
      // The busy timeout first: switching to WAL takes a lock another process may hold.
      database.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      database.exec("PRAGMA journal_mode = WAL");
      database.exec(
        `CREATE TABLE IF NOT EXISTS ${this.table} (workspace TEXT NOT NULL, window_start INTEGER NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (workspace, window_start)) WITHOUT ROWID`,
      );
      const read = database.prepare(`SELECT used FROM ${this.table} WHERE workspace = ? AND window_start = ?`);
      const bump = database.prepare(
        `INSERT INTO ${this.table} (workspace, window_start, used) VALUES (?, ?, 1) ON CONFLICT (workspace, window_start) DO UPDATE SET used = used + 1`,
      );
      const prune = database.prepare(`DELETE FROM ${this.table} WHERE workspace = ? AND window_start < ?`);
      // Returns the count after this call, or -(count) when the cap was already reached.
      const consumeOnce = (workspace: string, cap: number, start: number): number =>
        immediateTransaction(database, () => {
          const row = read.get(workspace, start) as { used: number } | undefined;
          const used = row?.used ?? 0;
          if (used >= cap) return -used - 1;
          if (row === undefined) prune.run(workspace, start);
          bump.run(workspace, start);
          return used + 1;
        });
      return { database, consumeOnce, read };
    })();
    return this.ready;
  }

  async consume(workspace: string, cap: number, now: Date = new Date()): Promise<QuotaDecision> {
    const { consumeOnce } = await this.open();
    const result = consumeOnce(workspace, cap, windowStartOf(now));
    const allowed = result > 0;
    return { allowed, used: allowed ? result : -result - 1, cap, resetAt: windowResetOf(now) };
  }

  async peek(workspace: string, now: Date = new Date()): Promise<QuotaUsage> {
    const { read } = await this.open();
    const row = read.get(workspace, windowStartOf(now)) as { used: number } | undefined;
    return { used: row?.used ?? 0, resetAt: windowResetOf(now) };
  }

  /** Closes the database if this driver opened it (a database passed in stays open). */
  async close(): Promise<void> {
    if (this.ready === undefined) return;
    const { database } = await this.ready;
    if ("file" in this.options) database.close();
    this.ready = undefined;
  }
}
