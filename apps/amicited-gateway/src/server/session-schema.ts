// The MCP session rows and the SSE event log of resumable streams, in the store beside the
// workspace tables so that any instance serves any request (mcp-session-store.ts, stream-event-log.ts).
// Moved verbatim from workspace-store's migration 4 (issue 37): never edit a shipped statement.

/**
 * Gateway migration 2, formerly the store's migration 4 (the 2025-era sessions in the store, so
 * any instance serves any request): one row per MCP session (what its initialize said; times in epoch milliseconds), a one-row guard
 * that every session-opening transaction updates first, so that the caps are counted by one
 * opener at a time on every driver, and the SSE events of resumable streams (sessions.ts).
 */
export const MCP_SESSION_STATEMENTS: readonly string[] = [
  "CREATE TABLE IF NOT EXISTS mcp_sessions (id TEXT PRIMARY KEY, token_id INTEGER NOT NULL, toolsets TEXT, protocol_version TEXT NOT NULL, client_capabilities TEXT NOT NULL, client_info TEXT NOT NULL, created_at INTEGER NOT NULL, last_seen INTEGER NOT NULL)",
  "CREATE INDEX IF NOT EXISTS mcp_sessions_token ON mcp_sessions (token_id, last_seen)",
  "CREATE INDEX IF NOT EXISTS mcp_sessions_last_seen ON mcp_sessions (last_seen)",
  "CREATE TABLE IF NOT EXISTS mcp_session_guard (id INTEGER PRIMARY KEY, locked_at INTEGER NOT NULL)",
  "INSERT INTO mcp_session_guard (id, locked_at) VALUES (1, 0) ON CONFLICT (id) DO NOTHING",
  "CREATE TABLE IF NOT EXISTS mcp_stream_events (stream_id TEXT NOT NULL, seq INTEGER NOT NULL, session_id TEXT NOT NULL, message TEXT NOT NULL, is_final INTEGER NOT NULL, PRIMARY KEY (stream_id, seq))",
  "CREATE INDEX IF NOT EXISTS mcp_stream_events_session ON mcp_stream_events (session_id)",
];

/** Names of the session tables, for census and tests. */
export const SESSION_TABLE_NAMES: readonly string[] = ["mcp_sessions", "mcp_session_guard", "mcp_stream_events"];
