// Kysely as the store's query builder and compiler only: one instance per dialect whose driver
// never connects (Kysely's DummyDriver). Compiled text runs on the store's own drivers, so their
// queue, transactions, query observer and pool figures stay as they are.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Dialect,
} from "kysely";
import type { WorkspaceStoreDriverName } from "../types";

const dialects: Record<WorkspaceStoreDriverName, Dialect> = {
  sqlite: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
  postgres: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
};

const builders = new Map<WorkspaceStoreDriverName, Kysely<unknown>>();

/**
 * The compile-only Kysely of one store dialect, typed with the caller's tables. Build a query and
 * `.compile()` it; hand the result to the store's all/get/run (they run it as written).
 * @example store.all(queryBuilderFor<MyTables>(store.dialect).selectFrom("t").selectAll().compile())
 */
export function queryBuilderFor<Tables>(dialect: WorkspaceStoreDriverName): Kysely<Tables> {
  let builder = builders.get(dialect);
  if (!builder) {
    builder = new Kysely<unknown>({ dialect: dialects[dialect] });
    builders.set(dialect, builder);
  }
  return builder as Kysely<Tables>;
}
