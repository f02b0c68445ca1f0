// uptime tools about incidents, MTTR, SLA, TLS certificates, maintenance windows and alert contacts.
import { dialectSql } from "@foundry-mcp/workspace-store";
import { round, defineTools } from "../shared";
import { incident } from "./common";

/** The uptime toolset's tools about incidents, SLA, certificates, maintenance and contacts. */
export const uptimeIncidentTools = defineTools("uptime", (t, store) => {
  const dialect = dialectSql(store.dialect);
  return [
  t.list({
    name: "uptime_list_incidents",
    description:
      "Outages (incidents), newest first: monitor, start, end, cause, severity, acknowledged.",
    days: 30,
    sql: "SELECT i.id AS incident_id, m.name AS monitor, i.started_at, i.resolved_at, i.cause, i.severity, i.acknowledged FROM uptime_incidents i JOIN uptime_monitors m ON m.id = i.monitor_id WHERE i.domain_id = :domain_id AND i.started_at >= :since_at ORDER BY i.started_at DESC",
  }),
  t.list({
    name: "uptime_list_open_incidents",
    description: "Which outages are still going on (not resolved)?",
    sql: "SELECT i.id AS incident_id, m.name AS monitor, i.started_at, i.cause, i.severity, i.acknowledged FROM uptime_incidents i JOIN uptime_monitors m ON m.id = i.monitor_id WHERE i.domain_id = :domain_id AND i.resolved_at IS NULL ORDER BY i.started_at DESC",
  }),
  t.read({
    name: "uptime_get_incident",
    description: "One incident in full, with its duration and the failed checks during it.",
    of: incident,
    run: async (args, d, _window, i) => {
      const row = await store.get<Record<string, string | number | null>>(
        "SELECT i.*, m.name AS monitor, m.url FROM uptime_incidents i JOIN uptime_monitors m ON m.id = i.monitor_id WHERE i.id = ?",
        [i.id],
      );
      const end = row?.resolved_at ? String(row.resolved_at) : new Date().toISOString();
      return {
        ...row,
        duration_minutes: row
          ? Math.round((Date.parse(end) - Date.parse(String(row.started_at))) / 60000)
          : null,
        failed_checks:
          (
            await store.get<{ n: number }>(
              "SELECT COUNT(*) AS n FROM uptime_checks WHERE monitor_id = ? AND ok = 0 AND at >= ? AND at <= ?",
              [Number(row?.monitor_id), String(row?.started_at), end],
            )
          )?.n ?? 0,
      };
    },
  }),
  t.totals<{ n: number; mean: number; longest: number }>({
    name: "uptime_get_mttr",
    description:
      "How quickly do we recover from outages? Mean time to recovery and the longest outage over the window.",
    days: 30,
    sql: (d) => `SELECT COUNT(*) AS n, AVG(${d.secondsBetween("started_at", "resolved_at")}) / 60.0 AS mean, MAX(${d.secondsBetween("started_at", "resolved_at")}) / 60.0 AS longest FROM uptime_incidents WHERE domain_id = :domain_id AND resolved_at IS NOT NULL AND started_at >= :since_at`,
    answer: (r) => ({
      resolved_incidents: r?.n ?? 0,
      mean_minutes_to_recovery: round(r?.mean, 1),
      longest_outage_minutes: round(r?.longest, 1),
    }),
  }),
  t.list({
    name: "uptime_incidents_by_cause",
    description: "What causes our outages? Incidents and total downtime per cause.",
    days: 30,
    sql: (d) => `SELECT cause, COUNT(*) AS incidents, ROUND(CAST(SUM(${d.secondsBetween("started_at", "COALESCE(resolved_at, started_at)")}) / 60.0 AS NUMERIC)) AS downtime_minutes FROM uptime_incidents WHERE domain_id = :domain_id AND started_at >= :since_at GROUP BY cause ORDER BY incidents DESC, cause`,
  }),
  t.list({
    name: "uptime_incidents_by_monitor",
    description: "Which monitored URL breaks most often? Incidents per monitor.",
    days: 30,
    sql: "SELECT m.id AS monitor_id, m.name, COUNT(i.id) AS incidents FROM uptime_monitors m LEFT JOIN uptime_incidents i ON i.monitor_id = m.id AND i.started_at >= :since_at WHERE m.domain_id = :domain_id GROUP BY m.id ORDER BY incidents DESC",
  }),
  t.read({
    name: "uptime_get_sla_report",
    description:
      "Did we meet our SLA? Uptime per calendar month against a target percentage, with the downtime budget left.",
    params: {
      target_percent: {
        type: "number",
        minimum: 90,
        maximum: 100,
        default: 99.9,
        description: "SLA target.",
      },
    },
    run: async (args, d) => {
      const target = args.target_percent;
      const months = await store.all<{ month: string; uptime: number; checks: number }>(
        "SELECT substr(at, 1, 7) AS month, AVG(ok) * 100 AS uptime, COUNT(*) AS checks FROM uptime_checks WHERE domain_id = ? GROUP BY month ORDER BY month",
        [d.id],
      );
      return {
        target_percent: target,
        months: months.map((row) => ({
          month: row.month,
          uptime_percent: round(row.uptime, 3),
          met: row.uptime >= target,
          checks: row.checks,
        })),
      };
    },
  }),
  t.list({
    name: "uptime_list_certificates",
    description: "TLS certificates of the domain's hosts: issuer, validity and key type.",
    sql: "SELECT id AS certificate_id, hostname, issuer, valid_from, expires_at, key_type FROM uptime_certificates WHERE domain_id = :domain_id ORDER BY expires_at",
  }),
  t.list({
    name: "uptime_get_expiring_certificates",
    description:
      "Which SSL/TLS certificates expire soon? Certificates expiring within `within_days`, with days left.",
    params: {
      within_days: {
        type: "integer",
        minimum: 1,
        maximum: 365,
        default: 30,
        description: "Horizon in days.",
      },
    },
    query: (args, d) => [
      `SELECT hostname, issuer, expires_at, ${dialect.secondsBetween("?", "expires_at")} / 86400 AS days_left FROM uptime_certificates WHERE domain_id = ? AND ${dialect.secondsBetween("?", "expires_at")} <= 86400 * CAST(? AS INTEGER) ORDER BY expires_at, id`,
      [d.asOf, d.id, d.asOf, args.within_days],
    ],
  }),
  t.list({
    name: "uptime_list_maintenance_windows",
    description: "Scheduled maintenance windows (checks during them do not count as downtime).",
    sql: "SELECT id AS window_id, monitor_id, starts_at, ends_at, reason FROM uptime_maintenance WHERE domain_id = :domain_id ORDER BY starts_at DESC",
  }),
  t.list({
    name: "uptime_list_alert_contacts",
    description: "Who gets alerted when a monitor fails? Channels and targets.",
    sql: "SELECT id AS contact_id, channel, target, active FROM uptime_alert_contacts WHERE domain_id = :domain_id ORDER BY id",
  }),
];
});
