// reports tools about scheduled reports: templates, runs, recipients, previews and changes.
import { arg, defineTools, domainRowCount } from "../shared";
import { GatewayError, GatewayErrorCode } from "../../errors";
import { report, schedule, recipients, REPORT_TEMPLATES, nextRun } from "./common";

/** The reports toolset's tools about scheduled reports and their deliveries. */
export const reportsScheduledTools = defineTools("reports", (t, store) => [
  t.list({
    name: "reports_list",
    description:
      "List scheduled reports with template, schedule, format, recipients and whether paused.",
    sql: "SELECT id AS report_id, name, template, schedule, format, recipients, paused, created_at FROM reports WHERE domain_id = :domain_id ORDER BY id",
  }),
  t.read({
    name: "reports_get",
    description: "One scheduled report with its last run and next run time.",
    of: report,
    run: async (args, d, _window, r) => {
      return {
        ...r,
        last_run: await store.get(
          "SELECT ran_at, status, rows, error FROM report_runs WHERE report_id = ? ORDER BY ran_at DESC LIMIT 1",
          [r.id],
        ),
        next_run: r.paused ? null : nextRun(r.schedule, new Date()),
      };
    },
  }),
  t.list({
    name: "reports_list_runs",
    description: "Delivery history of one report: when it ran, whether it was sent, rows and size.",
    of: report,
    sql: "SELECT id AS run_id, ran_at, status, rows, size_kb, error FROM report_runs WHERE report_id = :report_id ORDER BY ran_at DESC",
  }),
  t.list({
    name: "reports_list_failed_runs",
    description: "Which report deliveries failed, and why?",
    sql: "SELECT r.name, x.ran_at, x.error FROM report_runs x JOIN reports r ON r.id = x.report_id WHERE x.domain_id = :domain_id AND x.status = 'failed' ORDER BY x.ran_at DESC",
  }),
  t.list({
    name: "reports_delivery_success_rate",
    description: "How reliable is each report's delivery? Share of runs sent per report.",
    sql: "SELECT r.id AS report_id, r.name, COUNT(x.id) AS runs, ROUND(CAST(AVG(CAST((x.status = 'sent') AS INTEGER)) AS NUMERIC), 3) AS success_rate FROM reports r LEFT JOIN report_runs x ON x.report_id = r.id WHERE r.domain_id = :domain_id GROUP BY r.id ORDER BY success_rate",
  }),
  t.list({
    name: "reports_run_size_trend",
    description: "Are reports growing? Rows and size of each run of one report over time.",
    of: report,
    sql: "SELECT substr(ran_at, 1, 10) AS day, rows, size_kb FROM report_runs WHERE report_id = :report_id AND status = 'sent' ORDER BY ran_at",
  }),
  t.read({
    name: "reports_list_templates",
    description: "Which report templates exist, and what does each summarise?",
    run: async () => ({
      templates: Object.entries(REPORT_TEMPLATES).map(([template, entry]) => ({
        template,
        title: entry.title,
      })),
    }),
  }),
  t.list({
    name: "reports_upcoming_runs",
    description: "When will each active report next be sent?",
    query: async (_args, d) => {
      const rows = await store.all<{ id: number; name: string; schedule: string }>(
        "SELECT id, name, schedule FROM reports WHERE domain_id = ? AND paused = 0",
        [d.id],
      );
      const now = new Date();
      const values = rows.map((row) => `(${row.id}, '${nextRun(row.schedule, now)}')`).join(", ");
      return rows.length
        ? [
            `WITH next(report_id, next_run) AS (VALUES ${values}) SELECT r.id AS report_id, r.name, r.schedule, n.next_run FROM reports r JOIN next n ON n.report_id = r.id ORDER BY n.next_run`,
            [],
          ]
        : ["SELECT id AS report_id, name, schedule, NULL AS next_run FROM reports WHERE 0", []];
    },
  }),
  t.list({
    name: "reports_list_recipients",
    description: "Who receives our reports? Every recipient and how many reports they get.",
    sql: (d) => `WITH RECURSIVE split(report_id, email, rest) AS (SELECT id, '', recipients || ',' FROM reports WHERE domain_id = :domain_id UNION ALL SELECT report_id, substr(rest, 1, ${d.position("rest", "','")} - 1), substr(rest, ${d.position("rest", "','")} + 1) FROM split WHERE rest <> '') SELECT email, COUNT(DISTINCT report_id) AS reports FROM split WHERE email <> '' GROUP BY email ORDER BY reports DESC, email`,
  }),
  t.read({
    name: "reports_preview",
    description:
      "Render a report template now on current data and return its content, without sending anything.",
    params: { template: arg.oneOf(Object.keys(REPORT_TEMPLATES), "Template.") },
    required: ["template"],
    run: async (args, d) => {
      const entry = REPORT_TEMPLATES[args.template]!;
      return {
        template: args.template,
        title: entry.title,
        content: await entry.render(store, d),
      };
    },
  }),
  t.act({
    name: "reports_create",
    kind: "write",
    description: "Schedule a new report. Checks the plan's reports-per-domain limit.",
    params: {
      name: arg.text("Report name.", 120),
      template: arg.oneOf(Object.keys(REPORT_TEMPLATES), "Template."),
      schedule,
      format: arg.oneOf(["pdf", "csv"], "Attachment format."),
      recipients,
    },
    required: ["name", "template", "schedule", "recipients"],
    planLimit: {
      key: "reports_per_domain",
      what: "scheduled reports per domain",
      count: (scope) => domainRowCount("reports")(scope.domainId),
    },
    run: async (args, d) => {
      const r = await store.run(
        "INSERT INTO reports (domain_id, name, template, schedule, format, recipients, paused, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?) RETURNING id",
        [
          d.id,
          args.name,
          args.template,
          args.schedule,
          args.format ?? "pdf",
          args.recipients.join(","),
          new Date().toISOString(),
        ],
      );
      return { report_id: r.lastInsertId, next_run: nextRun(args.schedule, new Date()) };
    },
  }),
  t.change({
    name: "reports_update_schedule",
    description: "Change when a report is sent.",
    row: report,
    column: "schedule",
    value: schedule,
  }),
  t.change({
    name: "reports_set_recipients",
    description: "Replace a report's recipient list.",
    row: report,
    column: "recipients",
    value: recipients,
    stored: (list) => list.join(","),
    answer: "value",
  }),
  t.mark({
    name: "reports_pause",
    description: "Pause a scheduled report.",
    row: report,
    column: "paused",
    to: true,
    answer: "value",
  }),
  t.mark({
    name: "reports_resume",
    description: "Resume a paused report.",
    row: report,
    column: "paused",
    to: false,
    answer: "value",
  }),
  t.remove({
    name: "reports_delete",
    description: "Delete a scheduled report and its delivery history.",
    row: report,
    dependents: ["report_runs"],
    answer: (r) => ({ deleted: r.name }),
  }),
  t.act({
    name: "reports_send_now",
    kind: "paid",
    cost: 2,
    description:
      "Render a scheduled report on current data and send it to its recipients now (recorded as a run).",
    of: report,
    run: async (args, d, _context, r) => {
      const entry = REPORT_TEMPLATES[r.template];
      if (!entry)
        throw new GatewayError(
          GatewayErrorCode.NOT_FOUND,
          `report ${r.id} uses unknown template ${r.template}; recreate it.`,
        );
      const content = await entry.render(store, d);
      const text = JSON.stringify(content);
      await store.run(
        "INSERT INTO report_runs (report_id, domain_id, ran_at, status, rows, size_kb, error) VALUES (?, ?, ?, 'sent', ?, ?, NULL)",
        [
          r.id,
          d.id,
          new Date().toISOString(),
          Object.keys(content).length,
          Math.ceil(text.length / 1024),
        ],
      );
      return { report: r.name, sent_to: r.recipients.split(","), content };
    },
  }),
]);
