// The OAuth tables on every driver (run by sqlite.test.ts and postgres.test.ts): secrets stored
// only as hashes, a code redeemed once even by racing requests (on PostgreSQL on several pooled
// connections at once) and its replay revoking the grant, refresh rotation with replay detection,
// access tokens resolving to the workspace credential, revocation, and the per-workspace cap.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  claimAuthorizationCode,
  createOAuthGrant,
  findOAuthClient,
  hashToken,
  issueAuthorizationCode,
  listOAuthGrants,
  MAX_LIVE_GRANTS_PER_WORKSPACE,
  OAUTH_CODE_TTL_MS,
  refreshOAuthTokens,
  registerOAuthClient,
  resolveOAuthAccessToken,
  revokeOAuthGrant,
  revokeOAuthToken,
  WorkspaceStoreError,
} from "../src/index";
import type { AuthorizationApproval, ClaimedCode, WorkspaceStore } from "../src/index";

const T0 = Date.parse("2026-12-04T12:00:00.000Z");

/** Registers the OAuth tests for a driver made by `open` and disposed by `dispose`. */
export function oauthConformance(name: string, open: () => Promise<WorkspaceStore>, dispose: (store: WorkspaceStore) => Promise<void>): void {
  describe(`${name} (OAuth clients, codes, grants)`, () => {
    let store: WorkspaceStore;
    let approval: AuthorizationApproval;
    beforeEach(async () => {
      store = await open();
      await store.migrate();
      await store.run("INSERT INTO workspaces (id, name, plan, credits, data_as_of, created_at) VALUES ('ws_a', 'alpha', 'free', 5, '2026-12-01', '2026-12-01')");
      const client = await registerOAuthClient(store, { clientName: "Test client", redirectUris: ["http://127.0.0.1:9/callback"] }, T0);
      approval = { clientId: client.clientId, redirectUri: "http://127.0.0.1:9/callback", codeChallenge: "challenge", resource: "http://127.0.0.1:8787/mcp", workspaceId: "ws_a", scope: "write" };
    });
    afterEach(async () => dispose(store));

    const claim = async (code: string, at = T0): Promise<ClaimedCode> => {
      const claimed = await claimAuthorizationCode(store, code, at);
      if (!("claimed" in claimed)) throw new Error(`not claimed: ${JSON.stringify(claimed)}`);
      return claimed.claimed;
    };

    it("registers a client and keeps no secret anywhere in clear", async () => {
      const found = await findOAuthClient(store, approval.clientId);
      expect(found).toEqual({ clientId: approval.clientId, clientName: "Test client", redirectUris: ["http://127.0.0.1:9/callback"], createdAt: T0 });
      const code = await issueAuthorizationCode(store, approval, T0);
      const tokens = await createOAuthGrant(store, await claim(code), "Test client", T0);
      const stored = JSON.stringify([await store.all("SELECT * FROM oauth_codes"), await store.all("SELECT * FROM oauth_tokens")]);
      for (const secret of [code, tokens.accessToken, tokens.refreshToken]) {
        expect(stored).not.toContain(secret);
        expect(stored).toContain(hashToken(secret));
      }
    });

    it("redeems a code once, even when two requests race, and a replay revokes its grant", async () => {
      const code = await issueAuthorizationCode(store, approval, T0);
      const claims = await Promise.all([claimAuthorizationCode(store, code, T0), claimAuthorizationCode(store, code, T0)]);
      expect(claims.filter((claimed) => "claimed" in claimed)).toHaveLength(1);
      expect(claims.filter((claimed) => "replayed" in claimed)).toHaveLength(1);
      const won = claims.find((claimed) => "claimed" in claimed) as { claimed: ClaimedCode };
      expect(won.claimed).toMatchObject({ ...approval, expired: false });
      const tokens = await createOAuthGrant(store, won.claimed, "Test client", T0);
      expect(await resolveOAuthAccessToken(store, tokens.accessToken, T0)).toMatchObject({ workspaceId: "ws_a", workspaceName: "alpha", scope: "write" });
      expect(await claimAuthorizationCode(store, code, T0 + 1000)).toEqual({ replayed: true });
      expect(await resolveOAuthAccessToken(store, tokens.accessToken, T0 + 1000)).toBeUndefined();
      expect(await claimAuthorizationCode(store, "amo_code_never-issued", T0)).toEqual({ unknown: true });
    });

    it("marks a code expired after OAUTH_CODE_TTL_MS and an access token dead after its hour", async () => {
      const late = await claim(await issueAuthorizationCode(store, approval, T0), T0 + OAUTH_CODE_TTL_MS);
      expect(late.expired).toBe(true);
      const tokens = await createOAuthGrant(store, await claim(await issueAuthorizationCode(store, approval, T0)), "Test client", T0);
      expect(tokens.expiresInSeconds).toBe(3600);
      expect(await resolveOAuthAccessToken(store, tokens.accessToken, T0 + 3600_000 - 1)).toBeDefined();
      expect(await resolveOAuthAccessToken(store, tokens.accessToken, T0 + 3600_000)).toBeUndefined();
    });

    it("rotates refresh tokens; a spent one presented again revokes the grant", async () => {
      const first = await createOAuthGrant(store, await claim(await issueAuthorizationCode(store, approval, T0)), "Test client", T0);
      expect(await refreshOAuthTokens(store, first.refreshToken, "amo_client_other", T0)).toEqual({ refused: "client_mismatch" });
      const second = await refreshOAuthTokens(store, first.refreshToken, approval.clientId, T0 + 10);
      if (!("tokens" in second)) throw new Error("refused");
      expect(second.tokens.refreshToken).not.toBe(first.refreshToken);
      expect(await resolveOAuthAccessToken(store, first.accessToken, T0 + 10)).toBeUndefined();
      expect(await resolveOAuthAccessToken(store, second.tokens.accessToken, T0 + 10)).toMatchObject({ scope: "write" });
      expect(await refreshOAuthTokens(store, first.refreshToken, approval.clientId, T0 + 20)).toEqual({ refused: "replayed" });
      expect(await resolveOAuthAccessToken(store, second.tokens.accessToken, T0 + 20)).toBeUndefined();
      expect(await refreshOAuthTokens(store, second.tokens.refreshToken, approval.clientId, T0 + 30)).toEqual({ refused: "unknown" });
      expect((await listOAuthGrants(store, "ws_a"))[0]?.revoked_at).not.toBeNull();
    });

    it("revokes a grant by either token (RFC 7009) and from the dashboard by id", async () => {
      const one = await createOAuthGrant(store, await claim(await issueAuthorizationCode(store, approval, T0)), "Test client", T0);
      expect(await revokeOAuthToken(store, one.refreshToken, "amo_client_other", T0)).toBe(false);
      expect(await revokeOAuthToken(store, one.refreshToken, approval.clientId, T0)).toBe(true);
      expect(await resolveOAuthAccessToken(store, one.accessToken, T0)).toBeUndefined();
      const two = await createOAuthGrant(store, await claim(await issueAuthorizationCode(store, approval, T0)), "Test client", T0);
      const [listed] = await listOAuthGrants(store, "ws_a");
      expect(listed).toMatchObject({ client_id: approval.clientId, client_name: "Test client", scope: "write", revoked_at: null });
      await revokeOAuthGrant(store, "ws_a", listed!.id, T0);
      expect(await resolveOAuthAccessToken(store, two.accessToken, T0)).toBeUndefined();
      await expect(revokeOAuthGrant(store, "ws_a", listed!.id, T0)).rejects.toMatchObject({ code: "NOT_FOUND" });
    });

    it(`refuses grant ${MAX_LIVE_GRANTS_PER_WORKSPACE + 1} of one workspace with TOKEN_LIMIT`, async () => {
      for (let index = 0; index < MAX_LIVE_GRANTS_PER_WORKSPACE; index++)
        await createOAuthGrant(store, await claim(await issueAuthorizationCode(store, approval, T0)), "Test client", T0);
      const refused = await createOAuthGrant(store, await claim(await issueAuthorizationCode(store, approval, T0)), "Test client", T0).catch((error: unknown) => error);
      expect(WorkspaceStoreError.isInstance(refused) && refused.code).toBe("TOKEN_LIMIT");
      expect((refused as Error).message).toContain(`already has ${MAX_LIVE_GRANTS_PER_WORKSPACE} live OAuth grants`);
    });
  });
}
