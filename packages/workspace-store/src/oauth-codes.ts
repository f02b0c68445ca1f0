// Authorization codes: issued when a person approves the consent page, stored hashed, valid for
// OAUTH_CODE_TTL_MS and redeemable once. Redemption claims the code with one conditional UPDATE,
// so two instances (or two racing requests) on one database cannot both redeem it; a code
// presented again after its redemption revokes the grant it produced (OAuth 2.1 §4.1.3, RFC 9700
// §4.5: a replayed code may be a stolen one).
import { randomBytes } from "node:crypto";
import { hashToken, type TokenScope } from "./credentials";
import { revokeGrant } from "./oauth-statements";
import { defineStatement } from "./query/statement";
import type { StoreQueries } from "./types";

/** How long a code may wait for its token request. */
export const OAUTH_CODE_TTL_MS = 60_000;

const dropStaleCodes = defineStatement((q) =>
  q.db.deleteFrom("oauth_codes").where("expires_at", "<", q.param<number>("before")),
);
const insertCode = defineStatement((q) =>
  q.db.insertInto("oauth_codes").values({
    code_hash: q.param("code_hash"),
    client_id: q.param("client_id"),
    redirect_uri: q.param("redirect_uri"),
    code_challenge: q.param("code_challenge"),
    resource: q.param("resource"),
    workspace_id: q.param("workspace_id"),
    scope: q.param("scope"),
    expires_at: q.param<number>("expires_at"),
  }),
);
const claimCode = defineStatement((q) =>
  q.db
    .updateTable("oauth_codes")
    .set({ used_at: q.param<number>("now") })
    .where("code_hash", "=", q.param("code_hash"))
    .where("used_at", "is", null),
);
const grantOfCode = defineStatement((q) =>
  q.db.selectFrom("oauth_codes").select("grant_id").where("code_hash", "=", q.param("code_hash")),
);
const codeByHash = defineStatement((q) =>
  q.db
    .selectFrom("oauth_codes")
    .select(["client_id", "redirect_uri", "code_challenge", "resource", "workspace_id", "scope", "expires_at"])
    .where("code_hash", "=", q.param("code_hash")),
);

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
  await dropStaleCodes.run(store, { before: now - 10 * OAUTH_CODE_TTL_MS });
  const code = `amo_code_${randomBytes(24).toString("base64url")}`;
  await insertCode.run(store, {
    code_hash: hashToken(code),
    client_id: approval.clientId,
    redirect_uri: approval.redirectUri,
    code_challenge: approval.codeChallenge,
    resource: approval.resource,
    workspace_id: approval.workspaceId,
    scope: approval.scope,
    expires_at: now + OAUTH_CODE_TTL_MS,
  });
  return code;
}

/**
 * Claims a code for one token request: marks it used (whatever the request's other checks say, a
 * code is tried once) and returns what it was issued for. A code already used revokes the grant
 * made from it and answers `replayed`.
 */
export async function claimAuthorizationCode(store: StoreQueries, code: string, now = Date.now()): Promise<CodeClaim> {
  const codeHash = hashToken(code);
  const claimed = await claimCode.run(store, { now, code_hash: codeHash });
  if (claimed.changes === 0) {
    const used = await grantOfCode.get(store, { code_hash: codeHash });
    if (!used) return { unknown: true };
    if (used.grant_id !== null)
      await revokeGrant.run(store, { now: new Date(now).toISOString(), id: Number(used.grant_id) });
    return { replayed: true };
  }
  const row = await codeByHash.get(store, { code_hash: codeHash });
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
