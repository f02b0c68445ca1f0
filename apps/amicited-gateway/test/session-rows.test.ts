// The gateway's MCP session rows and SSE event log (src/server/mcp-session-store.ts,
// stream-event-log.ts) on both store drivers: SQLite in a temporary folder and a throwaway
// PostgreSQL cluster (tooling/postgres-cluster.mjs; without PostgreSQL it skips with a loud
// printed reason on a developer's machine and fails in CI). These ran in workspace-store's
// conformance files until the rows moved to the transport that uses them (issue 37).
import { openPostgresStore, openSqliteStore } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { beforeAll } from "vitest";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { GATEWAY_SCHEMA } from "../src/store-schema/gateway-schema";
import { trackResources } from "./support/gateway-process";
import { mcpSessionConformance, sessionIsolationConformance } from "./support/session-conformance";

// The suites open a store before each test and dispose of it after (close); the tracker removes
// the test's SQLite folder after that, and stops the PostgreSQL cluster after the file.
const perTest = trackResources("each");
const perFile = trackResources("all");
const closeStore = (store: WorkspaceStore) => store.close();
const openSqlite = () => openSqliteStore({ dataDir: perTest.directory("gateway-session-rows-"), hostSchemas: [GATEWAY_SCHEMA] });
mcpSessionConformance("sqlite", openSqlite, closeStore);
sessionIsolationConformance("sqlite", openSqlite, closeStore);

let cluster: PostgresCluster;
let databases = 0;
const gate = postgresGate();
beforeAll(async () => {
  if (!gate.run) return;
  cluster = await startPostgres();
  perFile.defer(() => cluster.stop());
});
if (gate.run) {
  const openPostgres = () => openPostgresStore({ url: cluster.createDatabase(`session_rows_${(databases += 1)}`), hostSchemas: [GATEWAY_SCHEMA] });
  mcpSessionConformance("postgres", openPostgres, closeStore);
  sessionIsolationConformance("postgres", openPostgres, closeStore);
}
