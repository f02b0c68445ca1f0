// /oauth/token (RFC 6749 §3.2 as OAuth 2.1 keeps it) and /oauth/revoke (RFC 7009). Public
// clients name themselves with client_id. The authorization_code grant claims the code once
// (workspace-store: a second try revokes what the first produced), then checks it against the
// request: same client, same redirect URI, unexpired, the PKCE verifier's S256 equal to the
// challenge, the same resource; refresh_token rotates the pair. Every answer is no-store.
import { createHash } from "node:crypto";
import { claimAuthorizationCode, createOAuthGrant, refreshOAuthTokens, revokeOAuthToken, WorkspaceStoreError } from "@foundry-mcp/workspace-store";
import type { OAuthTokens, WorkspaceStore } from "@foundry-mcp/workspace-store";
import { findClient, type ClientMetadataPolicy } from "./clients";
import { resourceOf } from "./endpoints";
import { OAuthRefusal } from "./errors";

const invalidGrant = (description: string) => new OAuthRefusal(400, "invalid_grant", description);

function tokenResponse(tokens: OAuthTokens): Record<string, unknown> {
  return { access_token: tokens.accessToken, token_type: "Bearer", expires_in: tokens.expiresInSeconds, refresh_token: tokens.refreshToken, scope: tokens.scope };
}

const s256 = (verifier: string): string => createHash("sha256").update(verifier, "ascii").digest("base64url");

async function redeemCode(store: WorkspaceStore, form: URLSearchParams, clientId: string, clientName: string, issuer: string) {
  const code = form.get("code") ?? "";
  const verifier = form.get("code_verifier") ?? "";
  if (code === "") throw new OAuthRefusal(400, "invalid_request", "code is missing");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) throw new OAuthRefusal(400, "invalid_request", "code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (PKCE, RFC 7636)");
  const claim = await claimAuthorizationCode(store, code);
  if ("replayed" in claim) throw invalidGrant("the authorization code was already used; the tokens issued for it are revoked. Start the authorization again.");
  if ("unknown" in claim) throw invalidGrant("unknown authorization code");
  const claimed = claim.claimed;
  if (claimed.clientId !== clientId) throw invalidGrant("the authorization code was issued to another client");
  if (claimed.expired) throw invalidGrant("the authorization code expired (codes live 60 seconds); start the authorization again");
  if ((form.get("redirect_uri") ?? claimed.redirectUri) !== claimed.redirectUri) throw invalidGrant("redirect_uri differs from the one of the authorization request");
  if (s256(verifier) !== claimed.codeChallenge) throw invalidGrant("code_verifier does not match the code_challenge of the authorization request (PKCE S256)");
  const resource = form.get("resource");
  if (resource !== null && resource !== claimed.resource) throw new OAuthRefusal(400, "invalid_target", `resource must be ${resourceOf(issuer)}, the one the code was issued for`);
  try {
    return await createOAuthGrant(store, claimed, clientName);
  } catch (error) {
    if (WorkspaceStoreError.isInstance(error) && error.code === "TOKEN_LIMIT") throw new OAuthRefusal(400, "invalid_grant", error.message);
    throw error;
  }
}

const REFRESH_REFUSALS = {
  unknown: "unknown, expired or revoked refresh token; start the authorization again",
  expired: "the refresh token expired; start the authorization again",
  revoked: "the grant was revoked; start the authorization again",
  replayed: "the refresh token was already used; the grant is revoked (refresh token replay). Start the authorization again.",
  client_mismatch: "the refresh token was issued to another client",
} as const;

/** Answers a token request's form: the token response, or throws the OAuthRefusal. */
export async function answerTokenRequest(store: WorkspaceStore, form: URLSearchParams, issuer: string, policy: ClientMetadataPolicy): Promise<Record<string, unknown>> {
  const clientId = form.get("client_id") ?? "";
  const client = await findClient(store, clientId, policy);
  if (!client) throw new OAuthRefusal(401, "invalid_client", clientId === "" ? "client_id is missing (public clients send it in the body)" : `unknown client_id ${clientId}`);
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code") return tokenResponse(await redeemCode(store, form, client.clientId, client.clientName, issuer));
  if (grantType === "refresh_token") {
    const resource = form.get("resource");
    if (resource !== null && resource !== resourceOf(issuer)) throw new OAuthRefusal(400, "invalid_target", `resource must be ${resourceOf(issuer)}`);
    const outcome = await refreshOAuthTokens(store, form.get("refresh_token") ?? "", client.clientId);
    if ("refused" in outcome) throw invalidGrant(REFRESH_REFUSALS[outcome.refused]);
    return tokenResponse(outcome.tokens);
  }
  throw new OAuthRefusal(400, "unsupported_grant_type", `grant_type must be "authorization_code" or "refresh_token"; got ${JSON.stringify(grantType)}`);
}

/** RFC 7009: revokes the grant of the token; 200 for any token, known or not (§2.2). */
export async function answerRevocation(store: WorkspaceStore, form: URLSearchParams): Promise<void> {
  const token = form.get("token");
  if (token === null || token === "") throw new OAuthRefusal(400, "invalid_request", "token is missing");
  const clientId = form.get("client_id");
  await revokeOAuthToken(store, token, clientId ?? undefined);
}
