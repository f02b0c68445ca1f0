// One bearer token to its credential, whichever kind it is: a static token (amc_…, credentials.ts)
// or an OAuth access token (amo_at_…, oauth-grants.ts). An HTTP edge takes the resolver as its
// token check, so resolving a request's identity runs in this package and never in the host.
import { resolveToken, type Credential } from "./credentials";
import { resolveOAuthAccessToken } from "./oauth-grants";
import type { StoreQueries } from "./types";

/**
 * The credential check of an endpoint over `store`: a static token first, then an OAuth access token.
 * @example createMcpHttpEndpoint({ edge: { host, realm, checkToken: bearerResolver(store) }, … })
 */
export function bearerResolver(store: StoreQueries): (token: string) => Promise<Credential | undefined> {
  return async (token) => (await resolveToken(store, token)) ?? resolveOAuthAccessToken(store, token);
}
