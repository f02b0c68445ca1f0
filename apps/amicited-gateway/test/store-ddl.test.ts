// Issue 37: the schema is Kysely schema-builder statements compiled per dialect, no longer SQLite
// text that the PostgreSQL driver rewrote (toPostgresDdl). The text DDL as it last ran on each
// database is kept as fixtures (fixtures/text-ddl.*.sql, workspace-store and the gateway at
// 9ed30f6); a database made from them and one migrated by today's code must have the same catalog:
// columns with types, nullability and defaults, identities, indexes, primary, unique and foreign
// keys (support/store-catalog.ts). Tables added since (ADDED_SINCE) are left out of the comparison.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postgresGate } from "../../../tooling/postgres-cluster.mjs";
import { openGatewayStore } from "../src/store-schema/gateway-schema";
import { sqlLocations } from "./support/sql-locations";
import { catalogOf } from "./support/store-catalog";

/** Tables made after issue 37 (workspace-store migration 6 on): never text DDL, so not in the fixtures. */
const ADDED_SINCE = new Set(["learned_requests", "learned_request_forgets", "learned_request_forget_selections", "learned_choices_daily"]);
const tableOf = (row: Record<string, unknown>) => row.table ?? row.table_name ?? row.tablename;

const drivers = postgresGate().run ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);
const textDdl = (driver: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", `text-ddl.${driver}.sql`), "utf8");

describe.each(drivers)("the schema-builder DDL against the text DDL it replaced (%s)", (driver) => {
  const { newLocation, locationWith } = sqlLocations(driver);
  /** The catalog of a database made by running `ddl` (text) on an empty location. */
  async function catalogOfText(ddl: string) {
    const store = await openGatewayStore(locationWith("text_ddl", ddl));
    try {
      return await catalogOf(store);
    } finally {
      await store.close();
    }
  }

  it("migrates a fresh database to the same columns, types, defaults, indexes and constraints", async () => {
    const store = await openGatewayStore(newLocation("migrated"));
    try {
      await store.migrate();
      const all = await catalogOf(store);
      expect(new Set(all.map(tableOf).filter((table) => ADDED_SINCE.has(table as string)))).toEqual(ADDED_SINCE);
      const migrated = all.filter((row) => !ADDED_SINCE.has(tableOf(row) as string));
      expect(migrated.length).toBeGreaterThan(400);
      expect(migrated).toEqual(await catalogOfText(textDdl(driver)));
    } finally {
      await store.close();
    }
  }, 120_000);

  it("tells a changed column type apart (the comparison is not blind to types)", async () => {
    const ddl = textDdl(driver);
    const changed = ddl
      .replace("clicks INTEGER NOT NULL, impressions INTEGER NOT NULL, position REAL NOT NULL", "clicks INTEGER NOT NULL, impressions INTEGER NOT NULL, position INTEGER NOT NULL")
      .replace("clicks BIGINT NOT NULL, impressions BIGINT NOT NULL, position DOUBLE PRECISION NOT NULL", "clicks BIGINT NOT NULL, impressions BIGINT NOT NULL, position BIGINT NOT NULL");
    expect(changed).not.toBe(ddl);
    expect(await catalogOfText(changed)).not.toEqual(await catalogOfText(ddl));
  }, 120_000);
});
