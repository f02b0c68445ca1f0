// A store made before the gateway owned its tables (issue 37) opens with today's code: the
// fixtures are what workspace-store at c134e50 created on SQLite and PostgreSQL (schema versions
// 1-5; fixtures/make-main-era-stores.mjs made them). migrate() runs none of those again (the gateway's
// steps are recorded with the fixture's applied_at; only the store's later steps, 6 on, run), the schema equals a fresh database's, and the
// demo workspace is created in it. And a store at schema 8 (session 31) is brought to 10 (9: the
// records of forgets, session 32; 10: each learned request's key, its rows keyed, session 35) by
// `amicited-gateway migrate`; before that a PostgreSQL one is refused by serve.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { insertWorkspace, LearnedRequestLog, pendingMigrations } from "@foundry-mcp/workspace-store";
import type { StoreLocation } from "@foundry-mcp/workspace-store";
import { describe, expect, it } from "vitest";
import { postgresGate } from "../../../tooling/postgres-cluster.mjs";
import { createDemoWorkspace } from "../src/demo/generate";
import { GATEWAY_SCHEMA, openGatewayStore } from "../src/store-schema/gateway-schema";
import { catalogOf } from "./support/store-catalog";
import { sqlLocations } from "./support/sql-locations";
import { GATEWAY, requireBuild, runCli, storeFlags } from "./support/gateway-process";

const FIXTURE_APPLIED_AT = "2026-12-01T00:00:00.000Z";
const fixture = (driver: string) => path.join(import.meta.dirname, "fixtures", `main-era-store.${driver}.sql`);
const drivers = postgresGate().run ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

/** Every table's columns, indexes and constraints, as the database's catalog gives them. */
const schemaOf = catalogOf;

describe.each(drivers)("a store made before the gateway owned its tables (%s)", (driver) => {
  const { newLocation, locationWith } = sqlLocations(driver);
  /** An empty location loaded with the fixture, as workspace-store at c134e50 left it. */
  const mainEraStore = (): StoreLocation => locationWith("main_era", fs.readFileSync(fixture(driver), "utf8"));

  it("opens with no migration of its era run again, the gateway's steps recorded as first applied", async () => {
    const store = await openGatewayStore(mainEraStore());
    try {
      await store.migrate();
      const applied = await store.all<{ version: number; applied_at: string }>("SELECT version, applied_at FROM schema_migrations ORDER BY version");
      expect(applied.slice(0, 5)).toEqual([1, 2, 3, 4, 5].map((version) => ({ version, applied_at: FIXTURE_APPLIED_AT })));
      expect(applied.slice(5).map((row) => row.version)).toEqual([6, 7, 8, 9, 10]);
      expect(applied[5]!.applied_at).not.toBe(FIXTURE_APPLIED_AT);
      expect(await store.all("SELECT owner, version, applied_at FROM host_migrations ORDER BY version")).toEqual([
        { owner: "amicited-gateway", version: 1, applied_at: FIXTURE_APPLIED_AT },
        { owner: "amicited-gateway", version: 2, applied_at: FIXTURE_APPLIED_AT },
      ]);
      expect(await pendingMigrations(store, [GATEWAY_SCHEMA])).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("has the same tables, columns and indexes as a fresh database, and takes the demo workspace", async () => {
    const upgraded = await openGatewayStore(mainEraStore());
    const fresh = await openGatewayStore(newLocation("fresh"));
    try {
      await upgraded.migrate();
      await fresh.migrate();
      const schema = await schemaOf(fresh);
      expect(schema.length).toBeGreaterThan(60);
      expect(await schemaOf(upgraded)).toEqual(schema);
      await createDemoWorkspace(upgraded, "demo");
      expect(
        await upgraded.get("SELECT COUNT(DISTINCT d.id) AS n, COUNT(o.id) > 0 AS orders FROM domains d JOIN eshop_orders o ON o.domain_id = d.id"),
      ).toEqual({ n: 3, orders: 1 });
    } finally {
      await upgraded.close();
      await fresh.close();
    }
  }, 120_000);

  it("is brought from schema 8 to 10 by amicited-gateway migrate, with its count of forgets kept, its learned rows keyed and their choices counted", async () => {
    requireBuild();
    const location = newLocation("schema_8");
    const store = await openGatewayStore(location);
    try {
      // Schema 8 as session 31 left it: migration 9's table and counter row and 10's column and
      // table not there yet, two forgets counted, a learned row with its rank.
      await store.migrate();
      await store.run("DROP TABLE learned_request_forget_selections");
      await store.run("UPDATE learned_request_forgets SET forgets = 2, last_forgot_at = '2026-12-07T09:00:00.000Z'");
      await store.run("ALTER TABLE learned_requests DROP COLUMN request_key");
      await store.run("DROP TABLE learned_choices_daily");
      await store.run("DELETE FROM schema_migrations WHERE version IN (9, 10)");
      const { id } = await insertWorkspace(store, { name: "alpha", plan: "free", credits: 5, dataAsOf: "2026-11-29" });
      await store.run("INSERT INTO learned_requests (workspace_id, tool, request, learned_at, chosen_rank) VALUES (?, ?, ?, ?, ?)", [id, "seo_rank_history", "Where do we  RANK", "2026-12-07T08:00:00.000Z", 2]);
    } finally {
      await store.close();
    }
    const where = "url" in location ? location.url : location.dataDir;
    if ("url" in location) {
      const refused = spawnSync(process.execPath, [GATEWAY, "serve", ...storeFlags(where), "--port", "0"], { encoding: "utf8", timeout: 60_000 });
      expect([refused.status, refused.stderr]).toEqual([2, "amicited-gateway: the database has schema version 8 and this gateway needs 10; run: amicited-gateway migrate --database URL\n"]);
    }
    expect(JSON.parse(runCli(["migrate", ...storeFlags(where)]))).toEqual({ driver, from_version: 8, schema_version: 10 });
    const migrated = await openGatewayStore(location);
    try {
      expect(await migrated.all("SELECT generation FROM learned_request_forget_selections")).toEqual([]);
      expect(await new LearnedRequestLog(migrated).forgets()).toBe(2);
      expect(await migrated.all("SELECT request, request_key FROM learned_requests")).toEqual([{ request: "Where do we  RANK", request_key: "where do we rank" }]);
      expect((await new LearnedRequestLog(migrated).choiceRanksPerDay({ days: 1, now: new Date("2026-12-07T12:00:00.000Z") })).days).toEqual([
        { day: "2026-12-07", choices: 1, first: 0, top3: 1, firstPage: 1 },
      ]);
    } finally {
      await migrated.close();
    }
  }, 120_000);
});
