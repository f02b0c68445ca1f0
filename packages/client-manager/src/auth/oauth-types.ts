// The data model of MCP authorization (OAuth 2.1) on the client side: what `mcp.json` may say
// about a server's authorization (`auth`), and what the credentials store keeps per server
// (client registration, tokens, PKCE verifier, discovery results). Plain data, no I/O.
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";

/** The OAuth grants a server entry may ask for. */
export type OAuthGrant = "authorization_code" | "client_credentials";

/**
 * `oauth` of a remote server in `mcp.json`. Absent: a 401 with `WWW-Authenticate` still leads to
 * the authorization-code flow, started by the host's login command (loginOAuthServer). Secrets (a client secret)
 * never live here: they go to the credentials file (`ConfigStore.setOAuthClientSecret`).
 */
export interface OAuthServerConfig {
  /** Default `authorization_code` (a person signs in once); `client_credentials` for machine-to-machine servers. */
  grant?: OAuthGrant;
  /** A client id registered beforehand; without it the client registers itself (RFC 7591) or uses `clientMetadataUrl`. */
  clientId?: string;
  /** Scopes to ask for; default: what the protected resource advertises. */
  scope?: string;
  /** An https URL of a client ID metadata document, used when the authorization server supports them. */
  clientMetadataUrl?: string;
  /**
   * `private_key_jwt` (RFC 7523): the client proves itself with a JWT signed by `privateKey`
   * instead of a client secret. Needs a pre-registered `clientId`.
   */
  tokenEndpointAuthMethod?: "private_key_jwt";
  /** The PEM (PKCS #8) signing key of `private_key_jwt`, always as a `${VAR}` reference in `mcp.json`. */
  privateKey?: string;
  /** The JWS algorithm of `private_key_jwt` (default `RS256`; `ES256`, `PS256`, … as the key is). */
  signingAlgorithm?: string;
}

/** Tokens as stored: the SDK's tokens plus the moment they expire (epoch ms), when known. */
export interface StoredOAuthTokens extends OAuthTokens {
  expires_at?: number;
}

/** Everything kept for one server between runs (in `mcp-credentials.json`, 0600). */
export interface StoredOAuthState {
  client?: OAuthClientInformationMixed;
  tokens?: StoredOAuthTokens | undefined;
  codeVerifier?: string;
  /** The loopback redirect URL the client was registered with (its port is reused on the next login). */
  redirectUrl?: string;
  discovery?: OAuthDiscoveryState;
  /** A pre-registered client's secret (from `ConfigStore.setOAuthClientSecret`). */
  clientSecret?: string;
  /** A scope the server asked for (403 `insufficient_scope` step-up) that the next login requests. */
  pendingScope?: string | undefined;
}

/**
 * Where OAuth state lives. `ConfigStore` (from `/node`) keeps it in `mcp-credentials.json`;
 * a library user may keep it anywhere (a keychain, a database). Never log what it returns.
 */
export interface OAuthStorage {
  loadOAuth(server: string): StoredOAuthState | undefined;
  saveOAuth(server: string, state: StoredOAuthState): void;
  clearOAuth(server: string): boolean;
}
