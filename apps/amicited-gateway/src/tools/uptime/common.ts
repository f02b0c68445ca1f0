// Constants and lookups shared by the uptime tool files (see ../uptime.ts).
import { arg, requireRow, startOfDay } from "../shared";
import type { DomainScope } from "../shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** Schema of a monitor_id argument. */
export const monitorId = arg.id("Monitor (from uptime_list_monitors)");
/** Schema of an incident_id argument. */
export const incidentId = arg.id("Incident (from uptime_list_incidents)");
/** The first instant of an ISO day, for timestamp comparisons. */
export const sinceTime = startOfDay;
/** Lookups and factories shared by the uptime tool files. */
export function uptimeCommon(store: WorkspaceStore) {
  const monitor = (id: number, d: DomainScope) =>
    requireRow<{ id: number; name: string; url: string; paused: number; interval_s: number }>(
      store,
      ["SELECT * FROM uptime_monitors WHERE id = ? AND domain_id = ?", [id, d.id]],
      `monitor ${id}`,
      "list ids with uptime_list_monitors",
    );
  const incident = (id: number, d: DomainScope) =>
    requireRow<{
      id: number;
      resolved_at: string | null;
      acknowledged: number;
      note: string | null;
    }>(
      store,
      ["SELECT * FROM uptime_incidents WHERE id = ? AND domain_id = ?", [id, d.id]],
      `incident ${id}`,
      "list ids with uptime_list_incidents",
    );
  return { monitor, incident };
}
