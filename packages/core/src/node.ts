// Node-only entry of @foundry-mcp/core ("@foundry-mcp/core/node"): the one atomic-write helper and
// the one way to open SQLite on this Node (node:sqlite, or the better-sqlite3 this Node can run).

export { createFileExclusive, writeFileAtomic, writeFileAtomicSync } from "./node/atomic-write";
export {
  loadSqliteBinding,
  sqliteBindingProblem,
  SQLITE_BINDING,
  SQLITE_BINDING_NODE20,
  SQLITE_INSTALL_HINT,
  SQLITE_NODE20_PACKAGE,
} from "./node/sqlite-binding";
export { hasNodeSqlite, immediateTransaction, NODE_SQLITE, openSqliteDatabase, sqliteModulesHere, transactionStatementsOf } from "./node/sqlite-database";

export type { AtomicWriteOptions } from "./node/atomic-write";
export type { SqliteBinding } from "./node/sqlite-binding";
export type { OpenSqliteOptions, SqliteConnection, SqliteParameter, SqliteStatement } from "./node/sqlite-database";
