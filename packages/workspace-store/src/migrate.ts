// Applies the store's migrations, then each host's, inside one transaction the driver opened
// under its lock. Each step's schema statements are compiled for the driver's dialect and run as
// written (query/ddl.ts), then its `fill`, if any, writes what they added for the rows there, and
// last its `statementsAfterFill` (those that lock another table until commit).
// The store's steps are recorded in `schema_migrations`, a host's in `host_migrations` under its
// owner. A database made before hosts owned their tables (no `host_migrations` yet, every step in
// `schema_migrations`) has a host's `formerly` steps already: they are recorded with their first
// applied_at, not run again (docs/decisions/0008-host-migrations.md).
import { HOST_MIGRATIONS_TABLE, MIGRATIONS, MIGRATIONS_TABLE } from "./migrations";
import type { HostSchema, Migration } from "./migrations";
import {
  hostVersionsApplied,
  recordHostMigration,
  recordStoreMigration,
  storeVersionsApplied,
  tableExists,
} from "./migration-statements";
import { compileSchemaStatement, type SchemaStatement } from "./query/ddl";
import type { StoreQueries } from "./types";

/** Runs one step on `queries`: its schema statements, its fill, then its statements after the fill. */
export async function applyMigrationStep(queries: StoreQueries, migration: Migration): Promise<void> {
  const runStatement = (statement: SchemaStatement) => queries.run(compileSchemaStatement(statement, queries.dialect));
  for (const statement of migration.statements) await runStatement(statement);
  await migration.fill?.(queries);
  for (const statement of migration.statementsAfterFill ?? []) await runStatement(statement);
}

/** Runs every migration `tx` lacks; `tx` is a transaction holding the driver's migration lock. */
export async function applyMigrations(tx: StoreQueries, hosts: readonly HostSchema[]): Promise<void> {
  const exists = async (table: string) => (await tableExists.get(tx, { table })) !== undefined;
  const madeBeforeHosts = (await exists("schema_migrations")) && !(await exists("host_migrations"));
  for (const table of [MIGRATIONS_TABLE, HOST_MIGRATIONS_TABLE]) await tx.run(compileSchemaStatement(table, tx.dialect));
  const recorded = new Map((await storeVersionsApplied.all(tx)).map((row) => [Number(row.version), row.applied_at]));
  const apply = (migration: Migration) => applyMigrationStep(tx, migration);
  for (const migration of MIGRATIONS) {
    if (recorded.has(migration.version)) continue;
    await apply(migration);
    await recordStoreMigration.run(tx, { version: migration.version, name: migration.name, applied_at: new Date().toISOString() });
  }
  for (const host of hosts) {
    const applied = new Set((await hostVersionsApplied.all(tx, { owner: host.owner })).map((row) => Number(row.version)));
    for (const migration of host.migrations) {
      if (applied.has(migration.version)) continue;
      const adoptedAt = madeBeforeHosts && migration.formerly !== undefined ? recorded.get(migration.formerly) : undefined;
      if (adoptedAt === undefined) await apply(migration);
      await recordHostMigration.run(tx, {
        owner: host.owner,
        version: migration.version,
        name: migration.name,
        applied_at: adoptedAt ?? new Date().toISOString(),
      });
    }
  }
}
