// The embedded WorkspaceStore driver: one SQLite file through core's openSqliteDatabase (Node's
// built-in node:sqlite on Node 22.16+, else better-sqlite3, an optional peer loaded on first use:
// the release this Node can run), WAL mode so that the CLI and running gateways can share the file. One connection per store; a FIFO queue
// keeps other calls out of a transaction opened with begin().
import fs from "node:fs";
import path from "node:path";
import { messageOf } from "@foundry-mcp/core";
import { immediateTransaction, openSqliteDatabase, transactionStatementsOf, type SqliteConnection, type SqliteStatement } from "@foundry-mcp/core/node";
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "../errors";
import type { HostSchema } from "../migrations";
import { checkHostSchemas } from "../host-schema";
import { applyMigrations } from "../migrate";
import type { RunResult, SqlValue, StatementInput, StoreOperationKind, StoreQueries, StoreTransaction, WorkspaceStore } from "../types";
import { statementParts } from "./_statement";
import { ConnectionQueue } from "./_queue";
import { QueryClock } from "./_query-clock";
import { checkIdentifiers, storeError } from "./_load";
import { activeTransactionOf } from "./_call-scope";
import { refuseNested, routedQueries, runInTransaction } from "./_transaction";

/** The file name of the embedded store inside the data directory. */
export const SQLITE_FILE_NAME = "amicited.sqlite";

/** Where the SQLite store lives. */
export interface SqliteStoreOptions {
  /** Data directory; the file is `<dataDir>/amicited.sqlite`. */
  dataDir: string;
  /** `node:sqlite` or one better-sqlite3 module to use instead of choosing (core's openSqliteDatabase); tests run on each. */
  moduleName?: string;
  /** A host's own tables and migrations, applied by migrate() after the store's (host-schema.ts). */
  hostSchemas?: readonly HostSchema[];
}


type Database = SqliteConnection;

function queriesOver(
  db: Database,
  cache: Map<string, SqliteStatement>,
  clock: QueryClock,
): StoreQueries & {
  runSync(sql: StatementInput, params?: readonly SqlValue[]): RunResult;
} {
  const prepare = (sql: string): SqliteStatement => {
    let statement = cache.get(sql);
    if (!statement) {
      try {
        statement = db.prepare(sql);
      } catch (error) {
        throw storeError(error);
      }
      cache.set(sql, statement);
    }
    return statement;
  };
  const guarded = <T>(work: () => T, kind: StoreOperationKind = "read"): T => {
    try {
      return clock.measure(kind, work);
    } catch (error) {
      throw storeError(error);
    }
  };
  const runSync = (input: StatementInput, textParams: readonly SqlValue[] = []): RunResult =>
    guarded(() => {
      const [sql, params] = statementParts(input, textParams);
      const info = prepare(sql).run(...params);
      // Both engines report the connection's last rowid even for an UPDATE; only INSERTs have one.
      const inserted = /^\s*INSERT\b/i.test(sql) ? Number(info.lastInsertRowid) : 0;
      return { changes: info.changes, lastInsertId: inserted };
    }, "write");
  const rows = (input: StatementInput, textParams: readonly SqlValue[] = []) => {
    const [sql, params] = statementParts(input, textParams);
    return [prepare(sql), params] as const;
  };
  return {
    dialect: "sqlite",
    runSync,
    all: async <T>(input: StatementInput, params: readonly SqlValue[] = []) =>
      guarded(() => {
        const [statement, values] = rows(input, params);
        return statement.all(...values) as T[];
      }),
    get: async <T>(input: StatementInput, params: readonly SqlValue[] = []) =>
      guarded(() => {
        const [statement, values] = rows(input, params);
        return statement.get(...values) as T | undefined;
      }),
    run: async (input, params = []) => runSync(input, params),
    columns: async (input) => guarded(() => rows(input)[0].columnNames()),
  };
}

/**
 * Opens (creating when missing) the embedded store in `options.dataDir`.
 * @example const store = await openSqliteStore({ dataDir: "/var/lib/amicited" }); await store.migrate();
 */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<WorkspaceStore> {
  const hostSchemas = options.hostSchemas ?? [];
  checkHostSchemas(hostSchemas);
  fs.mkdirSync(options.dataDir, { recursive: true });
  let db: Database;
  try {
    db = openSqliteDatabase(path.join(options.dataDir, SQLITE_FILE_NAME), { from: import.meta.url, moduleName: options.moduleName });
  } catch (error) {
    throw new WorkspaceStoreError(WorkspaceStoreErrorCode.DRIVER_UNAVAILABLE, `the sqlite driver needs SQLite: ${messageOf(error)}`, {
      cause: error,
    });
  }
  // The busy timeout first: switching to WAL takes a lock another process may hold.
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA foreign_keys = ON");
  const clock = new QueryClock();
  const queries = queriesOver(db, new Map(), clock);
  const queue = new ConnectionQueue();
  const inTransaction = <T>(work: () => T): T => clock.measure("transaction", () => immediateTransaction(db, work));
  const owner = {};
  const transaction = transactionStatementsOf(db);
  const begin = async (): Promise<StoreTransaction> => {
    refuseNested(owner);
    const release = await queue.acquire();
    const started = clock.start();
    try {
      transaction.begin.run();
    } catch (error) {
      release();
      throw storeError(error);
    }
    let open = true;
    const end = async (statement: "commit" | "rollback") => {
      if (!open) return;
      open = false;
      try {
        transaction[statement].run();
      } finally {
        clock.stop("transaction", started);
        release();
      }
    };
    return { ...queries, commit: () => end("commit"), rollback: () => end("rollback") };
  };
  return {
    driver: "sqlite",
    // One connection: it is open until close(), used while a call holds the queue.
    poolStats: () => ({ driver: "sqlite", size: 1, max: 1, inUse: queue.inUse, waiting: queue.waiting }),
    observeQueries(observer) {
      clock.observer = observer;
    },
    // BEGIN IMMEDIATE takes the file's write lock: processes starting together migrate one at a time.
    migrate: () => runInTransaction(owner, begin, (tx) => applyMigrations(tx, hostSchemas)),
    ...routedQueries(owner, {
      dialect: "sqlite",
      all: (sql, params) => queue.exclusive(() => queries.all(sql, params)),
      get: (sql, params) => queue.exclusive(() => queries.get(sql, params)),
      run: (sql, params) => queue.exclusive(() => queries.run(sql, params)),
      columns: (sql) => queue.exclusive(() => queries.columns(sql)),
    }),
    async insertMany(table, rows) {
      const first = rows[0];
      if (!first) return;
      const columns = Object.keys(first);
      checkIdentifiers(table, columns);
      const sql = `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
      const insertAll = () => {
        for (const row of rows)
          queries.runSync(
            sql,
            columns.map((column) => row[column] ?? null),
          );
      };
      if (activeTransactionOf(owner)) insertAll();
      else await queue.exclusive(() => inTransaction(insertAll));
    },
    async batch(statements) {
      const runAll = () =>
        statements.map((statement) =>
          "parameters" in statement ? queries.runSync(statement) : queries.runSync(statement.sql, statement.params),
        );
      return activeTransactionOf(owner) ? runAll() : queue.exclusive(() => inTransaction(runAll));
    },
    begin,
    transaction: (work) => runInTransaction(owner, begin, work),
    async close() {
      await queue.exclusive(() => db.close());
    },
  };
}
