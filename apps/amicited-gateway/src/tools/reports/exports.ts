// reports tools about one-off data exports and their monthly quota.
import { arg, countOf, requireRow, round, defineTools } from "../shared";
import type { Query } from "../shared";
import { exportRow, DATASETS, MAX_EXPORT_ROWS } from "./common";

/** The reports toolset's tools about data exports. */
export const reportsExportTools = defineTools("reports", (t, store) => {
  const exportsThisMonth = (workspaceId: string): Query => [
    "SELECT COUNT(*) AS n FROM exports e JOIN domains x ON x.id = e.domain_id WHERE x.workspace_id = ? AND e.created_at >= ?",
    [workspaceId, `${new Date().toISOString().slice(0, 7)}-01`],
  ];
  return [
    t.list({
      name: "reports_list_exports",
      description: "Past data exports: dataset, format, status, rows and date.",
      sql: "SELECT id AS export_id, dataset, format, status, rows, created_at FROM exports WHERE domain_id = :domain_id ORDER BY created_at DESC",
    }),
    t.read({
      name: "reports_get_export",
      description:
        "Download an export's content (CSV or JSON text), when it was made through reports_create_export.",
      params: { export_id: exportRow.schema },
      required: ["export_id"],
      run: async (args, d) => {
        const e = await requireRow<Record<string, unknown>>(
          store,
          [
            "SELECT id AS export_id, dataset, format, rows, created_at, content FROM exports WHERE id = ? AND domain_id = ?",
            [args.export_id, d.id],
          ],
          `export ${args.export_id}`,
          "list ids with reports_list_exports",
        );
        return e.content === null
          ? { ...e, content: null, note: "this export's file has expired; create a new one" }
          : e;
      },
    }),
    t.read({
      name: "reports_get_export_quota",
      description: "How many exports can the workspace still make this month under its plan?",
      run: async (_args, d) => {
        const used = await countOf(store, exportsThisMonth(d.workspaceId));
        return {
          plan: d.plan,
          exports_per_month: d.limits.exports_per_month,
          used_this_month: used,
          left: Math.max(0, d.limits.exports_per_month - used),
        };
      },
    }),
    t.act({
      name: "reports_create_export",
      kind: "write",
      description: `Export a dataset (at most ${MAX_EXPORT_ROWS} newest rows) as CSV or JSON. Counts against the plan's monthly export limit.`,
      params: {
        dataset: arg.oneOf(Object.keys(DATASETS), "What to export."),
        format: arg.oneOf(["csv", "json"], "File format."),
      },
      required: ["dataset", "format"],
      planLimit: {
        key: "exports_per_month",
        what: "exports per month",
        count: (scope) => exportsThisMonth(scope.workspaceId),
      },
      run: async (args, d) => {
        const rows = await store.all(`${DATASETS[args.dataset]} LIMIT ${MAX_EXPORT_ROWS}`, [d.id]);
        const columns = Object.keys(rows[0] ?? {});
        const content =
          args.format === "json"
            ? JSON.stringify(rows)
            : [
                columns.join(","),
                ...rows.map((row) =>
                  columns.map((column) => JSON.stringify(row[column] ?? "")).join(","),
                ),
              ].join("\n");
        const r = await store.run(
          "INSERT INTO exports (domain_id, dataset, format, status, rows, created_at, content) VALUES (?, ?, ?, 'ready', ?, ?, ?) RETURNING id",
          [d.id, args.dataset, args.format, rows.length, new Date().toISOString(), content],
        );
        return {
          export_id: r.lastInsertId,
          rows: rows.length,
          size_kb: round(content.length / 1024, 1),
          fetch_with: "reports_get_export",
        };
      },
    }),
    t.remove({
      name: "reports_delete_export",
      description: "Delete an export and its file.",
      row: exportRow,
      answer: (e) => ({ deleted: e.id, dataset: e.dataset }),
    }),
  ];
});
