// uptime tools about status: is the site down, uptime percentages, response times and raw checks.
import { arg, round, defineTools, windowOf } from "../shared";
import { REGIONS } from "../../domain/dimensions";
import { monitor, sinceTime } from "./common";

/** The uptime toolset's tools about current status, uptime, response times and checks. */
export const uptimeStatusTools = defineTools("uptime", (t, store) => [
  t.read({
    name: "uptime_is_site_down",
    description:
      "Is the site down right now? The latest check of every active monitor from each region: up or down, status code, response time, and any open incident.",
    run: async (_args, d) => {
      const latest = await store.all<{
        monitor: string;
        region: string;
        ok: number;
        status_code: number;
        response_ms: number;
        at: string;
        error: string | null;
      }>(
        "SELECT m.name AS monitor, c.region, c.ok, c.status_code, c.response_ms, c.at, c.error FROM uptime_checks c JOIN uptime_monitors m ON m.id = c.monitor_id WHERE c.domain_id = ? AND m.paused = 0 AND c.at = (SELECT MAX(x.at) FROM uptime_checks x WHERE x.monitor_id = c.monitor_id AND x.region = c.region) ORDER BY m.id, c.region",
        [d.id],
      );
      const open = await store.all(
        "SELECT i.id AS incident_id, m.name AS monitor, i.started_at, i.cause, i.severity FROM uptime_incidents i JOIN uptime_monitors m ON m.id = i.monitor_id WHERE i.domain_id = ? AND i.resolved_at IS NULL",
        [d.id],
      );
      const down = latest.filter((row) => !row.ok);
      return {
        status:
          down.length === 0 ? "up" : down.length === latest.length ? "down" : "partially down",
        down: down.map((row) => ({
          monitor: row.monitor,
          region: row.region,
          error: row.error,
          status_code: row.status_code,
          at: row.at,
        })),
        checks: latest.length,
        open_incidents: open,
      };
    },
  }),
  t.list({
    name: "uptime_list_monitors",
    description:
      "List uptime monitors with URL, type (http, keyword, ssl), check interval and whether paused.",
    sql: "SELECT id AS monitor_id, name, url, kind, interval_s, paused, created_at FROM uptime_monitors WHERE domain_id = :domain_id ORDER BY id",
  }),
  t.read({
    name: "uptime_get_monitor",
    description: "One monitor with its last check and uptime over the last 7 and 30 days.",
    of: monitor,
    run: async (args, d, _window, m) => {
      const pct = async (days: number) =>
        round(
          (
            await store.get<{ u: number }>(
              "SELECT AVG(ok) * 100 AS u FROM uptime_checks WHERE monitor_id = ? AND at >= ?",
              [m.id, sinceTime(windowOf(d, { days }).since)],
            )
          )?.u,
          3,
        );
      return {
        ...m,
        last_check: await store.get(
          "SELECT at, region, ok, status_code, response_ms FROM uptime_checks WHERE monitor_id = ? ORDER BY at DESC, id DESC LIMIT 1",
          [m.id],
        ),
        uptime_7_days: await pct(7),
        uptime_30_days: await pct(30),
      };
    },
  }),
  t.list({
    name: "uptime_get_uptime_percentage",
    description: "Uptime percentage per monitor over the window (share of successful checks).",
    days: 30,
    sql: "SELECT m.id AS monitor_id, m.name, ROUND(CAST(AVG(c.ok) * 100 AS NUMERIC), 3) AS uptime_percent, COUNT(*) AS checks, SUM(1 - c.ok) AS failed_checks FROM uptime_checks c JOIN uptime_monitors m ON m.id = c.monitor_id WHERE c.domain_id = :domain_id AND c.at >= :since_at GROUP BY m.id ORDER BY uptime_percent",
  }),
  t.list({
    name: "uptime_get_uptime_by_region",
    description: "Is the site reachable from everywhere? Uptime per checking region.",
    days: 30,
    sql: "SELECT region, ROUND(CAST(AVG(ok) * 100 AS NUMERIC), 3) AS uptime_percent, COUNT(*) AS checks FROM uptime_checks WHERE domain_id = :domain_id AND at >= :since_at GROUP BY region ORDER BY uptime_percent",
  }),
  t.list({
    name: "uptime_get_daily_uptime",
    description: "Uptime of one monitor day by day.",
    days: 30,
    of: monitor,
    sql: "SELECT substr(at, 1, 10) AS day, ROUND(CAST(AVG(ok) * 100 AS NUMERIC), 2) AS uptime_percent, SUM(1 - ok) AS failed_checks FROM uptime_checks WHERE monitor_id = :monitor_id AND at >= :since_at GROUP BY day ORDER BY day",
  }),
  t.list({
    name: "uptime_get_response_time_stats",
    description:
      "How fast does each monitored URL answer? Average, fastest and slowest response time of successful checks.",
    days: 7,
    sql: "SELECT m.id AS monitor_id, m.name, ROUND(CAST(AVG(c.response_ms) AS NUMERIC)) AS average_ms, MIN(c.response_ms) AS fastest_ms, MAX(c.response_ms) AS slowest_ms FROM uptime_checks c JOIN uptime_monitors m ON m.id = c.monitor_id WHERE c.domain_id = :domain_id AND c.ok = 1 AND c.at >= :since_at GROUP BY m.id ORDER BY average_ms DESC, m.id",
  }),
  t.list({
    name: "uptime_get_response_time_trend",
    description: "Is one monitor getting slower? Average response time per day.",
    days: 30,
    of: monitor,
    sql: "SELECT substr(at, 1, 10) AS day, ROUND(CAST(AVG(response_ms) AS NUMERIC)) AS average_ms FROM uptime_checks WHERE monitor_id = :monitor_id AND ok = 1 AND at >= :since_at GROUP BY day ORDER BY day",
  }),
  t.list({
    name: "uptime_get_response_time_by_region",
    description: "Is the site slower from some regions? Average response time per region.",
    days: 7,
    sql: "SELECT region, ROUND(CAST(AVG(response_ms) AS NUMERIC)) AS average_ms, COUNT(*) AS checks FROM uptime_checks WHERE domain_id = :domain_id AND ok = 1 AND at >= :since_at GROUP BY region ORDER BY average_ms DESC",
  }),
  t.list({
    name: "uptime_list_checks",
    description:
      "Raw check results of one monitor, newest first (time, region, up/down, status, response time, error).",
    of: monitor,
    params: { region: arg.oneOf(REGIONS, "Only this region.") },
    sql: "SELECT id AS check_id, at, region, ok, status_code, response_ms, error FROM uptime_checks WHERE monitor_id = :monitor_id[ AND region = :region] ORDER BY at DESC, id DESC",
  }),
  t.list({
    name: "uptime_list_failed_checks",
    description: "Every failed check across monitors in the window, newest first.",
    days: 7,
    sql: "SELECT c.at, m.name AS monitor, c.region, c.status_code, c.error FROM uptime_checks c JOIN uptime_monitors m ON m.id = c.monitor_id WHERE c.domain_id = :domain_id AND c.ok = 0 AND c.at >= :since_at ORDER BY c.at DESC, c.id DESC",
  }),
  t.list({
    name: "uptime_get_error_breakdown",
    description: "Why do checks fail? Failed checks per error (timeout, 503, connection reset).",
    days: 30,
    sql: "SELECT error, COUNT(*) AS failed_checks FROM uptime_checks WHERE domain_id = :domain_id AND ok = 0 AND at >= :since_at GROUP BY error ORDER BY failed_checks DESC",
  }),
  t.list({
    name: "uptime_get_status_code_breakdown",
    description: "Which HTTP status codes do our monitors receive, and how often?",
    days: 30,
    sql: "SELECT status_code, COUNT(*) AS checks FROM uptime_checks WHERE domain_id = :domain_id AND at >= :since_at GROUP BY status_code ORDER BY checks DESC",
  }),
  t.list({
    name: "uptime_get_slowest_checks",
    description: "The slowest successful responses recorded, to find performance spikes.",
    days: 7,
    sql: "SELECT c.at, m.name AS monitor, c.region, c.response_ms FROM uptime_checks c JOIN uptime_monitors m ON m.id = c.monitor_id WHERE c.domain_id = :domain_id AND c.ok = 1 AND c.at >= :since_at ORDER BY c.response_ms DESC, c.id",
  }),
]);
