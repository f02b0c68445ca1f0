// A store made before the gateway owned its tables (issue 37) opens with today's code: the
// fixtures are what workspace-store at c134e50 created on SQLite and PostgreSQL (schema versions
// 1-5; fixtures/make-main-era-stores.mjs made them). migrate() runs nothing again (the gateway's
// steps are recorded with the fixture's applied_at), the schema equals a fresh database's, and the
// demo workspace is created in it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { openSqliteDatabase } from "@foundry-mcp/core/node";
import { pendingMigrations, SQLITE_FILE_NAME } from "@foundry-mcp/workspace-store";
import type { StoreLocation } from "@foundry-mcp/workspace-store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBinDir, postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { createDemoWorkspace } from "../src/demo/generate";
import { GATEWAY_SCHEMA, openGatewayStore } from "../src/store-schema/gateway-schema";
import { catalogOf } from "./support/store-catalog";

const FIXTURE_APPLIED_AT = "2026-12-01T00:00:00.000Z";
const fixture = (driver: string) => path.join(import.meta.dirname, "fixtures", `main-era-store.${driver}.sql`);
const drivers = postgresGate().run ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

/** Every table's columns, indexes and constraints, as the database's catalog gives them. */
const schemaOf = catalogOf;

describe.each(drivers)("a store made before the gateway owned its tables (%s)", (driver) => {
  let cluster: PostgresCluster | undefined;
  const dirs: string[] = [];
  let databases = 0;
  const newLocation = (name: string): StoreLocation => {
    if (cluster) return { url: cluster.createDatabase(`${name}_${(databases += 1)}`) };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gw-upgrade-${name}-`));
    dirs.push(dir);
    return { dataDir: dir };
  };
  /** An empty location loaded with the fixture, as workspace-store at c134e50 left it. */
  async function mainEraStore(): Promise<StoreLocation> {
    const location = newLocation("main_era");
    if ("dataDir" in location) {
      const db = openSqliteDatabase(path.join(location.dataDir, SQLITE_FILE_NAME), { from: import.meta.url });
      db.exec(fs.readFileSync(fixture("sqlite"), "utf8"));
      db.close();
    } else {
      execFileSync(path.join(postgresBinDir(), "psql"), ["-q", "-v", "ON_ERROR_STOP=1", "-f", fixture("postgres"), location.url], { stdio: ["ignore", "ignore", "pipe"] });
    }
    return location;
  }

  beforeAll(async () => {
    if (driver === "postgres") cluster = await startPostgres();
  }, 120_000);
  afterAll(() => {
    cluster?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("opens with no migration run again, the gateway's steps recorded as first applied", async () => {
    const store = await openGatewayStore(await mainEraStore());
    try {
      await store.migrate();
      expect(await store.all("SELECT version, applied_at FROM schema_migrations ORDER BY version")).toEqual(
        [1, 2, 3, 4, 5].map((version) => ({ version, applied_at: FIXTURE_APPLIED_AT })),
      );
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
    const upgraded = await openGatewayStore(await mainEraStore());
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
});
