// A store as the shipped migrations up to some version left it (a shipped statement is never
// edited), for the tests of a later migration: learned-conformance.ts (9 to 10),
// learned-fence-conformance.ts (8 to 9) and choice-ranks-conformance.ts (7 to 8). The steps'
// statements and fills run and are recorded as migrate() would, none after the version.
import type { WorkspaceStore } from "../src/index";
import { HOST_MIGRATIONS_TABLE, MIGRATIONS, MIGRATIONS_TABLE } from "../src/migrations";
import { recordStoreMigration } from "../src/migration-statements";
import { applyMigrationStep } from "../src/migrate";
import { compileSchemaStatement } from "../src/query/ddl";

/** Opens a store, applies the store's migrations 1 to `version`, runs `body` on it and disposes of it. */
export async function onStoreAtSchema(
  open: () => Promise<WorkspaceStore>,
  dispose: (store: WorkspaceStore) => Promise<void>,
  version: number,
  body: (store: WorkspaceStore) => Promise<void>,
): Promise<void> {
  const store = await open();
  try {
    for (const statement of [MIGRATIONS_TABLE, HOST_MIGRATIONS_TABLE]) await store.run(compileSchemaStatement(statement, store.dialect));
    for (const migration of MIGRATIONS.filter((step) => step.version <= version)) {
      await applyMigrationStep(store, migration);
      await recordStoreMigration.run(store, { version: migration.version, name: migration.name, applied_at: "2026-12-07T00:00:00.000Z" });
    }
    await body(store);
  } finally {
    await dispose(store);
  }
}
