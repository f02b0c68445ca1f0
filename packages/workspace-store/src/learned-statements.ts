// The learned requests' statements (learned-requests.ts), compiled once per dialect (query/statement.ts).
import { sql, type ExpressionBuilder } from "kysely";
import { defineStatement, type DefinedStatement, type StatementContext } from "./query/statement";
import type { StoreTables } from "./query/tables";

/** One learned request (`workspace_id`, `tool`, `request`, `request_key`, `learned_at`, `chosen_rank`). */
export const insertLearnedRequest = defineStatement((q) =>
  q.db.insertInto("learned_requests").values({
    workspace_id: q.param("workspace_id"),
    tool: q.param("tool"),
    request: q.param("request"),
    request_key: q.param("request_key"),
    learned_at: q.param("learned_at"),
    chosen_rank: q.param<number | null>("chosen_rank"),
  }),
);

/** At most `limit` rows with an id above `after`, oldest first. */
export const learnedRequestsAfter = defineStatement((q) =>
  q.db
    .selectFrom("learned_requests")
    .select(["id", "workspace_id", "tool", "request", "learned_at"])
    .where("id", ">", q.param<number>("after"))
    .orderBy("id")
    .limit(q.param<number>("limit")),
);

/** Sets one row's request and its key (a stored request cleaned of what looks like a secret: learned-requests.ts' scrub). */
export const rewriteLearnedRequest = defineStatement((q) =>
  q.db.updateTable("learned_requests").set({ request: q.param("request"), request_key: q.param("request_key") }).where("id", "=", q.param<number>("id")),
);

/**
 * At most `limit` rows with an id above `after`, oldest first (`id`, `request`: learned-key.ts'
 * fill, which runs right after the ALTER, when no row has a key). Read by the primary key alone:
 * with `request_key IS NULL` beside it PostgreSQL, with no statistics on the new column, scanned
 * and sorted the whole table for each page.
 */
export const learnedRequestTextsAfter = defineStatement((q) =>
  q.db
    .selectFrom("learned_requests")
    .select(["id", "request"])
    .where("id", ">", q.param<number>("after"))
    .orderBy("id")
    .limit(q.param<number>("limit")),
);

// A page's UPDATE for each number of rows (a fill uses two: its full pages' and its last).
const keysOfRows = new Map<number, DefinedStatement<unknown>>();

/**
 * Sets the keys of `rows` rows in one statement (`id0`, `key0`, `id1`, `key1`, …, and `after` and
 * `last`, the ids the page lies between): an `UPDATE … FROM (VALUES …)` both databases take
 * (SQLite since 3.33), whose rows' columns are `column1` and `column2` on both. The id is cast,
 * since PostgreSQL reads an untyped VALUES parameter as text. The id range lets PostgreSQL read
 * the page's rows by the primary key: without it, it joined every page to a scan of the whole
 * table, so the fill's time grew with the square of the rows.
 */
export function setLearnedRequestKeys(rows: number): DefinedStatement<unknown> {
  let statement = keysOfRows.get(rows);
  if (statement === undefined)
    keysOfRows.set(
      rows,
      (statement = defineStatement((q) => {
        const pairs = Array.from({ length: rows }, (_, index) => sql`(cast(${q.param<number>(`id${index}`)} as bigint), ${q.param(`key${index}`)})`);
        return q.db
          .updateTable("learned_requests")
          .from(sql<{ column1: number; column2: string }>`(values ${sql.join(pairs)})`.as("keyed"))
          .set({ request_key: sql<string>`keyed.column2` })
          .where(sql<boolean>`learned_requests.id = keyed.column1`)
          .where("learned_requests.id", ">", q.param<number>("after"))
          .where("learned_requests.id", "<=", q.param<number>("last"));
      })),
    );
  return statement;
}

/** Drops one row by its id, without counting a forget (a stored request with nothing left to learn). */
export const deleteLearnedRequestRow = defineStatement((q) => q.db.deleteFrom("learned_requests").where("id", "=", q.param<number>("id")));

/**
 * Drops every row older than the newest `keep` (`skip` is keep - 1: the subquery finds the
 * oldest row kept; with fewer rows it finds none, and nothing goes): the bound of a pooled log.
 */
export const deleteLearnedRequestsBeyond = defineStatement((q) =>
  q.db.deleteFrom("learned_requests").where("id", "<", (eb) =>
    eb.selectFrom("learned_requests").select("id").orderBy("id", "desc").limit(1).offset(q.param<number>("skip")),
  ),
);

/**
 * Drops each workspace's rows older than its newest `keep` (a pooled log's share per workspace):
 * a row goes when `keep` or more of its workspace's rows are newer (row_number over the workspace's rows, newest first: a window
 * function, in SQLite since 3.25; the better-sqlite3 versions the package accepts bundle 3.53 and
 * newer, node:sqlite newer than 3.25 too). It reads every row once (SQLite through the covering
 * workspace index, PostgreSQL a scan and a sort): 10 to 25 ms at 25,000 rows, run at most once a
 * minute, so no index of its own.
 */
export const deleteLearnedRequestsBeyondPerWorkspace = defineStatement((q) =>
  q.db.deleteFrom("learned_requests").where("id", "in", (eb) =>
    eb
      .selectFrom((inner) =>
        inner
          .selectFrom("learned_requests")
          .select((row) => ["id", row.fn.agg<number>("row_number").over((over) => over.partitionBy("workspace_id").orderBy("id", "desc")).as("newest_first")])
          .as("ranked"),
      )
      .select("ranked.id")
      .where("ranked.newest_first", ">", q.param<number>("keep")),
  ),
);

/**
 * Keeps what tool-catalog keeps of these rows learned in id order, each workspace a tenant
 * (decision 0057), and deletes every other row: of each request (workspace, tool, `request_key`)
 * its newest row, the catalog's "said again" (a row with no key, written by an earlier version,
 * counts alone); of those, each workspace's tool's newest `keep_per_tool` (its `maxPerTool`); of
 * those, each workspace's newest `keep_per_workspace` (`maxPerTenant`); and of those, the first
 * `keep` (`maxTotal`) ranked by place from their workspace's newest, then by id, newer first (core's
 * fairShareCounts). The first step is a GROUP BY with its own window over the groups, each later
 * one a window over what the one before left (common table expressions); the rows not kept are
 * every row EXCEPT the kept. Four sorts of the rows at most (no index of its own: it runs at most
 * once a minute, and an index on the key saved a tenth of its time on SQLite).
 */
export const deleteLearnedRequestsBeyondCatalogBounds = defineStatement((q) =>
  q.db
    .with("requests", (db) =>
      db
        .selectFrom("learned_requests")
        .select((row) => [
          row.fn.max("id").as("id"),
          "workspace_id",
          row.fn
            .agg<number>("row_number")
            .over((over) => over.partitionBy(["workspace_id", "tool"]).orderBy(row.fn.max("id"), "desc"))
            .as("tool_place"),
        ])
        .groupBy(["workspace_id", "tool", "request_key", sql`case when request_key is null then id end`]),
    )
    .with("placed", (db) =>
      db
        .selectFrom("requests")
        .select((row) => ["id", row.fn.agg<number>("row_number").over((over) => over.partitionBy("workspace_id").orderBy("id", "desc")).as("place")])
        .where("tool_place", "<=", q.param<number>("keep_per_tool")),
    )
    .with("kept", (db) =>
      db
        .selectFrom((ranking) =>
          ranking
            .selectFrom("placed")
            .select((row) => ["id", "place", row.fn.agg<number>("row_number").over((over) => over.orderBy("place", "asc").orderBy("id", "desc")).as("fair_rank")])
            .as("ranked"),
        )
        .select("ranked.id")
        .where("ranked.place", "<=", q.param<number>("keep_per_workspace"))
        .where("ranked.fair_rank", "<=", q.param<number>("keep")),
    )
    .deleteFrom("learned_requests")
    .where("id", "in", (eb) => eb.selectFrom("learned_requests").select("id").except(eb.selectFrom("kept").select("id"))),
);

/** The columns an operator's selection of learned requests may name (learned-requests.ts' LearnedRequestSelection). */
export type LearnedSelectionColumn = "id" | "workspace_id" | "tool";

// A selection's statements differ only in which columns they compare: one statement per kind and
// set of columns, compiled once per dialect like every other (at most 5 kinds × 8 sets).
const bySelection = new Map<string, DefinedStatement<unknown>>();

function selectionStatement<Row>(kind: string, columns: readonly LearnedSelectionColumn[], build: (columns: readonly LearnedSelectionColumn[]) => DefinedStatement<Row>): DefinedStatement<Row> {
  const key = `${kind}:${[...columns].sort().join(",")}`;
  let statement = bySelection.get(key) as DefinedStatement<Row> | undefined;
  if (statement === undefined) bySelection.set(key, (statement = build(columns)));
  return statement;
}

// `learned_requests.<column> = :<column>` for each column, joined with AND (nothing when none).
const matching =
  (q: StatementContext<StoreTables>, columns: readonly LearnedSelectionColumn[]) =>
  (eb: ExpressionBuilder<StoreTables, "learned_requests">) =>
    eb.and(columns.map((column) => eb(`learned_requests.${column}`, "=", column === "id" ? q.param<number>(column) : q.param(column))));

/** The rows matching `columns`, newest first, with their workspace's name; `limit` and `offset` cut the page. */
export const learnedRequestsPage = (columns: readonly LearnedSelectionColumn[]) =>
  selectionStatement("page", columns, () =>
    defineStatement((q) =>
      q.db
        .selectFrom("learned_requests")
        .innerJoin("workspaces", "workspaces.id", "learned_requests.workspace_id")
        .select(["learned_requests.id", "learned_requests.workspace_id", "workspaces.name as workspace_name", "learned_requests.tool", "learned_requests.request", "learned_requests.learned_at"])
        .$if(columns.length > 0, (query) => query.where(matching(q, columns)))
        .orderBy("learned_requests.id", "desc")
        .limit(q.param<number>("limit"))
        .offset(q.param<number>("offset")),
    ),
  );

/** How many rows match `columns` (`n`). */
export const learnedRequestsCount = (columns: readonly LearnedSelectionColumn[]) =>
  selectionStatement("count", columns, () =>
    defineStatement((q) =>
      q.db
        .selectFrom("learned_requests")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .$if(columns.length > 0, (query) => query.where(matching(q, columns))),
    ),
  );

/** Rows per tool among those matching `columns`, most first (then by name), at most `limit` tools. */
export const learnedRequestsPerTool = (columns: readonly LearnedSelectionColumn[]) =>
  selectionStatement("per-tool", columns, () =>
    defineStatement((q) =>
      q.db
        .selectFrom("learned_requests")
        .select((eb) => ["tool", eb.fn.countAll<number>().as("n")])
        .$if(columns.length > 0, (query) => query.where(matching(q, columns)))
        .groupBy("tool")
        .orderBy("n", "desc")
        .orderBy("tool")
        .limit(q.param<number>("limit")),
    ),
  );

/** Drops the rows matching `columns` (every row when none). */
export const deleteLearnedRequests = (columns: readonly LearnedSelectionColumn[]) =>
  selectionStatement("delete", columns, () =>
    defineStatement((q) => q.db.deleteFrom("learned_requests").$if(columns.length > 0, (query) => query.where(matching(q, columns)))),
  );
