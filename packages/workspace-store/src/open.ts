// Picks the driver for a location: a data directory (embedded SQLite) or a postgres:// URL.
import { openPostgresStore } from "./drivers/postgres";
import { openSqliteStore } from "./drivers/sqlite";
import type { HostSchema } from "./migrations";
import type { WorkspaceStore } from "./types";

/** Where a store lives: a data directory for SQLite, or a PostgreSQL URL. */
export type StoreLocation = { dataDir: string } | { url: string; maxConnections?: number };

/** What a host adds to the store it opens. */
export interface WorkspaceStoreOptions {
  /** The host's own tables as migrations, applied by migrate() after the store's (README: "A host's tables"). */
  hostSchemas?: readonly HostSchema[];
}

/**
 * Opens the store at `location` (not migrated: call migrate()).
 * @example await openWorkspaceStore({ dataDir: "./data" }, { hostSchemas: [GATEWAY_SCHEMA] })
 */
export function openWorkspaceStore(location: StoreLocation, options: WorkspaceStoreOptions = {}): Promise<WorkspaceStore> {
  return "url" in location ? openPostgresStore({ ...location, ...options }) : openSqliteStore({ ...location, ...options });
}
