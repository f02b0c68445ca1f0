// A host's tables for the store's own tests: the conformance files bulk-insert into a host table
// (as the gateway's demo data does) and read new ids from a host table that generates them.
import { createTables, notNull } from "../src/index";
import type { HostSchema } from "../src/index";

/** Two host migrations: a table without ids and one whose rows get an id from the database. */
export const TEST_HOST_SCHEMA: HostSchema = {
  owner: "store-tests",
  migrations: [
    {
      version: 1,
      name: "keyword rows",
      statements: createTables({
        bing_keywords: (table, ddl) =>
          table
            .addColumn("domain_id", ddl.integer, notNull)
            .addColumn("day", "text", notNull)
            .addColumn("keyword", "text", notNull)
            .addColumn("impressions", ddl.integer, notNull)
            .addColumn("clicks", ddl.integer, notNull)
            .addColumn("position", ddl.real, notNull),
      }),
    },
    {
      version: 2,
      name: "notes with ids",
      statements: createTables({
        host_notes: (table, ddl) =>
          table
            .addColumn("id", ddl.integer, ddl.generatedId)
            .addColumn("domain_id", ddl.integer, (column) => column.notNull().references("domains.id"))
            .addColumn("text", "text", notNull),
      }),
    },
  ],
};
