// The OAuth 2.1 tables of the gateway's own authorization server (migration 5), built with
// Kysely's schema builder like schema.ts (query/ddl.ts). Every secret is stored only as
// its SHA-256 hash: authorization codes, access tokens and refresh tokens. Times are epoch
// milliseconds, so expiry is one integer comparison on every driver. A grant is what a person
// approved on the consent page (one client, one workspace, one scope, one resource); its tokens
// die with it.
import { createTables, notNull, type SchemaStatement } from "./query/ddl";

/** Migration 5: registered clients, pending codes, grants and their tokens. */
export const OAUTH_STATEMENTS: readonly SchemaStatement[] = [
  ...createTables({
    oauth_clients: (table, ddl) =>
      table
        .addColumn("client_id", "text", (column) => column.primaryKey())
        .addColumn("client_name", "text", notNull)
        .addColumn("redirect_uris", "text", notNull)
        .addColumn("created_at", ddl.integer, notNull),
    oauth_codes: (table, ddl) =>
      table
        .addColumn("code_hash", "text", (column) => column.primaryKey())
        .addColumn("client_id", "text", notNull)
        .addColumn("redirect_uri", "text", notNull)
        .addColumn("code_challenge", "text", notNull)
        .addColumn("resource", "text", notNull)
        .addColumn("workspace_id", "text", (column) => column.notNull().references("workspaces.id"))
        .addColumn("scope", "text", notNull)
        .addColumn("expires_at", ddl.integer, notNull)
        .addColumn("used_at", ddl.integer)
        .addColumn("grant_id", ddl.integer),
    oauth_grants: (table, ddl) =>
      table
        .addColumn("id", ddl.integer, ddl.generatedId)
        .addColumn("client_id", "text", notNull)
        .addColumn("client_name", "text", notNull)
        .addColumn("workspace_id", "text", (column) => column.notNull().references("workspaces.id"))
        .addColumn("scope", "text", notNull)
        .addColumn("resource", "text", notNull)
        .addColumn("created_at", "text", notNull)
        .addColumn("last_used_at", "text")
        .addColumn("revoked_at", "text"),
    oauth_tokens: (table, ddl) =>
      table
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("grant_id", ddl.integer, (column) => column.notNull().references("oauth_grants.id"))
        .addColumn("kind", "text", notNull)
        .addColumn("expires_at", ddl.integer, notNull)
        .addColumn("used_at", ddl.integer),
  }),
  (ddl) => ddl.createIndex("oauth_codes_expires").on("oauth_codes").columns(["expires_at"]),
  (ddl) => ddl.createIndex("oauth_grants_workspace").on("oauth_grants").columns(["workspace_id"]),
  (ddl) => ddl.createIndex("oauth_tokens_grant").on("oauth_tokens").columns(["grant_id"]),
];

/** The OAuth tables, for census and tests. */
export const OAUTH_TABLE_NAMES: readonly string[] = ["oauth_clients", "oauth_codes", "oauth_grants", "oauth_tokens"];
