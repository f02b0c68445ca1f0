// Applies the store's migrations, then each host's, inside one transaction the driver opened
// under its lock. The store's steps are recorded in `schema_migrations`, a host's in
// `host_migrations` under its owner. A database made before hosts owned their tables (no
// `host_migrations` yet, every step in `schema_migrations`) has a host's `formerly` steps already:
// they are recorded with their first applied_at, not run again (docs/decisions/0008-host-migrations.md).
import { HOST_MIGRATIONS_TABLE, MIGRATIONS, MIGRATIONS_TABLE } from "./migrations";
import type { HostSchema, Migration } from "./migrations";
import type { StoreQueries } from "./types";

/** What differs between drivers when migrating. */
export interface MigrationDialect {
  /** The DDL statement in the driver's dialect (statements are written for SQLite). */
  ddl(statement: string): string;
  /** A query with one `?` (a table name) that returns a row when the table exists. */
  tableExistsQuery: string;
}

/** Runs every migration `tx` lacks; `tx` is a transaction holding the driver's migration lock. */
export async function applyMigrations(tx: StoreQueries, dialect: MigrationDialect, hosts: readonly HostSchema[]): Promise<void> {
  const exists = async (table: string) => (await tx.get(dialect.tableExistsQuery, [table])) !== undefined;
  const madeBeforeHosts = (await exists("schema_migrations")) && !(await exists("host_migrations"));
  await tx.run(dialect.ddl(MIGRATIONS_TABLE));
  await tx.run(dialect.ddl(HOST_MIGRATIONS_TABLE));
  const recorded = new Map(
    (await tx.all<{ version: number; applied_at: string }>("SELECT version, applied_at FROM schema_migrations")).map((row) => [Number(row.version), row.applied_at]),
  );
  const apply = async (migration: Migration) => {
    for (const statement of migration.statements) await tx.run(dialect.ddl(statement));
  };
  for (const migration of MIGRATIONS) {
    if (recorded.has(migration.version)) continue;
    await apply(migration);
    await tx.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [migration.version, migration.name, new Date().toISOString()]);
  }
  for (const host of hosts) {
    const applied = new Set(
      (await tx.all<{ version: number }>("SELECT version FROM host_migrations WHERE owner = ?", [host.owner])).map((row) => Number(row.version)),
    );
    for (const migration of host.migrations) {
      if (applied.has(migration.version)) continue;
      const adoptedAt = madeBeforeHosts && migration.formerly !== undefined ? recorded.get(migration.formerly) : undefined;
      if (adoptedAt === undefined) await apply(migration);
      await tx.run("INSERT INTO host_migrations (owner, version, name, applied_at) VALUES (?, ?, ?, ?)", [
        host.owner,
        migration.version,
        migration.name,
        adoptedAt ?? new Date().toISOString(),
      ]);
    }
  }
}
