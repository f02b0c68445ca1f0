// Demo data for operations: uptime monitors with their checks, incidents, certificates and alert
// contacts; scheduled reports with their runs; past exports.
import { REGIONS } from "../domain/dimensions";
import { dayBefore } from "../domain/days";
import type { DomainSeed } from "./seed-types";
import type { SqlValue } from "@foundry-mcp/workspace-store";

type Row = Record<string, SqlValue>;

/** Monitors, 30 days of checks, incidents, certificates and contacts of one domain. */
export async function seedUptime(seed: DomainSeed): Promise<void> {
  const { store, random, domainId, asOf, hostname } = seed;
  const targets = [
    { name: "Home page", path: "/", kind: "http" },
    { name: "Checkout", path: "/checkout", kind: "http" },
    { name: "API health", path: "/api/health", kind: "keyword" },
    { name: "Search", path: "/search?q=test", kind: "http" },
    { name: "TLS", path: "/", kind: "ssl" },
  ];
  const checks: Row[] = [];
  const end = Date.parse(`${asOf}T23:00:00Z`);
  for (const [index, target] of targets.entries()) {
    const monitor = await store.run(
      "INSERT INTO uptime_monitors (domain_id, name, url, kind, interval_s, paused, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
      [
        domainId,
        target.name,
        `https://${hostname}${target.path}`,
        target.kind,
        [60, 300, 60, 600, 3600][index] ?? 300,
        index === 3 ? 1 : 0,
        dayBefore(asOf, 120),
      ],
    );
    const flaky = index === 1 ? 0.06 : 0.01;
    let outage = 0;
    for (let hour = 0; hour < 30 * 24; hour += 2) {
      const at = new Date(end - hour * 3_600_000).toISOString();
      if (outage === 0 && random.chance(flaky / 4)) {
        outage = random.int(1, 3);
        const resolved =
          hour === 0 ? null : new Date(end - (hour - outage * 2) * 3_600_000).toISOString();
        await store.run(
          "INSERT INTO uptime_incidents (monitor_id, domain_id, started_at, resolved_at, cause, severity, acknowledged) VALUES (?, ?, ?, ?, ?, ?, ?)",
          [
            monitor.lastInsertId,
            domainId,
            at,
            resolved,
            random.pick(["HTTP 503", "timeout", "HTTP 500", "DNS failure", "keyword missing"]),
            random.pick(["minor", "major", "critical"]),
            resolved ? 1 : 0,
          ],
        );
      }
      for (const region of REGIONS.slice(0, 2)) {
        const down = outage > 0 || random.chance(flaky / 3);
        checks.push({
          monitor_id: monitor.lastInsertId,
          domain_id: domainId,
          at,
          region,
          ok: down ? 0 : 1,
          status_code: down ? random.pick([500, 502, 503, 0]) : 200,
          response_ms: down ? 10_000 : random.int(90, 900) + (region === "eu-west" ? 60 : 0),
          error: down ? random.pick(["timeout", "HTTP 503", "connection reset"]) : null,
        });
      }
      if (outage > 0) outage--;
    }
  }
  await store.insertMany("uptime_checks", checks);
  await store.insertMany(
    "uptime_certificates",
    [hostname, `www.${hostname}`, `api.${hostname}`].map((host, index) => ({
      domain_id: domainId,
      hostname: host,
      issuer: random.pick(["Let's Encrypt R11", "Sectigo RSA", "Google Trust Services"]),
      valid_from: dayBefore(asOf, 60 + index * 20),
      expires_at: dayBefore(asOf, -[9, 45, 200][index]!),
      key_type: random.pick(["RSA 2048", "ECDSA P-256"]),
    })),
  );
  await store.insertMany("uptime_alert_contacts", [
    { domain_id: domainId, channel: "email", target: `ops@${hostname}`, active: 1 },
    { domain_id: domainId, channel: "slack", target: "#alerts", active: 1 },
    {
      domain_id: domainId,
      channel: "sms",
      target: "+1555010" + String(domainId).padStart(4, "0"),
      active: 0,
    },
  ]);
}

/** Scheduled reports with 12 weeks of runs, and past exports, of one domain. */
export async function seedReports(seed: DomainSeed): Promise<void> {
  const { store, random, domainId, asOf, hostname } = seed;
  const templates = [
    { name: "Weekly AI visibility", template: "ai_visibility", schedule: "weekly:mon" },
    { name: "Monthly ads performance", template: "ads_performance", schedule: "monthly:1" },
  ];
  const runs: Row[] = [];
  for (const [index, entry] of templates.entries()) {
    const report = await store.run(
      "INSERT INTO reports (domain_id, name, template, schedule, format, recipients, paused, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
      [
        domainId,
        entry.name,
        entry.template,
        entry.schedule,
        index ? "pdf" : "csv",
        `team@${hostname}`,
        0,
        dayBefore(asOf, 120),
      ],
    );
    for (let week = 0; week < 12; week++) {
      const failed = random.chance(0.1);
      runs.push({
        report_id: report.lastInsertId,
        domain_id: domainId,
        ran_at: `${dayBefore(asOf, week * 7)}T06:00:00.000Z`,
        status: failed ? "failed" : "sent",
        rows: failed ? 0 : random.int(40, 900),
        size_kb: failed ? 0 : random.int(12, 800),
        error: failed
          ? random.pick(["SMTP timeout", "recipient rejected", "data source unavailable"])
          : null,
      });
    }
  }
  await store.insertMany("report_runs", runs);
  await store.insertMany(
    "exports",
    Array.from({ length: 6 }, (_, index) => ({
      domain_id: domainId,
      dataset: random.pick(["gsc_daily", "eshop_orders", "uptime_checks", "prompt_runs"]),
      format: random.pick(["csv", "json"]),
      status: "ready",
      rows: random.int(100, 5000),
      created_at: `${dayBefore(asOf, index * 9 + 2)}T10:00:00.000Z`,
      content: null,
    })),
  );
}
