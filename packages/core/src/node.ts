// Node-only entry of @foundry-mcp/core ("@foundry-mcp/core/node"): the one atomic-write helper and
// the one way to load the better-sqlite3 this Node can run.

export { createFileExclusive, writeFileAtomic, writeFileAtomicSync } from "./node/atomic-write";
export {
  loadSqliteBinding,
  sqliteBindingProblem,
  SQLITE_BINDING,
  SQLITE_BINDING_NODE20,
  SQLITE_INSTALL_HINT,
} from "./node/sqlite-binding";

export type { AtomicWriteOptions } from "./node/atomic-write";
export type { SqliteBinding } from "./node/sqlite-binding";
