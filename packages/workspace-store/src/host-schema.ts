// What a host hands the store for its own tables (HostSchema, migrations.ts): checked when the
// store opens, so a mistake is named before any statement runs. The drivers learn from its schema
// statements which tables give their rows an id (PostgreSQL adds `RETURNING id` to their INSERTs).
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import { MIGRATIONS, SCHEMA_VERSION, schemaStatementsOf, schemaVersionOf } from "./migrations";
import type { HostSchema } from "./migrations";
import { latestHostVersion } from "./migration-statements";
import { tablesCreatedWithGeneratedId } from "./query/ddl";
import type { StoreQueries } from "./types";

const OWNER = /^[a-z][a-z0-9_-]{0,63}$/;
/** Most hosts one store takes; a bound, not a design target (the gateway is one host). */
export const MAX_HOST_SCHEMAS = 16;

const invalid = (message: string) => new WorkspaceStoreError(WorkspaceStoreErrorCode.INVALID_ARGUMENT, message);

/** Refuses host schemas with a bad owner, a repeated owner, versions not increasing from 1 up, or a statement that is not a schema statement (SQL text). */
export function checkHostSchemas(hosts: readonly HostSchema[]): void {
  if (hosts.length > MAX_HOST_SCHEMAS)
    throw invalid(`hostSchemas: ${hosts.length} host schemas; the limit is ${MAX_HOST_SCHEMAS}. Merge a host's tables into one HostSchema.`);
  const owners = new Set<string>();
  for (const host of hosts) {
    if (!OWNER.test(host.owner))
      throw invalid(`hostSchemas: owner ${JSON.stringify(host.owner)} must match ${String(OWNER)}; name it after the host's package, e.g. "amicited-gateway".`);
    if (owners.has(host.owner)) throw invalid(`hostSchemas: owner "${host.owner}" is given twice; give each host one HostSchema.`);
    owners.add(host.owner);
    let previous = 0;
    for (const migration of host.migrations) {
      if (!Number.isInteger(migration.version) || migration.version <= previous)
        throw invalid(`hostSchemas: "${host.owner}" migration ${JSON.stringify(migration.name)} has version ${migration.version}; versions are integers that increase from 1, oldest first.`);
      previous = migration.version;
      const statements = schemaStatementsOf(migration);
      const text = statements.findIndex((statement) => typeof statement !== "function");
      if (text >= 0)
        throw invalid(
          `hostSchemas: "${host.owner}" migration ${JSON.stringify(migration.name)} statement ${text + 1} is a ${typeof statements[text]}, not a schema statement; SQL text is not taken: write it with Kysely's schema builder, e.g. (ddl) => ddl.createTable("notes").addColumn("id", ddl.integer, ddl.generatedId) (workspace-store README, "Schema").`,
        );
    }
  }
}

/** The tables, of the store and of `hosts`, whose rows get an `id` from the database (`generatedId` in their DDL). */
export function tablesWithGeneratedId(hosts: readonly HostSchema[]): ReadonlySet<string> {
  const statements = [...MIGRATIONS, ...hosts.flatMap((host) => host.migrations)].flatMap(schemaStatementsOf);
  return new Set(tablesCreatedWithGeneratedId(statements));
}

/**
 * The migrations `store` lacks, of its own and of `hosts` ("workspace-store 6", "amicited-gateway 2");
 * empty when it is up to date. A server that does not migrate by itself checks this before serving.
 */
export async function pendingMigrations(store: StoreQueries, hosts: readonly HostSchema[] = []): Promise<string[]> {
  const pending = (await schemaVersionOf(store)) < SCHEMA_VERSION ? [`workspace-store ${SCHEMA_VERSION}`] : [];
  for (const host of hosts) {
    const latest = host.migrations[host.migrations.length - 1]?.version ?? 0;
    let applied = 0;
    try {
      applied = (await latestHostVersion.get(store, { owner: host.owner }))?.version ?? 0;
    } catch {
      // No host_migrations table yet: nothing of the host is applied.
    }
    if (applied < latest) pending.push(`${host.owner} ${latest}`);
  }
  return pending;
}
