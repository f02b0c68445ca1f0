// The statements over the two bookkeeping tables of migrations (`schema_migrations` for the store's
// steps, `host_migrations` for each host's), built with the query layer like every statement of
// this package, so they run as written on both dialects.
import { sql } from "kysely";
import { statementsOver } from "./query/statement";

interface MigrationTables {
  schema_migrations: { version: number; name: string; applied_at: string };
  host_migrations: { owner: string; version: number; name: string; applied_at: string };
  sqlite_master: { type: string; name: string };
  "information_schema.tables": { table_schema: string; table_name: string };
}

const define = statementsOver<MigrationTables>();

/** A row when the table named `table` exists. */
export const tableExists = define((q) =>
  q.dialect === "sqlite"
    ? q.db.selectFrom("sqlite_master").select(sql<number>`1`.as("found")).where("type", "=", "table").where("name", "=", q.param("table"))
    : q.db
        .selectFrom("information_schema.tables")
        .select(sql<number>`1`.as("found"))
        .where("table_schema", "=", sql<string>`current_schema()`)
        .where("table_name", "=", q.param("table")),
);

export const storeVersionsApplied = define((q) => q.db.selectFrom("schema_migrations").select(["version", "applied_at"]));

export const latestStoreVersion = define((q) => q.db.selectFrom("schema_migrations").select((eb) => eb.fn.max("version").as("version")));

export const recordStoreMigration = define((q) =>
  q.db.insertInto("schema_migrations").values({ version: q.param<number>("version"), name: q.param("name"), applied_at: q.param("applied_at") }),
);

export const hostVersionsApplied = define((q) => q.db.selectFrom("host_migrations").select("version").where("owner", "=", q.param("owner")));

export const latestHostVersion = define((q) =>
  q.db.selectFrom("host_migrations").select((eb) => eb.fn.max("version").as("version")).where("owner", "=", q.param("owner")),
);

export const recordHostMigration = define((q) =>
  q.db.insertInto("host_migrations").values({
    owner: q.param("owner"),
    version: q.param<number>("version"),
    name: q.param("name"),
    applied_at: q.param("applied_at"),
  }),
);
