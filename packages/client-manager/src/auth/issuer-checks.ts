// Mix-up defences of the authorization-code flow (RFC 8414 §3.3, RFC 9207, SEP-2468): the
// authorization server's metadata must name the issuer it was fetched for, and the redirect's
// `iss` must name that same issuer, compared as written (no case folding, no trailing-slash or
// default-port normalization). Plain functions; StoredOAuthProvider and oauth-login.ts call them.
import type { AuthorizationServerMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";

/**
 * Whether metadata fetched for `authorizationServerUrl` may be used: its `issuer` must be that
 * URL (RFC 8414 §3.3). One trailing `/` is tolerated because the SDK hands the URL on as
 * `String(new URL(…))`, and `https://as` and `https://as/` build the same well-known URL.
 */
export function metadataIssuerProblem(authorizationServerUrl: string, metadata: AuthorizationServerMetadata | undefined): string | undefined {
  if (metadata === undefined) return undefined;
  const expected = authorizationServerUrl.replace(/\/$/, "");
  if (metadata.issuer === expected || metadata.issuer === `${expected}/`) return undefined;
  return `the authorization server metadata fetched for ${authorizationServerUrl} names the issuer ${JSON.stringify(metadata.issuer)}, not that URL (RFC 8414 §3.3); it was not used`;
}

/**
 * Why an authorization response must be refused, or undefined when it may be used (RFC 9207):
 * an `iss` that is present must equal the metadata's `issuer` exactly, and an authorization
 * server that advertises `authorization_response_iss_parameter_supported` must send it.
 */
export function authorizationResponseIssuerProblem(iss: string | null, metadata: AuthorizationServerMetadata | undefined): string | undefined {
  const issuer = metadata?.issuer;
  if (iss !== null) {
    if (issuer === undefined) return `the authorization response names the issuer ${JSON.stringify(iss)} but no authorization server metadata was recorded to check it against`;
    return iss === issuer ? undefined : `the authorization response came from the issuer ${JSON.stringify(iss)}, not ${JSON.stringify(issuer)} (RFC 9207 mix-up defence)`;
  }
  if ((metadata as { authorization_response_iss_parameter_supported?: unknown } | undefined)?.authorization_response_iss_parameter_supported === true) {
    return `the authorization response has no "iss" although ${JSON.stringify(issuer)} advertises authorization_response_iss_parameter_supported (RFC 9207)`;
  }
  return undefined;
}
