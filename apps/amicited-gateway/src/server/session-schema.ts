// The MCP session rows and the SSE event log of resumable streams, in the store beside the
// workspace tables so that any instance serves any request (mcp-session-store.ts, stream-event-log.ts).
// Moved from workspace-store's migration 4 (issue 37), written with Kysely's schema builder and
// compiled per dialect: never edit a shipped statement (test/fixtures/text-ddl.*.sql pins them).
import { createTables, notNull, queryBuilderFor, type SchemaStatement } from "@foundry-mcp/workspace-store";
import type { ServerTables } from "./store-statements";

const [sessions, guard, streamEvents] = createTables({
  mcp_sessions: (table, ddl) =>
    table
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("token_id", ddl.integer, notNull)
      .addColumn("toolsets", "text")
      .addColumn("protocol_version", "text", notNull)
      .addColumn("client_capabilities", "text", notNull)
      .addColumn("client_info", "text", notNull)
      .addColumn("created_at", ddl.integer, notNull)
      .addColumn("last_seen", ddl.integer, notNull),
  mcp_session_guard: (table, ddl) =>
    table.addColumn("id", ddl.integer, (column) => column.primaryKey()).addColumn("locked_at", ddl.integer, notNull),
  mcp_stream_events: (table, ddl) =>
    table
      .addColumn("stream_id", "text", notNull)
      .addColumn("seq", ddl.integer, notNull)
      .addColumn("session_id", "text", notNull)
      .addColumn("message", "text", notNull)
      .addColumn("is_final", ddl.integer, notNull)
      .addPrimaryKeyConstraint("mcp_stream_events_pkey", ["stream_id", "seq"]),
}) as [SchemaStatement, SchemaStatement, SchemaStatement];

/**
 * Gateway migration 2, formerly the store's migration 4 (the 2025-era sessions in the store, so
 * any instance serves any request): one row per MCP session (what its initialize said; times in epoch milliseconds), a one-row guard
 * that every session-opening transaction updates first, so that the caps are counted by one
 * opener at a time on every driver, and the SSE events of resumable streams (sessions.ts).
 */
export const MCP_SESSION_STATEMENTS: readonly SchemaStatement[] = [
  sessions,
  (ddl) => ddl.createIndex("mcp_sessions_token").on("mcp_sessions").columns(["token_id", "last_seen"]),
  (ddl) => ddl.createIndex("mcp_sessions_last_seen").on("mcp_sessions").columns(["last_seen"]),
  guard,
  // The guard's one row (data, not schema): the dialect's builder writes it like any statement.
  (ddl) =>
    queryBuilderFor<ServerTables>(ddl.dialect)
      .insertInto("mcp_session_guard")
      .values({ id: 1, locked_at: 0 })
      .onConflict((conflict) => conflict.column("id").doNothing()),
  streamEvents,
  (ddl) => ddl.createIndex("mcp_stream_events_session").on("mcp_stream_events").columns(["session_id"]),
];

/** Names of the session tables, for census and tests. */
export const SESSION_TABLE_NAMES: readonly string[] = ["mcp_sessions", "mcp_session_guard", "mcp_stream_events"];
