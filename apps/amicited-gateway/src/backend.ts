// Wiring of the gateway's storage: which store (SQLite in the data directory, or PostgreSQL from
// --database / DATABASE_URL), which hourly quota driver beside it, and the catalog hooks that
// apply the store's plan limits and credits. The machinery lives in @foundry-mcp/workspace-store.
import fs from "node:fs";
import path from "node:path";
import { MemoryQuotaDriver, SqliteQuotaDriver } from "@foundry-mcp/tool-catalog";
import type { CallContext, CatalogHooks, QuotaDriver } from "@foundry-mcp/tool-catalog";
import {
  pendingMigrations,
  SCHEMA_VERSION,
  schemaVersionOf,
  SQLITE_FILE_NAME,
  StoreQuotaDriver,
  workspaceHooks,
} from "@foundry-mcp/workspace-store";
import type { StoreLocation, WorkspaceStore } from "@foundry-mcp/workspace-store";
import { GatewayError, GatewayErrorCode } from "./errors";
import { GATEWAY_SCHEMA, openGatewayStore } from "./store-schema/gateway-schema";

/** Where the gateway keeps its data: a folder (SQLite) and/or a PostgreSQL URL. */
export interface StorageOptions {
  dataDir?: string;
  /** A postgres:// URL; wins over dataDir. */
  database?: string;
  /** Count calls in memory instead of in the store (tests, single process). */
  memoryQuota?: boolean;
  /** Outbound requests one workspace may have in flight (default 4). */
  maxOutboundPerWorkspace?: number;
}

/** The store, its quota driver and hooks, opened and ready to serve. */
export interface GatewayStorage {
  store: WorkspaceStore;
  quota: QuotaDriver;
  hooks: CatalogHooks<CallContext>;
  close(): Promise<void>;
}

/** The store location the options name, or a usage error naming both ways to give one. */
export function storeLocationOf(options: StorageOptions): StoreLocation {
  if (options.database) return { url: options.database };
  if (options.dataDir) return { dataDir: options.dataDir };
  throw new GatewayError(
    GatewayErrorCode.USAGE,
    "no store given: pass --data DIR (embedded SQLite) or --database postgres://… (or set DATABASE_URL)",
  );
}

/** True when the location already holds a store (a SQLite file; a database always counts). */
export function storeExists(location: StoreLocation): boolean {
  return "url" in location || fs.existsSync(path.join(location.dataDir, SQLITE_FILE_NAME));
}

/** Refuses a PostgreSQL database that lacks a migration of the store or of the gateway's tables. */
async function refuseUnmigrated(store: WorkspaceStore): Promise<void> {
  const version = await schemaVersionOf(store);
  const pending = await pendingMigrations(store, [GATEWAY_SCHEMA]);
  if (version < SCHEMA_VERSION)
    throw new GatewayError(
      GatewayErrorCode.USAGE,
      `the database has schema version ${version} and this gateway needs ${SCHEMA_VERSION}; run: amicited-gateway migrate --database URL`,
    );
  if (pending.length > 0)
    throw new GatewayError(
      GatewayErrorCode.USAGE,
      `the database lacks the gateway's tables (migrations ${pending.join(", ")}); run: amicited-gateway migrate --database URL`,
    );
}

/**
 * Opens the store for serving. SQLite is migrated on the spot (one file, one owner); PostgreSQL
 * must have been migrated (`amicited-gateway migrate`), so instances never race a schema change.
 */
export async function openGatewayStorage(options: StorageOptions): Promise<GatewayStorage> {
  const location = storeLocationOf(options);
  const store = await openGatewayStore(location);
  let quotaFile: SqliteQuotaDriver | undefined;
  try {
    if ("dataDir" in location) await store.migrate();
    else await refuseUnmigrated(store);
    let quota: QuotaDriver;
    if (options.memoryQuota) quota = new MemoryQuotaDriver();
    else if ("dataDir" in location)
      quota = quotaFile = new SqliteQuotaDriver({
        file: path.join(location.dataDir, "quota.sqlite"),
      });
    else quota = new StoreQuotaDriver(store);
    return {
      store,
      quota,
      hooks: workspaceHooks(store, { maxOutboundPerWorkspace: options.maxOutboundPerWorkspace }),
      async close() {
        await quotaFile?.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
