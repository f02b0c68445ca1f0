// Constants and lookups shared by the gsc tool files (see ../gsc.ts).
import type { DialectSql } from "@foundry-mcp/workspace-store";
import { arg } from "../shared";
import { COUNTRIES, DEVICES } from "../../domain/dimensions";

/** SQL of the click-through rate over the grouped rows. */
export const ctrOf = (d: DialectSql) =>
  `ROUND(CAST(SUM(clicks) * 1.0 / ${d.greatest("SUM(impressions)", "1")} AS NUMERIC), 4)`;
/** SQL of the impression-weighted position over the grouped rows. */
export const positionOf = (d: DialectSql) =>
  `ROUND(CAST(SUM(position * impressions) / ${d.greatest("SUM(impressions)", "1")} AS NUMERIC), 1)`;
/** SQL select list of clicks, impressions, CTR and impression-weighted position. */
export const metrics = (d: DialectSql) =>
  `SUM(clicks) AS clicks, SUM(impressions) AS impressions, ${ctrOf(d)} AS ctr, ${positionOf(d)} AS position`;
/** The dimensions Search Console rows can be grouped by. */
export const dimensions = ["query", "page", "country", "device", "day"] as const;
/** Optional country and device filter arguments. */
export const filters = {
  country: arg.oneOf(COUNTRIES, "Only this country."),
  device: arg.oneOf(DEVICES, "Only this device."),
};

/** The condition (named SQL) of the domain, the window and the optional country/device filters. */
export const filtered =
  "domain_id = :domain_id AND day BETWEEN :since AND :until[ AND country = :country][ AND device = :device]";

/**
 * Named SQL: per `dimension` of `table` (which has `day` and `clicks`), clicks in this window and
 * in the one before, those that grew (DESC) or shrank (ASC) first. Bing's keywords use it too.
 */
export const clicksChange = (table: string, dimension: string, direction: "DESC" | "ASC") =>
  `SELECT ${dimension}, SUM(CASE WHEN day >= :since THEN clicks ELSE 0 END) AS clicks_now, SUM(CASE WHEN day < :since THEN clicks ELSE 0 END) AS clicks_before, SUM(CASE WHEN day >= :since THEN clicks ELSE -clicks END) AS change FROM ${table} WHERE domain_id = :domain_id AND day BETWEEN :previous_since AND :until GROUP BY ${dimension} HAVING SUM(CASE WHEN day >= :since THEN clicks ELSE -clicks END) ${direction === "DESC" ? ">" : "<"} 0 ORDER BY change ${direction}, ${dimension}`;
