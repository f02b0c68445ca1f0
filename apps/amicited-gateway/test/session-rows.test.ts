// The gateway's MCP session rows and SSE event log (src/server/mcp-session-store.ts,
// stream-event-log.ts) on both store drivers: SQLite in a temporary folder and a throwaway
// PostgreSQL cluster (tooling/postgres-cluster.mjs; without PostgreSQL it skips with a loud
// printed reason on a developer's machine and fails in CI). These ran in workspace-store's
// conformance files until the rows moved to the transport that uses them (issue 37).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPostgresStore, openSqliteStore } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { afterAll, beforeAll } from "vitest";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { GATEWAY_SCHEMA } from "../src/store-schema/gateway-schema";
import { mcpSessionConformance, sessionIsolationConformance } from "./support/session-conformance";

const dirs = new Map<WorkspaceStore, string>();
const openSqlite = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-session-rows-"));
  const store = await openSqliteStore({ dataDir: dir, hostSchemas: [GATEWAY_SCHEMA] });
  dirs.set(store, dir);
  return store;
};
const disposeSqlite = async (store: WorkspaceStore) => {
  await store.close();
  fs.rmSync(dirs.get(store)!, { recursive: true, force: true });
};
mcpSessionConformance("sqlite", openSqlite, disposeSqlite);
sessionIsolationConformance("sqlite", openSqlite, disposeSqlite);

let cluster: PostgresCluster;
let databases = 0;
const gate = postgresGate();
beforeAll(async () => {
  if (gate.run) cluster = await startPostgres();
});
afterAll(() => cluster?.stop());
if (gate.run) {
  const openPostgres = () => openPostgresStore({ url: cluster.createDatabase(`session_rows_${(databases += 1)}`), hostSchemas: [GATEWAY_SCHEMA] });
  const disposePostgres = (store: WorkspaceStore) => store.close();
  mcpSessionConformance("postgres", openPostgres, disposePostgres);
  sessionIsolationConformance("postgres", openPostgres, disposePostgres);
}
