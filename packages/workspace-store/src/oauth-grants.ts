// Grants and their tokens. A grant is one approval (client, workspace, scope, resource); it holds
// one live access token and one live refresh token at a time. Refreshing rotates both: the used
// refresh token is claimed with one conditional UPDATE, and presenting it again revokes the whole
// grant (RFC 9700 §4.14.2: a replayed refresh token means one copy was stolen). An access token
// resolves to the same Credential an `amc_…` token does, so quotas, credits and the read/write
// rule apply unchanged; its tokenId is the grant's id negated, apart from every api_tokens id.
import { randomBytes } from "node:crypto";
import { hashToken, type Credential, type TokenScope } from "./credentials";
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import type { ClaimedCode } from "./oauth-codes";
import {
  bindCodeToGrant,
  dropGrantTokens,
  dropStaleGrantTokens,
  grantOfToken,
  grantsOfWorkspace,
  insertGrantToken,
  insertGrantUnderCap,
  liveAccessToken,
  liveGrantOfWorkspace,
  refreshTokenByHash,
  revokeGrant,
  spendRefreshToken,
} from "./oauth-statements";
import type { StoreQueries, WorkspaceStore } from "./types";

/** Lifetime of an access token. */
export const OAUTH_ACCESS_TOKEN_TTL_MS = 60 * 60_000;
/** Lifetime of a refresh token (each refresh starts a new one). */
export const OAUTH_REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
/** Live grants one workspace may hold, beside its MAX_LIVE_TOKENS_PER_WORKSPACE static tokens. */
export const MAX_LIVE_GRANTS_PER_WORKSPACE = 50;

/** How long a spent refresh token is kept to recognise its replay; each grant keeps few rows. */
const SPENT_REFRESH_KEPT_MS = 24 * 60 * 60_000;

/** The tokens of a token response (RFC 6749 §5.1). */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  scope: TokenScope;
}

/** A grant as the dashboard lists it: never a token, only its facts. */
export interface GrantRow {
  id: number;
  client_id: string;
  client_name: string;
  scope: TokenScope;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Outcome of refreshOAuthTokens. */
export type RefreshOutcome = { tokens: OAuthTokens } | { refused: "unknown" | "replayed" | "expired" | "client_mismatch" | "revoked" };

async function mintTokens(queries: StoreQueries, grantId: number, scope: TokenScope, now: number): Promise<OAuthTokens> {
  const accessToken = `amo_at_${randomBytes(32).toString("base64url")}`;
  const refreshToken = `amo_rt_${randomBytes(32).toString("base64url")}`;
  // Spent refresh tokens stay a day, so a replay within it is recognised (and revokes the grant).
  await dropStaleGrantTokens.run(queries, { grant_id: grantId, now, spent_before: now - SPENT_REFRESH_KEPT_MS });
  await insertGrantToken.run(queries, { token_hash: hashToken(accessToken), grant_id: grantId, kind: "access", expires_at: now + OAUTH_ACCESS_TOKEN_TTL_MS });
  await insertGrantToken.run(queries, { token_hash: hashToken(refreshToken), grant_id: grantId, kind: "refresh", expires_at: now + OAUTH_REFRESH_TOKEN_TTL_MS });
  return { accessToken, refreshToken, expiresInSeconds: OAUTH_ACCESS_TOKEN_TTL_MS / 1000, scope };
}

/**
 * Turns a claimed, checked code into a grant with its first tokens, in one transaction;
 * TOKEN_LIMIT at MAX_LIVE_GRANTS_PER_WORKSPACE live grants.
 */
export async function createOAuthGrant(store: WorkspaceStore, code: ClaimedCode, clientName: string, now = Date.now()): Promise<OAuthTokens> {
  return store.transaction(async (queries) => {
    const inserted = await insertGrantUnderCap.get(queries, {
      client_id: code.clientId,
      client_name: clientName,
      workspace_id: code.workspaceId,
      scope: code.scope,
      resource: code.resource,
      created_at: new Date(now).toISOString(),
      cap: MAX_LIVE_GRANTS_PER_WORKSPACE,
    });
    if (inserted === undefined)
      throw new WorkspaceStoreError(
        WorkspaceStoreErrorCode.TOKEN_LIMIT,
        `workspace ${code.workspaceId} already has ${MAX_LIVE_GRANTS_PER_WORKSPACE} live OAuth grants, the cap per workspace; revoke one on the dashboard's Workspaces page before approving another client.`,
      );
    const grantId = Number(inserted.id);
    await bindCodeToGrant.run(queries, { grant_id: grantId, code_hash: code.codeHash });
    return mintTokens(queries, grantId, code.scope, now);
  });
}

/** Rotates a refresh token of `clientId`'s grant: new access and refresh tokens, the old one spent. */
export async function refreshOAuthTokens(store: WorkspaceStore, refreshToken: string, clientId: string, now = Date.now()): Promise<RefreshOutcome> {
  const tokenHash = hashToken(refreshToken);
  const row = await refreshTokenByHash.get(store, { token_hash: tokenHash });
  if (!row) return { refused: "unknown" };
  const grantId = Number(row.grant_id);
  if (row.client_id !== clientId) return { refused: "client_mismatch" };
  if (row.revoked_at !== null) return { refused: "revoked" };
  if (Number(row.expires_at) <= now) return { refused: "expired" };
  const claimed = await spendRefreshToken.run(store, { now, token_hash: tokenHash });
  if (row.used_at !== null || claimed.changes === 0) {
    await revokeGrantById(store, grantId, now);
    return { refused: "replayed" };
  }
  const scope: TokenScope = row.scope === "write" ? "write" : "read";
  return { tokens: await store.transaction((queries) => mintTokens(queries, grantId, scope, now)) };
}

/** The credential a live, unexpired OAuth access token stands for, or undefined. */
export async function resolveOAuthAccessToken(store: StoreQueries, token: string, now = Date.now()): Promise<Credential | undefined> {
  if (!token.startsWith("amo_at_")) return undefined;
  const row = await liveAccessToken.get(store, { token_hash: hashToken(token), now });
  if (!row) return undefined;
  return { tokenId: -Number(row.grant_id), workspaceId: row.workspace_id, workspaceName: row.name, scope: row.scope === "write" ? "write" : "read" };
}

async function revokeGrantById(store: StoreQueries, grantId: number, now: number): Promise<number> {
  const revoked = await revokeGrant.run(store, { now: new Date(now).toISOString(), id: grantId });
  await dropGrantTokens.run(store, { grant_id: grantId });
  return revoked.changes;
}

/**
 * Revokes the grant of an access or refresh token (RFC 7009): both of its tokens die. A token
 * that is unknown, or belongs to another client, changes nothing (the endpoint answers 200 all
 * the same, as the RFC asks).
 */
export async function revokeOAuthToken(store: StoreQueries, token: string, clientId: string | undefined, now = Date.now()): Promise<boolean> {
  const row = await grantOfToken.get(store, { token_hash: hashToken(token) });
  if (!row || (clientId !== undefined && row.client_id !== clientId)) return false;
  return (await revokeGrantById(store, Number(row.grant_id), now)) > 0;
}

/** Every OAuth grant of a workspace, newest first (revoked ones included, marked). */
export async function listOAuthGrants(store: StoreQueries, workspaceId: string): Promise<GrantRow[]> {
  const rows = await grantsOfWorkspace.all(store, { workspace_id: workspaceId });
  return rows.map((row) => ({ ...row, id: Number(row.id), scope: row.scope as TokenScope }));
}

/** Revokes one grant of a workspace (the dashboard's revoke); NOT_FOUND when it has no live grant of that id. */
export async function revokeOAuthGrant(store: StoreQueries, workspaceId: string, grantId: number, now = Date.now()): Promise<void> {
  const owned = await liveGrantOfWorkspace.get(store, { id: grantId, workspace_id: workspaceId });
  if (!owned || (await revokeGrantById(store, grantId, now)) === 0)
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.NOT_FOUND,
      `grant ${grantId} is not a live OAuth grant of this workspace; list the workspace's tokens to see the grants' ids`,
    );
}
