// Toolset "uptime": monitors, checks (every two hours from two regions), incidents, TLS
// certificates, maintenance windows and alert contacts. uptime_run_check_now makes a real HTTP
// request to the monitor's URL and records what happened.
// The tools live in ./uptime/ by responsibility; this file assembles the toolset.
import { uptimeStatusTools } from "./uptime/status";
import { uptimeIncidentTools } from "./uptime/incidents";
import { uptimeActionTools } from "./uptime/actions";
import type { GatewayTool } from "./shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The uptime toolset's tools. */
export function uptimeTools(store: WorkspaceStore): GatewayTool[] {
  return [...uptimeStatusTools(store), ...uptimeIncidentTools(store), ...uptimeActionTools(store)];
}
