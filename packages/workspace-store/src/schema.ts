// The store's own tables: tenancy (workspaces, members, domains: the isolation guard's join),
// credentials, plan and credits, daily usage, the call log and the dashboard's admin tokens (the
// OAuth tables are in oauth-schema.ts). A host's tables (the gateway's domain data, its MCP
// sessions) are not here: the host hands its migrations to openWorkspaceStore (host-schema.ts).
// Days are ISO dates (YYYY-MM-DD); instants are ISO timestamps. Written in the SQLite dialect;
// migrations.ts orders it and the postgres driver translates the types.

import { OAUTH_TABLE_NAMES } from "./oauth-schema";

const tables: Record<string, string> = {
  // workspace: accounts, credentials, plan, credits, usage
  workspaces: `id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, plan TEXT NOT NULL, credits INTEGER NOT NULL, data_as_of TEXT NOT NULL, created_at TEXT NOT NULL`,
  api_tokens: `id INTEGER PRIMARY KEY AUTOINCREMENT, workspace_id TEXT NOT NULL REFERENCES workspaces(id), token_hash TEXT NOT NULL UNIQUE, scope TEXT NOT NULL, label TEXT NOT NULL, created_at TEXT NOT NULL, revoked_at TEXT`,
  members: `id INTEGER PRIMARY KEY AUTOINCREMENT, workspace_id TEXT NOT NULL REFERENCES workspaces(id), email TEXT NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL, invited_at TEXT NOT NULL, last_active_at TEXT`,
  credit_ledger: `id INTEGER PRIMARY KEY AUTOINCREMENT, workspace_id TEXT NOT NULL REFERENCES workspaces(id), at TEXT NOT NULL, tool TEXT NOT NULL, amount INTEGER NOT NULL, balance_after INTEGER NOT NULL`,
  usage_daily: `workspace_id TEXT NOT NULL REFERENCES workspaces(id), day TEXT NOT NULL, tool_calls INTEGER NOT NULL, api_reads INTEGER NOT NULL, api_writes INTEGER NOT NULL, PRIMARY KEY (workspace_id, day)`,
  domains: `id INTEGER PRIMARY KEY AUTOINCREMENT, workspace_id TEXT NOT NULL REFERENCES workspaces(id), hostname TEXT NOT NULL, label TEXT NOT NULL, country TEXT NOT NULL, vertical TEXT NOT NULL, created_at TEXT NOT NULL, archived INTEGER NOT NULL DEFAULT 0`,
};

const indexes = ["CREATE INDEX IF NOT EXISTS domains_workspace ON domains (workspace_id)"];

/** Migration 1 (the store's part of the first schema): its tables and indexes, in dependency order. */
export const SCHEMA_STATEMENTS: readonly string[] = [
  ...Object.entries(tables).map(
    ([name, columns]) => `CREATE TABLE IF NOT EXISTS ${name} (${columns})`,
  ),
  ...indexes,
];

/**
 * Migration 3 (the gateway's dashboard): one row per tool call (workspace, tool, kind, outcome
 * code, latency; pruned by age, usage.ts), the admin tokens that sign in to /ui (hashed like API
 * tokens), and when each API token was last used.
 */
export const DASHBOARD_STATEMENTS: readonly string[] = [
  "CREATE TABLE IF NOT EXISTS call_events (id INTEGER PRIMARY KEY AUTOINCREMENT, workspace_id TEXT NOT NULL, at TEXT NOT NULL, tool TEXT NOT NULL, kind TEXT, outcome TEXT NOT NULL, latency_ms INTEGER NOT NULL)",
  "CREATE INDEX IF NOT EXISTS call_events_workspace_at ON call_events (workspace_id, at)",
  "CREATE INDEX IF NOT EXISTS call_events_at ON call_events (at)",
  "CREATE TABLE IF NOT EXISTS admin_tokens (id INTEGER PRIMARY KEY AUTOINCREMENT, token_hash TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL, revoked_at TEXT)",
  "ALTER TABLE api_tokens ADD COLUMN last_used_at TEXT",
];

/** Names of the store's own tables (a host's tables are the host's to list). */
export const TABLE_NAMES: readonly string[] = [...Object.keys(tables), "call_events", "admin_tokens", "quota_usage", ...OAUTH_TABLE_NAMES];
