// The gateway's core object: the store, the catalog with the twelve toolsets (plus upstream
// toolsets), the quota driver and the skill text. One per process; each MCP session (session.ts)
// reads from it. Transports (http.ts, stdio.ts) never touch the catalog directly.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { MemoryQuotaDriver, SqliteQuotaDriver, ToolCatalog } from "@foundry-mcp/tool-catalog";
import type { CallContext, QuotaDriver, SqliteDatabaseLike } from "@foundry-mcp/tool-catalog";
import { loadSkill } from "./skill";
import { openSqliteStore } from "../store/drivers/sqlite";
import type { WorkspaceStore } from "../store/workspace-store";
import { GATEWAY_TOOLSETS, buildGatewayTools } from "../tools";
import { GATEWAY_SEARCH_VOCABULARY } from "../search-vocabulary";

/** Options of createGateway. */
export interface GatewayOptions {
  /** Data directory holding the embedded store (and the quota counts). */
  dataDir: string;
  /** Tool calls per workspace per clock hour (default 1000). */
  hourlyCap?: number;
  /** Count calls in memory instead of in the data directory (tests, single process). */
  memoryQuota?: boolean;
}

/** What every session needs: the catalog and the store behind it. */
export interface Gateway {
  store: WorkspaceStore;
  catalog: ToolCatalog<CallContext>;
  hourlyCap: number;
  skill: string;
  close(): Promise<void>;
}

/** Default hourly cap per workspace. */
export const DEFAULT_HOURLY_CAP = 1000;

/**
 * Opens the store in `dataDir` and builds the catalog of built-in tools.
 * @example const gateway = await createGateway({ dataDir: "./data", hourlyCap: 600 });
 */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const store = openSqliteStore(options.dataDir);
  await store.migrate();
  let quotaDatabase: Database.Database | undefined;
  let quota: QuotaDriver;
  if (options.memoryQuota) {
    quota = new MemoryQuotaDriver();
  } else {
    quotaDatabase = new Database(path.join(options.dataDir, "quota.sqlite"));
    // better-sqlite3's Transaction type is narrower than the driver's structural one; same object.
    quota = new SqliteQuotaDriver({ database: quotaDatabase as unknown as SqliteDatabaseLike });
  }
  const hourlyCap = options.hourlyCap ?? DEFAULT_HOURLY_CAP;
  const catalog = new ToolCatalog<CallContext>({ quota, hourlyCap, search: { vocabulary: GATEWAY_SEARCH_VOCABULARY } });
  for (const toolset of GATEWAY_TOOLSETS) catalog.defineToolset(toolset);
  catalog.registerAll(buildGatewayTools(store));
  return {
    store,
    catalog,
    hourlyCap,
    skill: loadSkill(),
    async close() {
      await store.close();
      quotaDatabase?.close();
    },
  };
}

/** True when `dataDir` already holds an initialised store. */
export function hasStore(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "amicited.sqlite"));
}
