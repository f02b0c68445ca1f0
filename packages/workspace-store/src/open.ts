// Picks the driver for a location: a data directory (embedded SQLite) or a postgres:// URL.
import { openPostgresStore } from "./drivers/postgres";
import { openSqliteStore } from "./drivers/sqlite";
import type { WorkspaceStore } from "./types";

/** Where a store lives: a data directory for SQLite, or a PostgreSQL URL. */
export type StoreLocation = { dataDir: string } | { url: string; maxConnections?: number };

/**
 * Opens the store at `location` (not migrated: call migrate()).
 * @example await openWorkspaceStore(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: "./data" })
 */
export function openWorkspaceStore(location: StoreLocation): Promise<WorkspaceStore> {
  return "url" in location ? openPostgresStore(location) : openSqliteStore(location);
}
