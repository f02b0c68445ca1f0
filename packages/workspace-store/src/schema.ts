// The store's own tables: tenancy (workspaces, members, domains: the isolation guard's join),
// credentials, plan and credits, daily usage, the call log, the dashboard's admin tokens and the
// requests tool search learned (the OAuth tables are in oauth-schema.ts). A host's tables (the gateway's domain data, its MCP
// sessions) are not here: the host hands its migrations to openWorkspaceStore (host-schema.ts).
// Days are ISO dates (YYYY-MM-DD); instants are ISO timestamps. Written once with Kysely's schema
// builder (query/ddl.ts) and compiled per dialect; migrations.ts orders it. A shipped statement is
// never edited: test/fixtures/text-ddl.*.sql in the gateway pins what it creates.
import { sql } from "kysely";
import { OAUTH_TABLE_NAMES } from "./oauth-schema";
import { queryBuilderFor } from "./query/builder";
import { createTables, notNull, type SchemaStatement, type TableDefinition } from "./query/ddl";
import type { StoreTables } from "./query/tables";

const tables: Record<string, TableDefinition> = {
  // workspace: accounts, credentials, plan, credits, usage
  workspaces: (table, ddl) =>
    table
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("name", "text", (column) => column.notNull().unique())
      .addColumn("plan", "text", notNull)
      .addColumn("credits", ddl.integer, notNull)
      .addColumn("data_as_of", "text", notNull)
      .addColumn("created_at", "text", notNull),
  api_tokens: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("workspace_id", "text", (column) => column.notNull().references("workspaces.id"))
      .addColumn("token_hash", "text", (column) => column.notNull().unique())
      .addColumn("scope", "text", notNull)
      .addColumn("label", "text", notNull)
      .addColumn("created_at", "text", notNull)
      .addColumn("revoked_at", "text"),
  members: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("workspace_id", "text", (column) => column.notNull().references("workspaces.id"))
      .addColumn("email", "text", notNull)
      .addColumn("name", "text", notNull)
      .addColumn("role", "text", notNull)
      .addColumn("invited_at", "text", notNull)
      .addColumn("last_active_at", "text"),
  credit_ledger: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("workspace_id", "text", (column) => column.notNull().references("workspaces.id"))
      .addColumn("at", "text", notNull)
      .addColumn("tool", "text", notNull)
      .addColumn("amount", ddl.integer, notNull)
      .addColumn("balance_after", ddl.integer, notNull),
  usage_daily: (table, ddl) =>
    table
      .addColumn("workspace_id", "text", (column) => column.notNull().references("workspaces.id"))
      .addColumn("day", "text", notNull)
      .addColumn("tool_calls", ddl.integer, notNull)
      .addColumn("api_reads", ddl.integer, notNull)
      .addColumn("api_writes", ddl.integer, notNull)
      .addPrimaryKeyConstraint("usage_daily_pkey", ["workspace_id", "day"]),
  domains: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, ddl.generatedId)
      .addColumn("workspace_id", "text", (column) => column.notNull().references("workspaces.id"))
      .addColumn("hostname", "text", notNull)
      .addColumn("label", "text", notNull)
      .addColumn("country", "text", notNull)
      .addColumn("vertical", "text", notNull)
      .addColumn("created_at", "text", notNull)
      .addColumn("archived", ddl.integer, (column) => column.notNull().defaultTo(0)),
};

/** Migration 1 (the store's part of the first schema): its tables and indexes, in dependency order. */
export const SCHEMA_STATEMENTS: readonly SchemaStatement[] = [
  ...createTables(tables),
  (ddl) => ddl.createIndex("domains_workspace").on("domains").columns(["workspace_id"]),
];

/**
 * Migration 3 (the gateway's dashboard): one row per tool call (workspace, tool, kind, outcome
 * code, latency; pruned by age, usage.ts), the admin tokens that sign in to /ui (hashed like API
 * tokens), and when each API token was last used.
 */
export const DASHBOARD_STATEMENTS: readonly SchemaStatement[] = [
  ...createTables({
    call_events: (table, ddl) =>
      table
        .addColumn("id", ddl.integer, ddl.generatedId)
        .addColumn("workspace_id", "text", notNull)
        .addColumn("at", "text", notNull)
        .addColumn("tool", "text", notNull)
        .addColumn("kind", "text")
        .addColumn("outcome", "text", notNull)
        .addColumn("latency_ms", ddl.integer, notNull),
  }),
  (ddl) => ddl.createIndex("call_events_workspace_at").on("call_events").columns(["workspace_id", "at"]),
  (ddl) => ddl.createIndex("call_events_at").on("call_events").columns(["at"]),
  ...createTables({
    admin_tokens: (table, ddl) =>
      table
        .addColumn("id", ddl.integer, ddl.generatedId)
        .addColumn("token_hash", "text", (column) => column.notNull().unique())
        .addColumn("created_at", "text", notNull)
        .addColumn("revoked_at", "text"),
  }),
  (ddl) => ddl.schema.alterTable("api_tokens").addColumn("last_used_at", "text"),
];

/**
 * Migration 6 (tool search learns its users' words, decision 0055): each request an agent searched
 * with and the tool it then chose, per workspace, oldest first by id; the newest rows kept
 * (learned-requests.ts). Deleting a workspace's row deletes its requests.
 */
export const LEARNED_REQUESTS_STATEMENTS: readonly SchemaStatement[] = [
  ...createTables({
    learned_requests: (table, ddl) =>
      table
        .addColumn("id", ddl.integer, ddl.generatedId)
        .addColumn("workspace_id", "text", (column) => column.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("tool", "text", notNull)
        .addColumn("request", "text", notNull)
        .addColumn("learned_at", "text", notNull),
  }),
  (ddl) => ddl.createIndex("learned_requests_workspace").on("learned_requests").columns(["workspace_id"]),
];

/**
 * Migration 7 (an operator's forget reaches running instances): one row (`id` 1) counting the
 * forgets of learned requests. A forget deletes rows and adds one here in the same transaction;
 * each instance reads the count at every poll (one primary-key read) and, when it moved, learns
 * the rows still stored again from nothing (learned-requests.ts). A counter updated in place, not
 * an id: PostgreSQL numbers rows before they commit, so a highest id read can miss a forget that
 * commits late, while a count another transaction changes is only ever seen committed.
 */
export const LEARNED_REQUEST_FORGETS_STATEMENTS: readonly SchemaStatement[] = createTables({
  learned_request_forgets: (table, ddl) =>
    table
      .addColumn("id", ddl.integer, (column) => column.primaryKey())
      .addColumn("forgets", ddl.integer, notNull)
      .addColumn("last_forgot_at", "text", notNull),
});

/**
 * Migration 8 (search quality in use, kept): the rank the chosen tool had in the search_tools
 * answer a learned request came from (1 = the first hit of the first page), so the store can say
 * per day how often agents took the first hit, one of the top 3 or one of the first page, across
 * every instance and restarts (learned-requests.ts' choiceRanksPerDay). NULL for rows written before.
 */
export const LEARNED_REQUEST_RANK_STATEMENTS: readonly SchemaStatement[] = [
  (ddl) => ddl.schema.alterTable("learned_requests").addColumn("chosen_rank", ddl.integer),
];

/**
 * Migration 9 (a forget wins over requests still queued, issue 32, session 32): what each recent
 * forget named (a workspace, a tool, a row id; NULL where it did not narrow, all NULL for "all")
 * under its generation, the value the forget set the counter of migration 7 to, in the same
 * transaction. A batch of learned requests is written in a transaction that reads these first and
 * leaves out each request that a forget newer than the request's own generation names
 * (learned-fence.ts); the newest 1,000 are kept. The counter's row is made here, so a batch always
 * has a row to lock (PostgreSQL's FOR UPDATE locks nothing when there is no row).
 */
export const LEARNED_REQUEST_FORGET_SELECTIONS_STATEMENTS: readonly SchemaStatement[] = [
  ...createTables({
    learned_request_forget_selections: (table, ddl) =>
      table
        .addColumn("generation", ddl.integer, (column) => column.primaryKey())
        .addColumn("workspace_id", "text")
        .addColumn("tool", "text")
        .addColumn("row_id", ddl.integer)
        .addColumn("forgot_at", "text", notNull),
  }),
  (ddl) =>
    queryBuilderFor<StoreTables>(ddl.dialect)
      .insertInto("learned_request_forgets")
      .values({ id: 1, forgets: 0, last_forgot_at: "" })
      .onConflict((conflict) => conflict.column("id").doNothing()),
];

/**
 * Migration 10 (the store keeps what the catalog keeps, sessions 35 and 36, decision 0057): each
 * row's `request_key`, the text tool-catalog compares when it learns the row (learned-key.ts:
 * spacing folded, case lowered by JavaScript's Unicode rules, which neither database's lower()
 * follows), so the prune counts a request said again once. The writer fills it, and the migration
 * fills the rows before it (migrations.ts); a row an instance of an earlier version writes after
 * it has none and counts alone, as every row did before.
 */
export const LEARNED_REQUEST_KEY_STATEMENTS: readonly SchemaStatement[] = [(ddl) => ddl.schema.alterTable("learned_requests").addColumn("request_key", "text")];

/**
 * Migration 10's choices per workspace and UTC day (`learned_choices_daily`: how many, how many
 * took the first hit, one of the top 3, one of the first page of 10), which choiceRanksPerDay
 * counted from the rows until the prune came to delete most of them: the writer adds each batch's
 * ranked requests in its transaction (choice-ranks.ts), the prune drops days past the 90 a look
 * back may reach, and a workspace's days go with it (foreign key, ON DELETE CASCADE, as its rows).
 * Filled here from the ranked rows already there, in one statement, counted as choiceRanksPerDay
 * did at schema 9 (a shipped statement: written out, not shared with choice-ranks.ts).
 *
 * The table and its fill run after the key fill (`statementsAfterFill`): the
 * foreign key locks `workspaces` until the migration commits (on PostgreSQL, SHARE ROW EXCLUSIVE:
 * instances still serving wait to charge credits or create a workspace), so it is taken last, for
 * the milliseconds of the counts' fill rather than the seconds of the keys' (review, session 36:
 * a credit charge waited 1.3 s of a 1.4 s migration at 100,000 rows, 47 ms after). Only the rows
 * of workspaces still there are counted: a row left by a workspace deleted by hand with foreign
 * keys off (SQLite's shell default) would fail the foreign key and stop the migration.
 */
export const LEARNED_CHOICE_COUNT_STATEMENTS: readonly SchemaStatement[] = [
  ...createTables({
    learned_choices_daily: (table, ddl) =>
      table
        .addColumn("workspace_id", "text", (column) => column.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("day", "text", notNull)
        .addColumn("choices", ddl.integer, notNull)
        .addColumn("first", ddl.integer, notNull)
        .addColumn("top3", ddl.integer, notNull)
        .addColumn("first_page", ddl.integer, notNull)
        .addPrimaryKeyConstraint("learned_choices_daily_pkey", ["workspace_id", "day"]),
  }),
  (ddl) => {
    const day = sql<string>`substr(learned_at, 1, 10)`;
    const upTo = (most: 1 | 3 | 10) => sql<number>`SUM(CASE WHEN chosen_rank <= ${sql.lit(most)} THEN 1 ELSE 0 END)`;
    const db = queryBuilderFor<StoreTables>(ddl.dialect);
    return db
      .insertInto("learned_choices_daily")
      .columns(["workspace_id", "day", "choices", "first", "top3", "first_page"])
      .expression(
        db
          .selectFrom("learned_requests")
          .select((eb) => ["workspace_id", day.as("day"), eb.fn.countAll<number>().as("choices"), upTo(1).as("first"), upTo(3).as("top3"), upTo(10).as("first_page")])
          .where("chosen_rank", "is not", null)
          .where("workspace_id", "in", db.selectFrom("workspaces").select("id"))
          .groupBy(["workspace_id", day]),
      );
  },
];

/** Names of the store's own tables (a host's tables are the host's to list). */
export const TABLE_NAMES: readonly string[] = [
  ...Object.keys(tables),
  "call_events",
  "admin_tokens",
  "quota_usage",
  ...OAUTH_TABLE_NAMES,
  "learned_requests",
  "learned_request_forgets",
  "learned_request_forget_selections",
  "learned_choices_daily",
];
