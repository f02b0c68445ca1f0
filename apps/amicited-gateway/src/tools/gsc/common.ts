// Constants and lookups shared by the gsc tool files (see ../gsc.ts).
import { arg } from "../shared";
import type { DomainScope, SomeArgs } from "../shared";
import { COUNTRIES, DEVICES } from "../../domain/dimensions";
import type { SqlValue } from "@foundry-mcp/workspace-store";

/** SQL select list of clicks, impressions, CTR and impression-weighted position. */
export const metrics =
  "SUM(clicks) AS clicks, SUM(impressions) AS impressions, ROUND(SUM(clicks) * 1.0 / MAX(SUM(impressions), 1), 4) AS ctr, ROUND(SUM(position * impressions) / MAX(SUM(impressions), 1), 1) AS position";
/** The dimensions Search Console rows can be grouped by. */
export const dimensions = ["query", "page", "country", "device", "day"] as const;
/** Optional country and device filter arguments. */
export const filters = {
  country: arg.oneOf(COUNTRIES, "Only this country."),
  device: arg.oneOf(DEVICES, "Only this device."),
};

/** The WHERE clause and parameters for a domain, a window and the country/device filters. */
export function where(
  d: DomainScope,
  args: SomeArgs,
  since: string,
  until: string,
): [string, SqlValue[]] {
  let sql = "domain_id = ? AND day BETWEEN ? AND ?";
  const params: SqlValue[] = [d.id, since, until];
  if (typeof args.country === "string") {
    sql += " AND country = ?";
    params.push(args.country);
  }
  if (typeof args.device === "string") {
    sql += " AND device = ?";
    params.push(args.device);
  }
  return [sql, params];
}
