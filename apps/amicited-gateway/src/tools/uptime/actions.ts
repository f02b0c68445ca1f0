// uptime tools that change things (write, destructive) or spend credits (paid).
import { arg, defineTools, countOf, domainRowCount } from "../shared";
import type { DomainScope } from "../shared";
import { GatewayError, GatewayErrorCode } from "../../errors";
import { incident, monitor } from "./common";

/** The uptime toolset's tools about changes to monitors and incidents, and on-demand checks. */
export const uptimeActionTools = defineTools("uptime", (t, store) => {
  // The plan sets the shortest interval between checks.
  const allowedInterval = (interval: number, d: DomainScope) => {
    if (interval < d.limits.min_check_interval_s)
      throw new GatewayError(
        GatewayErrorCode.PLAN_LIMIT,
        `interval_s ${interval} is below plan "${d.plan}"'s minimum of ${d.limits.min_check_interval_s}; use a longer interval or upgrade.`,
      );
  };
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
        allowedInterval(interval, d);
        const r = await store.run(
          "INSERT INTO uptime_monitors (domain_id, name, url, kind, interval_s, paused, created_at) VALUES (?, ?, ?, ?, ?, 0, ?) RETURNING id",
          [d.id, args.name, args.url, args.kind ?? "http", interval, new Date().toISOString()],
        );
        return {
          monitor_id: r.lastInsertId,
          monitors_now: await countOf(store, domainRowCount("uptime_monitors")(d.id)),
          allowed: d.limits.monitors_per_domain,
        };
      },
    }),
    t.change({
      name: "uptime_set_check_interval",
      description:
        "Change how often a monitor checks. The plan sets the shortest interval allowed.",
      row: monitor,
      column: "interval_s",
      value: {
        type: "integer",
        minimum: 30,
        maximum: 86400,
        description: "Seconds between checks.",
      },
      check: (_m, interval, d) => allowedInterval(interval, d),
    }),
    t.mark({
      name: "uptime_pause_monitor",
      description: "Pause a monitor (no checks, no alerts) e.g. during a migration.",
      row: monitor,
      column: "paused",
      to: true,
      answer: "value",
    }),
    t.mark({
      name: "uptime_resume_monitor",
      description: "Resume a paused monitor.",
      row: monitor,
      column: "paused",
      to: false,
      answer: "value",
    }),
    t.act({
      name: "uptime_acknowledge_incident",
      kind: "write",
      description:
        "Acknowledge an incident so the on-call rotation stops escalating, with an optional note.",
      of: incident,
      params: { note: arg.text("What is being done.", 500) },
      run: async (args, d, _context, i) => {
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
      of: incident,
      params: { note: arg.text("Root cause.", 500) },
      run: async (args, d, _context, i) => {
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
        monitor_id: monitor.schema,
      },
      required: ["starts_at", "ends_at", "reason"],
      run: async (args, d) => {
        if (Date.parse(args.ends_at) <= Date.parse(args.starts_at))
          throw new GatewayError(
            GatewayErrorCode.INVALID_ARGUMENTS,
            "ends_at must be after starts_at.",
          );
        if (args.monitor_id) await monitor.find(store, args.monitor_id, d);
        const r = await store.run(
          "INSERT INTO uptime_maintenance (domain_id, monitor_id, starts_at, ends_at, reason) VALUES (?, ?, ?, ?, ?) RETURNING id",
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
          "INSERT INTO uptime_alert_contacts (domain_id, channel, target, active) VALUES (?, ?, ?, 1) RETURNING id",
          [d.id, args.channel, args.target],
        );
        return { contact_id: r.lastInsertId };
      },
    }),
    t.remove({
      name: "uptime_delete_monitor",
      description: "Delete a monitor with its whole check and incident history.",
      row: monitor,
      dependents: ["uptime_checks", "uptime_incidents"],
      answer: (m, deleted) => ({ deleted: m.name, checks_deleted: deleted[0] ?? 0 }),
    }),
    t.act({
      name: "uptime_run_check_now",
      kind: "paid",
      cost: 1,
      // The fetch may take its whole 5 s: never inside the credit transaction (issue 39, T2).
      outbound: true,
      description:
        "Check one monitor's URL right now with a real HTTP request (5 s timeout) and record the result.",
      of: monitor,
      run: async (args, d, _context, m) => {
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
});
