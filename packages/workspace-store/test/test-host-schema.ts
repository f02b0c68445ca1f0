// A host's tables for the store's own tests: the conformance files bulk-insert into a host table
// (as the gateway's demo data does) and read new ids from a host table that generates them.
import type { HostSchema } from "../src/index";

/** Two host migrations: a table without ids and one whose rows get an id from the database. */
export const TEST_HOST_SCHEMA: HostSchema = {
  owner: "store-tests",
  migrations: [
    {
      version: 1,
      name: "keyword rows",
      statements: [
        "CREATE TABLE IF NOT EXISTS bing_keywords (domain_id INTEGER NOT NULL, day TEXT NOT NULL, keyword TEXT NOT NULL, impressions INTEGER NOT NULL, clicks INTEGER NOT NULL, position REAL NOT NULL)",
      ],
    },
    {
      version: 2,
      name: "notes with ids",
      statements: ["CREATE TABLE IF NOT EXISTS host_notes (id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL REFERENCES domains(id), text TEXT NOT NULL)"],
    },
  ],
};
