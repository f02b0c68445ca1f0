// One SQLite connection whatever the engine underneath: Node's built-in `node:sqlite` where it
// serves (Node 22.16 and newer: nothing to install or compile), else better-sqlite3 through
// loadSqliteBinding (Node 20, where the gateway's optional @foundry-mcp/sqlite-node20 installs
// it). Callers (tool-catalog's quota driver, workspace-store's SQLite driver) see one small
// synchronous interface, so their SQL and their tests run unchanged on either engine.

import { createRequire } from "node:module";
import { loadSqliteBinding } from "./sqlite-binding";

/** The module name that selects Node's built-in SQLite. */
export const NODE_SQLITE = "node:sqlite";

/** A value a statement binds: both engines bind numbers as REAL-or-INTEGER the same way. */
export type SqliteParameter = string | number | bigint | null | Uint8Array;

/** A prepared statement; rows are plain objects (column name to value). */
export interface SqliteStatement {
  all(...parameters: readonly SqliteParameter[]): Record<string, unknown>[];
  get(...parameters: readonly SqliteParameter[]): Record<string, unknown> | undefined;
  run(...parameters: readonly SqliteParameter[]): { changes: number; lastInsertRowid: number };
  /** The names of the columns the statement returns, without running it. */
  columnNames(): string[];
}

/** An open database file. */
export interface SqliteConnection {
  /** `node:sqlite`, or the better-sqlite3 module that was loaded (its installed name). */
  readonly moduleName: string;
  prepare(sql: string): SqliteStatement;
  /** Runs one or more statements, ignoring their rows (DDL, PRAGMA, BEGIN/COMMIT). */
  exec(sql: string): void;
  close(): void;
}

/** Where to resolve better-sqlite3 from, and which engine to use instead of choosing. */
export interface OpenSqliteOptions {
  /** The caller's `import.meta.url`: better-sqlite3 is resolved from the caller's node_modules. */
  from: string | URL;
  /** `node:sqlite`, or one better-sqlite3 module name to load instead of choosing. */
  moduleName?: string;
}

interface NativeStatement {
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): unknown;
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  columns(): { name: string }[];
}

interface NativeDatabase {
  prepare(sql: string): NativeStatement;
  exec(sql: string): unknown;
  close(): unknown;
}

type NodeSqliteModule = { DatabaseSync: new (file: string) => NativeDatabase; StatementSync: { prototype: object } };

let builtin: NodeSqliteModule | null | undefined;
/** better-sqlite3's default busy timeout, which node:sqlite connections get too. */
const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** Whether `warning` is the one ExperimentalWarning node:sqlite prints when it loads. */
function isSqliteExperimentalWarning(warning: unknown, typeOrOptions: unknown): boolean {
  const type = typeof typeOrOptions === "string" ? typeOrOptions : (typeOrOptions as { type?: string } | undefined)?.type;
  const message = warning instanceof Error ? warning.message : String(warning);
  return (type === "ExperimentalWarning" || (warning instanceof Error && warning.name === "ExperimentalWarning")) && message.startsWith("SQLite is an experimental feature");
}

/**
 * Node's built-in SQLite when this Node has one that serves (StatementSync#columns, Node 22.16+),
 * loaded with its ExperimentalWarning silenced: that one warning, only while it loads, so the
 * gateway's stderr stays clean (an MCP client shows a server's stderr as errors) and every other
 * warning still prints.
 */
function nodeSqlite(): NodeSqliteModule | undefined {
  if (builtin !== undefined) return builtin ?? undefined;
  const emit = process.emitWarning;
  process.emitWarning = function emitOtherWarnings(this: unknown, warning: string | Error, ...rest: unknown[]) {
    if (isSqliteExperimentalWarning(warning, rest[0])) return;
    return (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    const loaded = createRequire(import.meta.url)(NODE_SQLITE) as NodeSqliteModule;
    builtin = typeof (loaded.StatementSync.prototype as { columns?: unknown }).columns === "function" ? loaded : null;
  } catch {
    builtin = null;
  } finally {
    process.emitWarning = emit;
  }
  return builtin ?? undefined;
}

function wrap(database: NativeDatabase, moduleName: string, plainRows: boolean): SqliteConnection {
  // node:sqlite's rows have a null prototype; copy them so callers and tests see plain objects.
  const row = plainRows ? (value: unknown) => ({ ...(value as Record<string, unknown>) }) : (value: unknown) => value as Record<string, unknown>;
  return {
    moduleName,
    prepare(sql) {
      const statement = database.prepare(sql);
      return {
        all: (...parameters) => statement.all(...parameters).map(row),
        get: (...parameters) => {
          const found = statement.get(...parameters);
          return found === undefined || found === null ? undefined : row(found);
        },
        run: (...parameters) => {
          const info = statement.run(...parameters);
          return { changes: Number(info.changes), lastInsertRowid: Number(info.lastInsertRowid) };
        },
        columnNames: () => statement.columns().map((column) => column.name),
      };
    },
    exec: (sql) => {
      database.exec(sql);
    },
    close: () => {
      database.close();
    },
  };
}

/** Whether this Node's built-in SQLite serves (Node 22.16 and newer). */
export function hasNodeSqlite(): boolean {
  return nodeSqlite() !== undefined;
}

/**
 * Opens (creating when missing) the SQLite file `file`: node:sqlite when this Node has it, else
 * the better-sqlite3 this Node can run. Throws a plain `Error` naming what to install.
 * @example const db = openSqliteDatabase("/var/lib/app/data.sqlite", { from: import.meta.url });
 */
export function openSqliteDatabase(file: string, options: OpenSqliteOptions): SqliteConnection {
  const wanted = options.moduleName;
  if (wanted === NODE_SQLITE || wanted === undefined) {
    const sqlite = nodeSqlite();
    if (sqlite) {
      const database = new sqlite.DatabaseSync(file);
      // better-sqlite3 opens with a 5 s busy timeout and node:sqlite with none: without it a
      // second process opening the file at the same moment fails at once with "database is locked".
      database.exec(`PRAGMA busy_timeout = ${DEFAULT_BUSY_TIMEOUT_MS}`);
      return wrap(database, NODE_SQLITE, true);
    }
    if (wanted === NODE_SQLITE) throw new Error(`${NODE_SQLITE} is not available on Node ${process.versions.node}: it serves from Node 22.16.`);
  }
  const binding = loadSqliteBinding<new (file: string) => NativeDatabase>(options.from, wanted);
  return wrap(new binding.Database(file), binding.moduleName, false);
}

/**
 * The engines this Node can open, by the module name openSqliteDatabase takes: node:sqlite when
 * it serves, and the better-sqlite3 loadSqliteBinding picks when one is installed. Tests run on each.
 */
export function sqliteModulesHere(from: string | URL): string[] {
  const modules = hasNodeSqlite() ? [NODE_SQLITE] : [];
  try {
    modules.push(loadSqliteBinding(from).moduleName);
  } catch {
    // no better-sqlite3 this Node can run is installed
  }
  return modules;
}

/** A connection's three transaction statements, prepared once: `exec` would compile each one again on every call. */
export interface TransactionStatements {
  begin: { run(): unknown };
  commit: { run(): unknown };
  rollback: { run(): unknown };
}
const transactionStatements = new WeakMap<object, TransactionStatements>();

/** `database`'s BEGIN IMMEDIATE, COMMIT and ROLLBACK, prepared on first use and kept with it. */
export function transactionStatementsOf(database: { prepare(sql: string): { run(): unknown } }): TransactionStatements {
  let statements = transactionStatements.get(database);
  if (statements === undefined) {
    statements = { begin: database.prepare("BEGIN IMMEDIATE"), commit: database.prepare("COMMIT"), rollback: database.prepare("ROLLBACK") };
    transactionStatements.set(database, statements);
  }
  return statements;
}

/**
 * Runs `work` in one BEGIN IMMEDIATE transaction (the write lock taken before the first read):
 * committed when it returns, rolled back when it or the commit throws.
 */
export function immediateTransaction<T>(database: { prepare(sql: string): { run(): unknown } }, work: () => T): T {
  const { begin, commit, rollback } = transactionStatementsOf(database);
  begin.run();
  try {
    const result = work();
    commit.run();
    return result;
  } catch (error) {
    try {
      rollback.run();
    } catch {
      // SQLite already rolled back (it does on some errors); the first error is the one to report
    }
    throw error;
  }
}
