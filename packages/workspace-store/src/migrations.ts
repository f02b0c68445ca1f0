// The store's schema as numbered migrations in the SQLite dialect; each driver applies the ones a
// database lacks, in order, under its own lock, and records them in `schema_migrations`
// (drivers/postgres.ts translates the DDL). Add a migration at the end; never edit a shipped one.
import { DASHBOARD_STATEMENTS, MCP_SESSION_STATEMENTS, SCHEMA_STATEMENTS } from "./schema";
import { OAUTH_STATEMENTS } from "./oauth-schema";
import type { StoreQueries } from "./types";

/** One step of the schema. */
export interface Migration {
  version: number;
  name: string;
  statements: readonly string[];
}

/** Every migration, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "workspace tables", statements: SCHEMA_STATEMENTS },
  {
    version: 2,
    name: "hourly quota counts",
    statements: [
      "CREATE TABLE IF NOT EXISTS quota_usage (workspace TEXT NOT NULL, window_start INTEGER NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (workspace, window_start))",
    ],
  },
  { version: 3, name: "dashboard: call log, admin tokens, token last use", statements: DASHBOARD_STATEMENTS },
  { version: 4, name: "MCP sessions and their SSE event log, shared by every instance", statements: MCP_SESSION_STATEMENTS },
  { version: 5, name: "OAuth clients, codes, grants and tokens (hashed), shared by every instance", statements: OAUTH_STATEMENTS },
];

/** The table that records applied migrations. */
export const MIGRATIONS_TABLE =
  "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)";

/** The latest schema version this package knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/** The latest migration applied to `store` (0 for an empty database). */
export async function schemaVersionOf(store: StoreQueries): Promise<number> {
  try {
    return (
      (
        await store.get<{ version: number | null }>(
          "SELECT MAX(version) AS version FROM schema_migrations",
        )
      )?.version ?? 0
    );
  } catch {
    return 0;
  }
}
