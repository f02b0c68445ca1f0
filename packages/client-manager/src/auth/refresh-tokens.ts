// Refresh before expiry: a connect whose stored access token expires within the skew refreshes
// it first (the SDK's `auth()` uses the refresh token when one is stored), so a long-lived host
// does not spend a 401 round trip on every reconnect. A refresh the server refuses clears the
// tokens and ends in AUTH_REQUIRED (see StoredOAuthProvider), never in a retry loop.
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import type { StoredOAuthProvider } from "./stored-oauth-provider";

/** Refresh this long before the access token expires. */
export const REFRESH_SKEW_MS = 60_000;

/**
 * Refreshes the stored tokens when they expire within {@link REFRESH_SKEW_MS}; true when it did.
 *
 * @example
 * await refreshIfExpiring(provider, "https://mcp.example.com/mcp");
 */
export async function refreshIfExpiring(provider: StoredOAuthProvider, serverUrl: string, now: number = Date.now()): Promise<boolean> {
  const expiresAt = provider.tokenExpiresAt();
  if (expiresAt === undefined || expiresAt - now > REFRESH_SKEW_MS || !provider.hasRefreshToken()) return false;
  // Discovery runs again (the protected resource may name a new authorization server); the
  // resource metadata URL a 401 challenge named earlier still says where to start.
  const resourceMetadataUrl = provider.storedDiscovery()?.resourceMetadataUrl;
  const result = await auth(provider, { serverUrl, ...(resourceMetadataUrl ? { resourceMetadataUrl: new URL(resourceMetadataUrl) } : {}) });
  return result === "AUTHORIZED";
}
