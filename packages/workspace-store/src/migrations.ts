// The store's schema as numbered migrations of Kysely schema statements (query/ddl.ts), compiled
// for each driver's dialect; each driver applies the ones a database lacks, in order, under its own lock (migrate.ts), and records them in
// `schema_migrations`. A host's own tables come as a HostSchema with versions of its own, recorded
// in `host_migrations` (docs/decisions/0008-host-migrations.md). Add a migration at the end; never
// edit a shipped one.
import {
  DASHBOARD_STATEMENTS,
  LEARNED_REQUEST_FORGET_SELECTIONS_STATEMENTS,
  LEARNED_REQUEST_FORGETS_STATEMENTS,
  LEARNED_CHOICE_COUNT_STATEMENTS,
  LEARNED_REQUEST_KEY_STATEMENTS,
  LEARNED_REQUEST_RANK_STATEMENTS,
  LEARNED_REQUESTS_STATEMENTS,
  SCHEMA_STATEMENTS,
} from "./schema";
import { OAUTH_STATEMENTS } from "./oauth-schema";
import { fillLearnedRequestKeys } from "./learned-key";
import { latestStoreVersion } from "./migration-statements";
import { notNull, type SchemaStatement } from "./query/ddl";
import type { StoreQueries } from "./types";

/** One step of the schema. */
export interface Migration {
  version: number;
  name: string;
  /** Schema statements, built for each dialect (query/ddl.ts); never text, so no dialect is rewritten. */
  statements: readonly SchemaStatement[];
  /**
   * Fills what the statements added for the rows already there, when it is computed in JavaScript
   * (no SQL of both databases says it); run after them, in the migration's transaction.
   */
  fill?: (queries: StoreQueries) => Promise<void>;
  /**
   * Schema statements run after `fill`. A statement that locks another table until the migration
   * commits (a foreign key locks the table it references) goes here when the step has a fill, so
   * instances still serving wait on that table for the shortest time, not for the whole fill.
   */
  statementsAfterFill?: readonly SchemaStatement[];
}

/** Every schema statement of `migration`, those after its fill included (what it creates). */
export const schemaStatementsOf = (migration: Migration): readonly SchemaStatement[] => [...migration.statements, ...(migration.statementsAfterFill ?? [])];

/** One step of a host's schema. */
export interface HostMigration extends Migration {
  /**
   * The version this step had in the store's one combined list before hosts owned their tables
   * (workspace-store 0.1.x recorded it in `schema_migrations`): a database made then has it already,
   * so it is recorded as applied, not run again.
   */
  formerly?: number;
}

/** The tables a host keeps in the store beside the store's own: its name and its migrations, oldest first. */
export interface HostSchema {
  /** Who owns these migrations (`host_migrations.owner`): a lowercase name such as the package's. */
  owner: string;
  migrations: readonly HostMigration[];
}

/**
 * Every migration of the store's own tables, oldest first. Version 4 (the gateway's MCP sessions)
 * moved to the gateway's HostSchema.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "workspace tables", statements: SCHEMA_STATEMENTS },
  {
    version: 2,
    name: "hourly quota counts",
    statements: [
      (ddl) =>
        ddl
          .createTable("quota_usage")
          .addColumn("workspace", "text", notNull)
          .addColumn("window_start", ddl.integer, notNull)
          .addColumn("used", ddl.integer, notNull)
          .addPrimaryKeyConstraint("quota_usage_pkey", ["workspace", "window_start"]),
    ],
  },
  { version: 3, name: "dashboard: call log, admin tokens, token last use", statements: DASHBOARD_STATEMENTS },
  { version: 5, name: "OAuth clients, codes, grants and tokens (hashed), shared by every instance", statements: OAUTH_STATEMENTS },
  { version: 6, name: "learned requests: words agents searched with and the tool they chose", statements: LEARNED_REQUESTS_STATEMENTS },
  { version: 7, name: "learned requests: a count of forgets, read by every instance's poll", statements: LEARNED_REQUEST_FORGETS_STATEMENTS },
  { version: 8, name: "learned requests: the rank the chosen tool had in its search", statements: LEARNED_REQUEST_RANK_STATEMENTS },
  { version: 9, name: "learned requests: what each forget named, so requests still queued elsewhere are not written", statements: LEARNED_REQUEST_FORGET_SELECTIONS_STATEMENTS },
  {
    version: 10,
    name: "learned requests: the key the catalog compares, so a request said again counts once; choices counted per workspace and day",
    statements: LEARNED_REQUEST_KEY_STATEMENTS,
    fill: fillLearnedRequestKeys,
    statementsAfterFill: LEARNED_CHOICE_COUNT_STATEMENTS,
  },
];

/** The table that records the store's applied migrations. */
export const MIGRATIONS_TABLE: SchemaStatement = (ddl) =>
  ddl
    .createTable("schema_migrations")
    .addColumn("version", ddl.integer, (column) => column.primaryKey())
    .addColumn("name", "text", notNull)
    .addColumn("applied_at", "text", notNull);

/** The table that records each host's applied migrations. */
export const HOST_MIGRATIONS_TABLE: SchemaStatement = (ddl) =>
  ddl
    .createTable("host_migrations")
    .addColumn("owner", "text", notNull)
    .addColumn("version", ddl.integer, notNull)
    .addColumn("name", "text", notNull)
    .addColumn("applied_at", "text", notNull)
    .addPrimaryKeyConstraint("host_migrations_pkey", ["owner", "version"]);

/** The latest schema version this package knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/** The latest migration applied to `store` (0 for an empty database). */
export async function schemaVersionOf(store: StoreQueries): Promise<number> {
  try {
    return (await latestStoreVersion.get(store))?.version ?? 0;
  } catch {
    return 0;
  }
}
