// better-sqlite3 12, installed only on the Node releases that need it. Node 22.16 and newer have
// a built-in SQLite (node:sqlite) that @foundry-mcp/core's openSqliteDatabase uses; older ones
// need a native module, and better-sqlite3 13 does not run on Node 20. This package's engines
// end below 22.16, so npm skips it as an optional dependency on newer Node, and with it the
// 28 MB native build of better-sqlite3 that nothing there would load. core finds the module
// through this package's folder; this entry is for callers that want it directly.
import { createRequire } from "node:module";

/** The better-sqlite3 release this package installs. */
export const BETTER_SQLITE3_RELEASE = "12.11.1";

/**
 * better-sqlite3's `Database` constructor, as installed with this package.
 * @example const Database = loadBetterSqlite3<typeof import("better-sqlite3")>(); new Database(":memory:");
 */
export function loadBetterSqlite3<Database = unknown>(): Database {
  return createRequire(import.meta.url)("better-sqlite3") as Database;
}
