// Authorization codes: issued when a person approves the consent page, stored hashed, valid for
// OAUTH_CODE_TTL_MS and redeemable once. Redemption claims the code with one conditional UPDATE,
// so two instances (or two racing requests) on one database cannot both redeem it; a code
// presented again after its redemption revokes the grant it produced (OAuth 2.1 §4.1.3, RFC 9700
// §4.5: a replayed code may be a stolen one).
import { randomBytes } from "node:crypto";
import { hashToken, type TokenScope } from "./credentials";
import type { StoreQueries } from "./types";

/** How long a code may wait for its token request. */
export const OAUTH_CODE_TTL_MS = 60_000;

/** What a person approved, bound into the code. */
export interface AuthorizationApproval {
  clientId: string;
  redirectUri: string;
  /** The PKCE S256 challenge of the authorization request. */
  codeChallenge: string;
  resource: string;
  workspaceId: string;
  scope: TokenScope;
}

/** A claimed code: what it was issued for and whether it is still within its lifetime. */
export interface ClaimedCode extends AuthorizationApproval {
  codeHash: string;
  expired: boolean;
}

/** Outcome of claimCode: the code's approval, a replay (its grant now revoked), or unknown. */
export type CodeClaim = { claimed: ClaimedCode } | { replayed: true } | { unknown: true };

/** Issues a code for an approval; the clear code goes into the redirect and nowhere else. */
export async function issueAuthorizationCode(store: StoreQueries, approval: AuthorizationApproval, now = Date.now()): Promise<string> {
  // Codes live a minute: the ones nobody redeemed go with the next issue, so the table stays small.
  await store.run("DELETE FROM oauth_codes WHERE expires_at < ?", [now - 10 * OAUTH_CODE_TTL_MS]);
  const code = `amo_code_${randomBytes(24).toString("base64url")}`;
  await store.run(
    "INSERT INTO oauth_codes (code_hash, client_id, redirect_uri, code_challenge, resource, workspace_id, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    [hashToken(code), approval.clientId, approval.redirectUri, approval.codeChallenge, approval.resource, approval.workspaceId, approval.scope, now + OAUTH_CODE_TTL_MS],
  );
  return code;
}

/**
 * Claims a code for one token request: marks it used (whatever the request's other checks say, a
 * code is tried once) and returns what it was issued for. A code already used revokes the grant
 * made from it and answers `replayed`.
 */
export async function claimAuthorizationCode(store: StoreQueries, code: string, now = Date.now()): Promise<CodeClaim> {
  const codeHash = hashToken(code);
  const claimed = await store.run("UPDATE oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL", [now, codeHash]);
  if (claimed.changes === 0) {
    const used = await store.get<{ grant_id: number | string | null }>("SELECT grant_id FROM oauth_codes WHERE code_hash = ?", [codeHash]);
    if (!used) return { unknown: true };
    if (used.grant_id !== null)
      await store.run("UPDATE oauth_grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [new Date(now).toISOString(), Number(used.grant_id)]);
    return { replayed: true };
  }
  const row = await store.get<{ client_id: string; redirect_uri: string; code_challenge: string; resource: string; workspace_id: string; scope: string; expires_at: number | string }>(
    "SELECT client_id, redirect_uri, code_challenge, resource, workspace_id, scope, expires_at FROM oauth_codes WHERE code_hash = ?",
    [codeHash],
  );
  if (!row) return { unknown: true };
  return {
    claimed: {
      codeHash,
      clientId: row.client_id,
      redirectUri: row.redirect_uri,
      codeChallenge: row.code_challenge,
      resource: row.resource,
      workspaceId: row.workspace_id,
      scope: row.scope === "write" ? "write" : "read",
      expired: Number(row.expires_at) <= now,
    },
  };
}
