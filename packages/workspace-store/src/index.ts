// The package's public door: the driver interface and its two drivers, migrations (its own and a
// host's), credentials, plans and credits, the isolation guard, SQL paging, catalog hooks, the
// call log, the learned requests of tool search and the hourly quota driver. (The gateway's domain tables, MCP session rows and SSE
// event log are the gateway's: apps/amicited-gateway/src/store-schema, handed in as a HostSchema.)

export type {
  SqlValue,
  RunResult,
  SqlStatement,
  StoreQueries,
  StoreTransaction,
  WorkspaceStore,
  WorkspaceStoreDriverName,
  StoreOperationKind,
  StoreQueryObserver,
  StorePoolStats,
  CompiledStatement,
  StatementInput,
} from "./types";
export { histogramObserver } from "./query-observer";
export type { DurationHistogram } from "./query-observer";
export { queryBuilderFor } from "./query/builder";
export { statementsOver } from "./query/statement";
export { dialectSql } from "./query/dialect-sql";
export type { DialectSql, GroupConcatOptions } from "./query/dialect-sql";
export { textStatement } from "./query/text";
export type { DefinedStatement, StatementContext, StatementValues } from "./query/statement";
export type { StoreTables, WorkspaceRow } from "./query/tables";
export { createTables, notNull } from "./query/ddl";
export type { SchemaContext, SchemaStatement, TableDefinition } from "./query/ddl";
export { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
export { openWorkspaceStore } from "./open";
export type { StoreLocation, WorkspaceStoreOptions } from "./open";
export { openSqliteStore, SQLITE_FILE_NAME } from "./drivers/sqlite";
export type { SqliteStoreOptions } from "./drivers/sqlite";
export { openPostgresStore, describePostgresUrl } from "./drivers/postgres";
export type { PostgresStoreOptions } from "./drivers/postgres";
export { MIGRATIONS, SCHEMA_VERSION, schemaVersionOf } from "./migrations";
export type { Migration, HostMigration, HostSchema } from "./migrations";
export { MAX_HOST_SCHEMAS, pendingMigrations } from "./host-schema";
export { TABLE_NAMES } from "./schema";
export { MAX_LIVE_TOKENS_PER_WORKSPACE, MAX_WORKSPACE_NAME_LENGTH, WORKSPACE_NAME_RULE, isWorkspaceName, workspaceNameRefusal, hashToken, insertWorkspace, issueToken, resolveToken, findWorkspace, listTokens, revokeToken, issueAdminToken, isAdminToken, isLiveAdminHash } from "./credentials";
export type { TokenScope, Credential, TokenRow } from "./credentials";
export { CallLog, CALL_LOG_RETENTION, touchToken } from "./usage";
export type { CallEvent, CallLogOptions, HourlyCalls, ToolUsage } from "./usage";
export { LearnedRequestLog, LEARNED_REQUESTS_KEPT, LEARNED_REQUESTS_PAGE } from "./learned-requests";
export type { LearnedRequestEvent, LearnedRequestLogOptions, LearnedRequestPage, LearnedRequestRow, LearnedRequestSelection } from "./learned-requests";
export { CHOICE_RANKS } from "./choice-ranks";
export type { ChoiceRankCounts, ChoiceRankDay, ChoiceRankQuery, ChoiceRanks } from "./choice-ranks";
export { PLANS, PLAN_NAMES, planLimits, checkPlanLimit } from "./plans";
export type { PlanLimits } from "./plans";
export { chargeCredits, refundCredits } from "./credits";
export { OutboundGate, DEFAULT_OUTBOUND_PER_WORKSPACE } from "./outbound";
export { requireDomain, requireRow } from "./scope";
export type { DomainScope, Query } from "./scope";
export { pageQuery } from "./paging";
export { containsPattern, LIKE_ESCAPE } from "./like";
export { workspaceHooks } from "./hooks";
export type { PlanLimitRule, PlanLimitScope, StoreToolDefinition, WorkspaceHookOptions } from "./hooks";
export { StoreQuotaDriver } from "./quota";
export { MAX_OAUTH_CLIENTS, registerOAuthClient, findOAuthClient } from "./oauth-clients";
export type { OAuthClient } from "./oauth-clients";
export { OAUTH_CODE_TTL_MS, issueAuthorizationCode, claimAuthorizationCode } from "./oauth-codes";
export type { AuthorizationApproval, ClaimedCode, CodeClaim } from "./oauth-codes";
export { bearerResolver } from "./bearer";
export { OAUTH_ACCESS_TOKEN_TTL_MS, OAUTH_REFRESH_TOKEN_TTL_MS, MAX_LIVE_GRANTS_PER_WORKSPACE, createOAuthGrant, refreshOAuthTokens, resolveOAuthAccessToken, revokeOAuthToken, listOAuthGrants, revokeOAuthGrant } from "./oauth-grants";
export type { OAuthTokens, GrantRow, RefreshOutcome } from "./oauth-grants";
