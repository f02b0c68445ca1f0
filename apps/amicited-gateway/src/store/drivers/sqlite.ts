// The embedded WorkspaceStore driver: one SQLite file through better-sqlite3, WAL mode so that the
// CLI (init, workspace create) and a running gateway can share the file. Schema comes from ../schema.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { GatewayError, GatewayErrorCode } from "../../errors";
import { SCHEMA_STATEMENTS } from "../schema";
import type { RunResult, SqlValue, WorkspaceStore } from "../workspace-store";

const identifier = /^[a-z_][a-z0-9_]*$/;

/** The file name of the embedded store inside the data directory. */
export const SQLITE_FILE_NAME = "amicited.sqlite";

/**
 * Opens (creating when missing) the embedded store in `dataDir`.
 * @example const store = openSqliteStore("/var/lib/amicited"); await store.migrate();
 */
export function openSqliteStore(dataDir: string): WorkspaceStore {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, SQLITE_FILE_NAME));
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = cache.get(sql);
    if (!statement) {
      try {
        statement = db.prepare(sql);
      } catch (error) {
        throw new GatewayError(
          GatewayErrorCode.STORE,
          `store rejected a statement: ${(error as Error).message}`,
          { cause: error },
        );
      }
      cache.set(sql, statement);
    }
    return statement;
  };
  const runOne = (sql: string, params: readonly SqlValue[] = []): RunResult => {
    const info = prepare(sql).run(...params);
    return { changes: info.changes, lastInsertId: Number(info.lastInsertRowid) };
  };
  return {
    driver: "sqlite",
    async migrate() {
      db.transaction(() => {
        for (const statement of SCHEMA_STATEMENTS) db.exec(statement);
      })();
    },
    async all<T>(sql: string, params: readonly SqlValue[] = []) {
      return prepare(sql).all(...params) as T[];
    },
    async get<T>(sql: string, params: readonly SqlValue[] = []) {
      return prepare(sql).get(...params) as T | undefined;
    },
    async columns(sql) {
      return prepare(sql)
        .columns()
        .map((column) => column.name);
    },
    async run(sql, params = []) {
      return runOne(sql, params);
    },
    async insertMany(table, rows) {
      const first = rows[0];
      if (!first) return;
      const columns = Object.keys(first);
      if (!identifier.test(table) || !columns.every((column) => identifier.test(column))) {
        throw new GatewayError(
          GatewayErrorCode.STORE,
          `insertMany: table and column names must match ${identifier}`,
        );
      }
      const statement = prepare(
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
      db.transaction(() => {
        for (const row of rows) statement.run(...columns.map((column) => row[column] ?? null));
      })();
    },
    async batch(statements) {
      return db.transaction(() =>
        statements.map((statement) => runOne(statement.sql, statement.params)),
      )();
    },
    async close() {
      db.close();
    },
  };
}
