// The OAuth 2.1 tables of the gateway's own authorization server (migration 5), in the SQLite
// dialect like schema.ts (drivers/postgres.ts translates them). Every secret is stored only as
// its SHA-256 hash: authorization codes, access tokens and refresh tokens. Times are epoch
// milliseconds, so expiry is one integer comparison on every driver. A grant is what a person
// approved on the consent page (one client, one workspace, one scope, one resource); its tokens
// die with it.

/** Migration 5: registered clients, pending codes, grants and their tokens. */
export const OAUTH_STATEMENTS: readonly string[] = [
  "CREATE TABLE IF NOT EXISTS oauth_clients (client_id TEXT PRIMARY KEY, client_name TEXT NOT NULL, redirect_uris TEXT NOT NULL, created_at INTEGER NOT NULL)",
  "CREATE TABLE IF NOT EXISTS oauth_codes (code_hash TEXT PRIMARY KEY, client_id TEXT NOT NULL, redirect_uri TEXT NOT NULL, code_challenge TEXT NOT NULL, resource TEXT NOT NULL, workspace_id TEXT NOT NULL REFERENCES workspaces(id), scope TEXT NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER, grant_id INTEGER)",
  "CREATE INDEX IF NOT EXISTS oauth_codes_expires ON oauth_codes (expires_at)",
  "CREATE TABLE IF NOT EXISTS oauth_grants (id INTEGER PRIMARY KEY AUTOINCREMENT, client_id TEXT NOT NULL, client_name TEXT NOT NULL, workspace_id TEXT NOT NULL REFERENCES workspaces(id), scope TEXT NOT NULL, resource TEXT NOT NULL, created_at TEXT NOT NULL, last_used_at TEXT, revoked_at TEXT)",
  "CREATE INDEX IF NOT EXISTS oauth_grants_workspace ON oauth_grants (workspace_id)",
  "CREATE TABLE IF NOT EXISTS oauth_tokens (token_hash TEXT PRIMARY KEY, grant_id INTEGER NOT NULL REFERENCES oauth_grants(id), kind TEXT NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER)",
  "CREATE INDEX IF NOT EXISTS oauth_tokens_grant ON oauth_tokens (grant_id)",
];

/** The OAuth tables, for census and tests. */
export const OAUTH_TABLE_NAMES: readonly string[] = ["oauth_clients", "oauth_codes", "oauth_grants", "oauth_tokens"];
