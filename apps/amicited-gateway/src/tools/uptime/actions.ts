// uptime tools that change things (write, destructive) or spend credits (paid).
import { arg, toolsetBuilder, countOf, domainRowCount } from "../shared";
import type { GatewayTool } from "../shared";
import { GatewayError, GatewayErrorCode } from "../../errors";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { monitorId, incidentId, uptimeCommon } from "./common";

/** The uptime toolset's tools about changes to monitors and incidents, and on-demand checks. */
export function uptimeActionTools(store: WorkspaceStore): GatewayTool[] {
  const t = toolsetBuilder("uptime", store);
  const { monitor, incident } = uptimeCommon(store);
  const setPaused = (name: string, description: string, paused: number): GatewayTool =>
    t.act({
      name,
      kind: "write",
      description,
      params: { monitor_id: monitorId },
      required: ["monitor_id"],
      run: async (args, d) => {
        const m = await monitor(args.monitor_id, d);
        await store.run("UPDATE uptime_monitors SET paused = ? WHERE id = ?", [paused, m.id]);
        return { monitor_id: m.id, paused: paused === 1 };
      },
    });
  return [
    t.act({
      name: "uptime_create_monitor",
      kind: "write",
      description:
        "Start monitoring a URL of this domain. Checks the plan's monitor limit and minimum interval.",
      params: {
        name: arg.text("Monitor name.", 80),
        url: { type: "string", format: "uri", description: "URL to check." },
        kind: arg.oneOf(["http", "keyword", "ssl"], "Check type."),
        interval_s: {
          type: "integer",
          minimum: 30,
          maximum: 86400,
          default: 300,
          description: "Seconds between checks.",
        },
      },
      required: ["name", "url"],
      planLimit: {
        key: "monitors_per_domain",
        what: "monitors per domain",
        count: (scope) => domainRowCount("uptime_monitors")(scope.domainId),
      },
      run: async (args, d) => {
        const interval = args.interval_s;
        if (interval < d.limits.min_check_interval_s)
          throw new GatewayError(
            GatewayErrorCode.PLAN_LIMIT,
            `interval_s ${interval} is below plan "${d.plan}"'s minimum of ${d.limits.min_check_interval_s}; use a longer interval or upgrade.`,
          );
        const r = await store.run(
          "INSERT INTO uptime_monitors (domain_id, name, url, kind, interval_s, paused, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)",
          [d.id, args.name, args.url, args.kind ?? "http", interval, new Date().toISOString()],
        );
        return {
          monitor_id: r.lastInsertId,
          monitors_now: await countOf(store, domainRowCount("uptime_monitors")(d.id)),
          allowed: d.limits.monitors_per_domain,
        };
      },
    }),
    t.act({
      name: "uptime_set_check_interval",
      kind: "write",
      description:
        "Change how often a monitor checks. The plan sets the shortest interval allowed.",
      params: {
        monitor_id: monitorId,
        interval_s: {
          type: "integer",
          minimum: 30,
          maximum: 86400,
          description: "Seconds between checks.",
        },
      },
      required: ["monitor_id", "interval_s"],
      run: async (args, d) => {
        const m = await monitor(args.monitor_id, d);
        const interval = args.interval_s;
        if (interval < d.limits.min_check_interval_s)
          throw new GatewayError(
            GatewayErrorCode.PLAN_LIMIT,
            `interval_s ${interval} is below plan "${d.plan}"'s minimum of ${d.limits.min_check_interval_s}; use a longer interval or upgrade.`,
          );
        await store.run("UPDATE uptime_monitors SET interval_s = ? WHERE id = ?", [interval, m.id]);
        return { monitor_id: m.id, from: m.interval_s, to: interval };
      },
    }),
    setPaused(
      "uptime_pause_monitor",
      "Pause a monitor (no checks, no alerts) e.g. during a migration.",
      1,
    ),
    setPaused("uptime_resume_monitor", "Resume a paused monitor.", 0),
    t.act({
      name: "uptime_acknowledge_incident",
      kind: "write",
      description:
        "Acknowledge an incident so the on-call rotation stops escalating, with an optional note.",
      params: { incident_id: incidentId, note: arg.text("What is being done.", 500) },
      required: ["incident_id"],
      run: async (args, d) => {
        const i = await incident(args.incident_id, d);
        await store.run(
          "UPDATE uptime_incidents SET acknowledged = 1, note = COALESCE(?, note) WHERE id = ?",
          [args.note === undefined ? null : args.note, i.id],
        );
        return { incident_id: i.id, acknowledged: true };
      },
    }),
    t.act({
      name: "uptime_resolve_incident",
      kind: "write",
      description: "Close an open incident now, with a root-cause note.",
      params: { incident_id: incidentId, note: arg.text("Root cause.", 500) },
      required: ["incident_id"],
      run: async (args, d) => {
        const i = await incident(args.incident_id, d);
        if (i.resolved_at)
          throw new GatewayError(
            GatewayErrorCode.CONFLICT,
            `incident ${i.id} was resolved at ${i.resolved_at}.`,
          );
        const now = new Date().toISOString();
        await store.run(
          "UPDATE uptime_incidents SET resolved_at = ?, acknowledged = 1, note = COALESCE(?, note) WHERE id = ?",
          [now, args.note === undefined ? null : args.note, i.id],
        );
        return { incident_id: i.id, resolved_at: now };
      },
    }),
    t.act({
      name: "uptime_schedule_maintenance",
      kind: "write",
      description: "Schedule a maintenance window for the domain or one monitor.",
      params: {
        starts_at: { type: "string", format: "date-time", description: "Start (ISO 8601)." },
        ends_at: { type: "string", format: "date-time", description: "End (ISO 8601)." },
        reason: arg.text("Why.", 200),
        monitor_id: monitorId,
      },
      required: ["starts_at", "ends_at", "reason"],
      run: async (args, d) => {
        if (Date.parse(args.ends_at) <= Date.parse(args.starts_at))
          throw new GatewayError(
            GatewayErrorCode.INVALID_ARGUMENT,
            "ends_at must be after starts_at.",
          );
        if (args.monitor_id) await monitor(args.monitor_id, d);
        const r = await store.run(
          "INSERT INTO uptime_maintenance (domain_id, monitor_id, starts_at, ends_at, reason) VALUES (?, ?, ?, ?, ?)",
          [
            d.id,
            args.monitor_id ? args.monitor_id : null,
            args.starts_at,
            args.ends_at,
            args.reason,
          ],
        );
        return { window_id: r.lastInsertId };
      },
    }),
    t.act({
      name: "uptime_add_alert_contact",
      kind: "write",
      description: "Add someone to alert when a monitor fails (e-mail, Slack channel, SMS).",
      params: {
        channel: arg.oneOf(["email", "slack", "sms"], "Channel."),
        target: arg.text("Address, channel name or phone number.", 120),
      },
      required: ["channel", "target"],
      run: async (args, d) => {
        const r = await store.run(
          "INSERT INTO uptime_alert_contacts (domain_id, channel, target, active) VALUES (?, ?, ?, 1)",
          [d.id, args.channel, args.target],
        );
        return { contact_id: r.lastInsertId };
      },
    }),
    t.act({
      name: "uptime_delete_monitor",
      kind: "destructive",
      description: "Delete a monitor with its whole check and incident history.",
      params: { monitor_id: monitorId },
      required: ["monitor_id"],
      run: async (args, d) => {
        const m = await monitor(args.monitor_id, d);
        const r = await store.batch([
          { sql: "DELETE FROM uptime_checks WHERE monitor_id = ?", params: [m.id] },
          { sql: "DELETE FROM uptime_incidents WHERE monitor_id = ?", params: [m.id] },
          { sql: "DELETE FROM uptime_monitors WHERE id = ?", params: [m.id] },
        ]);
        return { deleted: m.name, checks_deleted: r[0]?.changes ?? 0 };
      },
    }),
    t.act({
      name: "uptime_run_check_now",
      kind: "paid",
      cost: 1,
      description:
        "Check one monitor's URL right now with a real HTTP request (5 s timeout) and record the result.",
      params: { monitor_id: monitorId },
      required: ["monitor_id"],
      run: async (args, d) => {
        const m = await monitor(args.monitor_id, d);
        const started = Date.now();
        let ok = 0;
        let status = 0;
        let error: string | null = null;
        try {
          const response = await fetch(m.url, {
            method: "GET",
            redirect: "follow",
            signal: AbortSignal.timeout(5000),
          });
          status = response.status;
          ok = response.ok ? 1 : 0;
          if (!response.ok) error = `HTTP ${response.status}`;
          await response.body?.cancel();
        } catch (cause) {
          error =
            (cause as Error & { cause?: { code?: string } }).cause?.code ?? (cause as Error).name;
        }
        const elapsed = Date.now() - started;
        const at = new Date().toISOString();
        await store.run(
          "INSERT INTO uptime_checks (monitor_id, domain_id, at, region, ok, status_code, response_ms, error) VALUES (?, ?, ?, 'on-demand', ?, ?, ?, ?)",
          [m.id, d.id, at, ok, status, elapsed, error],
        );
        return {
          monitor: m.name,
          url: m.url,
          at,
          up: ok === 1,
          status_code: status,
          response_ms: elapsed,
          error,
        };
      },
    }),
  ];
}
