// Empty store locations for tests that load a database from SQL text (fixtures of an older
// schema): a temp folder per SQLite location, a database of one throwaway cluster per PostgreSQL
// location. Call inside a describe block: it starts the cluster before the block's tests, and its
// own trackResources ends the cluster and removes the folders after them.
import path from "node:path";
import { execFileSync } from "node:child_process";
import { openSqliteDatabase } from "@foundry-mcp/core/node";
import { SQLITE_FILE_NAME } from "@foundry-mcp/workspace-store";
import type { StoreLocation } from "@foundry-mcp/workspace-store";
import { beforeAll } from "vitest";
import { postgresBinDir, startPostgres } from "../../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../../tooling/postgres-cluster.mjs";
import { trackResources } from "./gateway-process";

/** Locations on `driver`, made empty (`newLocation`) or loaded with SQL text (`locationWith`). */
export function sqlLocations(driver: "sqlite" | "postgres") {
  const resources = trackResources("all");
  let cluster: PostgresCluster | undefined;
  let databases = 0;
  beforeAll(async () => {
    if (driver !== "postgres") return;
    cluster = await startPostgres();
    resources.defer(() => cluster?.stop());
  }, 120_000);
  const newLocation = (name: string): StoreLocation => {
    if (cluster) return { url: cluster.createDatabase(`${name}_${(databases += 1)}`) };
    return { dataDir: resources.directory(`gw-${name}-`) };
  };
  /** A new location where `sqlText` has run (SQLite's exec, or psql stopping at the first error). */
  const locationWith = (name: string, sqlText: string): StoreLocation => {
    const location = newLocation(name);
    if ("dataDir" in location) {
      const db = openSqliteDatabase(path.join(location.dataDir, SQLITE_FILE_NAME), { from: import.meta.url });
      try {
        db.exec(sqlText);
      } finally {
        db.close();
      }
    } else {
      execFileSync(path.join(postgresBinDir(), "psql"), ["-q", "-v", "ON_ERROR_STOP=1", "-f", "-", location.url], { input: sqlText, stdio: ["pipe", "ignore", "pipe"] });
    }
    return location;
  };
  return { newLocation, locationWith };
}
