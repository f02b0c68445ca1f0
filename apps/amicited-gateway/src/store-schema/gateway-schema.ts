// The gateway's own tables in the workspace store, as a HostSchema the store applies after its
// tenancy tables: the tools' domain tables (domain-tables.ts) and the transport's MCP session rows
// (server/session-schema.ts). Versions are the gateway's own; `formerly` names the version each had
// in the store's combined list, so a database made before the split opens without re-running it
// (docs/decisions/0008-host-migrations.md). Add a migration at the end; never edit a shipped one.
import { openWorkspaceStore } from "@foundry-mcp/workspace-store";
import type { HostSchema, StoreLocation, WorkspaceStore } from "@foundry-mcp/workspace-store";
import { MCP_SESSION_STATEMENTS } from "../server/session-schema";
import { DOMAIN_STATEMENTS } from "./domain-tables";

/** The gateway's migrations, recorded in the store's `host_migrations` under "amicited-gateway". */
export const GATEWAY_SCHEMA: HostSchema = {
  owner: "amicited-gateway",
  migrations: [
    { version: 1, name: "domain tables of the tool areas", statements: DOMAIN_STATEMENTS, formerly: 1 },
    { version: 2, name: "MCP sessions and their SSE event log, shared by every instance", statements: MCP_SESSION_STATEMENTS, formerly: 4 },
  ],
};

/** Opens the workspace store at `location` with the gateway's tables (not migrated: call migrate()). */
export function openGatewayStore(location: StoreLocation): Promise<WorkspaceStore> {
  return openWorkspaceStore(location, { hostSchemas: [GATEWAY_SCHEMA] });
}
