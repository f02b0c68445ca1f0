// Where the gateway's OAuth 2.1 pieces live and what its metadata says. The gateway is both the
// protected resource (/mcp, RFC 9728 metadata) and its own authorization server (RFC 8414
// metadata, /oauth/*). Both identifiers derive from the public URL: --public-url when the gateway
// sits behind a proxy, else the Host header the edge already checked against the allow-list, so
// a loopback gateway is http://127.0.0.1:PORT and its resource http://127.0.0.1:PORT/mcp.
import type http from "node:http";

/** The scopes a token may carry; `write` includes reads, as for `amc_…` tokens. */
export const OAUTH_SCOPES = ["read", "write"] as const;

/** The paths of the authorization server and the metadata documents. */
export const OAUTH_PATHS = {
  protectedResource: "/.well-known/oauth-protected-resource",
  authorizationServer: "/.well-known/oauth-authorization-server",
  openidConfiguration: "/.well-known/openid-configuration",
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  register: "/oauth/register",
  revoke: "/oauth/revoke",
} as const;

/** True for the paths the OAuth module owns. */
export const isOAuthPath = (pathname: string): boolean => pathname.startsWith("/oauth/") || pathname.startsWith("/.well-known/");

/** The issuer (an origin, no trailing slash) for a request. */
export function issuerOf(req: http.IncomingMessage, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return new URL(publicUrl).origin;
  return `http://${req.headers.host ?? "127.0.0.1"}`;
}

/** The resource identifier of /mcp (RFC 8707 / RFC 9728): exactly what clients must send. */
export const resourceOf = (issuer: string): string => `${issuer}/mcp`;

/** The RFC 9728 document at /.well-known/oauth-protected-resource[/mcp]. */
export function protectedResourceMetadata(issuer: string): Record<string, unknown> {
  return {
    resource: resourceOf(issuer),
    authorization_servers: [issuer],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "amicited-gateway",
  };
}

/** The RFC 8414 document at /.well-known/oauth-authorization-server. */
export function authorizationServerMetadata(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
    registration_endpoint: `${issuer}${OAUTH_PATHS.register}`,
    revocation_endpoint: `${issuer}${OAUTH_PATHS.revoke}`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  };
}

/** The WWW-Authenticate auth-params of /mcp's 401 (RFC 9728 §5.1, MCP scope selection). */
export function challengeParamsOf(issuer: string): string {
  return `resource_metadata="${issuer}${OAUTH_PATHS.protectedResource}/mcp", scope="${OAUTH_SCOPES.join(" ")}"`;
}
