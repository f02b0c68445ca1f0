// The row types of the tables this package's own statements read and write, for Kysely's typed
// builder. They mirror the schema statements in schema.ts/oauth-schema.ts/migrations.ts (which
// stay the source of the tables); a column added there is added here when a statement needs it.
import type { Generated } from "kysely";

/**
 * A workspace row: the `workspaces` table's row type, read and written by the query layer and
 * returned by insertWorkspace/findWorkspace (one definition, exported from the package's door, so
 * a caller's declarations can name it).
 */
export interface WorkspaceRow {
  id: string;
  name: string;
  plan: string;
  credits: number;
  data_as_of: string;
  created_at: string;
}

export interface ApiTokensTable {
  id: Generated<number>;
  workspace_id: string;
  token_hash: string;
  scope: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface AdminTokensTable {
  id: Generated<number>;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  workspace_id: string;
  at: string;
  tool: string;
  amount: number;
  balance_after: number;
}

export interface QuotaUsageTable {
  workspace: string;
  window_start: number;
  used: number;
}

export interface CallEventsTable {
  id: Generated<number>;
  workspace_id: string;
  at: string;
  tool: string;
  kind: string | null;
  outcome: string;
  latency_ms: number;
}

export interface LearnedRequestsTable {
  id: Generated<number>;
  workspace_id: string;
  tool: string;
  request: string;
  learned_at: string;
  /** Migration 8: the chosen tool's rank in its search; NULL for rows written before. */
  chosen_rank: number | null;
  /** Migration 10: what the catalog compares when it learns the row (learned-key.ts); NULL only for a row an earlier version wrote after it. */
  request_key: string | null;
}

export interface LearnedRequestForgetsTable {
  id: number;
  /** Forgets so far, every one (from migration 9): the newest forget's generation. */
  forgets: number;
  /** When the last forget was; '' in the row migration 9 makes before the first. */
  last_forgot_at: string;
}

/** Migration 9: what each recent forget named (NULL: not narrowed by that column), by its generation. */
export interface LearnedRequestForgetSelectionsTable {
  generation: number;
  workspace_id: string | null;
  tool: string | null;
  row_id: number | null;
  forgot_at: string;
}

/** Migration 10: ranked choices per workspace and UTC day (choice-ranks.ts), kept apart from the rows the prune cuts. */
export interface LearnedChoicesDailyTable {
  workspace_id: string;
  /** YYYY-MM-DD, the UTC day the requests were learned. */
  day: string;
  choices: number;
  /** Choices whose tool was the first hit (rank 1), of the top 3, of the first page of 10. */
  first: number;
  top3: number;
  first_page: number;
}

export interface DomainsTable {
  id: Generated<number>;
  workspace_id: string;
  hostname: string;
  label: string;
  country: string;
  vertical: string;
  created_at: string;
  archived: number;
}

export interface OAuthClientsTable {
  client_id: string;
  client_name: string;
  redirect_uris: string;
  created_at: number;
}

export interface OAuthCodesTable {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  resource: string;
  workspace_id: string;
  scope: string;
  expires_at: number;
  used_at: number | null;
  grant_id: number | null;
}

export interface OAuthGrantsTable {
  id: Generated<number>;
  client_id: string;
  client_name: string;
  workspace_id: string;
  scope: string;
  resource: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface OAuthTokensTable {
  token_hash: string;
  grant_id: number;
  kind: string;
  expires_at: number;
  used_at: number | null;
}

/** The tables of this package's own statements, by name. */
export interface StoreTables {
  workspaces: WorkspaceRow;
  api_tokens: ApiTokensTable;
  admin_tokens: AdminTokensTable;
  credit_ledger: CreditLedgerTable;
  quota_usage: QuotaUsageTable;
  call_events: CallEventsTable;
  learned_requests: LearnedRequestsTable;
  learned_choices_daily: LearnedChoicesDailyTable;
  learned_request_forgets: LearnedRequestForgetsTable;
  learned_request_forget_selections: LearnedRequestForgetSelectionsTable;
  domains: DomainsTable;
  oauth_clients: OAuthClientsTable;
  oauth_codes: OAuthCodesTable;
  oauth_grants: OAuthGrantsTable;
  oauth_tokens: OAuthTokensTable;
}
