// Constants and owned rows shared by the uptime tool files (see ../uptime.ts).
import { startOfDay } from "../shared";
import { ownedRow } from "../owned-rows";

/** A monitor. */
export const monitor = ownedRow<{
  id: number;
  name: string;
  url: string;
  paused: number;
  interval_s: number;
}>({
  param: "monitor_id",
  what: "monitor",
  table: "uptime_monitors",
  listedBy: "uptime_list_monitors",
});
/** An incident. */
export const incident = ownedRow<{
  id: number;
  resolved_at: string | null;
  acknowledged: number;
  note: string | null;
}>({
  param: "incident_id",
  what: "incident",
  table: "uptime_incidents",
  listedBy: "uptime_list_incidents",
});
/** The first instant of an ISO day, for timestamp comparisons. */
export const sinceTime = startOfDay;
