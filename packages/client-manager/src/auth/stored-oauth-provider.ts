// The OAuthClientProvider the SDK's HTTP transports and `auth()` drive: discovery (RFC 9728,
// RFC 8414 / OpenID), registration (RFC 7591 or client ID metadata documents), PKCE S256, the
// `resource` parameter (RFC 8707) and refresh all come from the SDK; this class decides where
// the state lives (an OAuthStorage, so it survives restarts) and what happens when a person is
// needed: in the background it refuses with AUTH_REQUIRED instead of opening anything, during
// `login` it hands the authorization URL to the caller.
import { LIBRARY_VOICE, type HostVoice } from "../host-voice";
import type { AddClientAuthentication, OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import { createPrivateKeyJwtAuth } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import { metadataIssuerProblem } from "./issuer-checks";
import type { OAuthStorage, OAuthServerConfig, StoredOAuthState } from "./oauth-types";

/** How the provider behaves when the flow needs a person. */
export type OAuthProviderMode =
  /** Connecting in the background: a needed sign-in is an AUTH_REQUIRED error, never a browser. */
  | { kind: "background" }
  /** `login`: the authorization URL goes to `onAuthorizationUrl`; the redirect comes back to `redirectUrl`. */
  | { kind: "interactive"; redirectUrl: string; onAuthorizationUrl: (url: URL) => void | Promise<void> };

/** What {@link StoredOAuthProvider} needs. */
export interface StoredOAuthProviderOptions {
  server: string;
  auth: OAuthServerConfig | undefined;
  storage: OAuthStorage;
  mode: OAuthProviderMode;
  clientName: string;
  /** The host's words in "a person must sign in" (its login command); default LIBRARY_VOICE. */
  voice?: HostVoice;
  now?: () => number;
}

/** The sentence every "a person must sign in" error uses, in the host's words. */
export function needsLoginMessage(server: string, voice: HostVoice = LIBRARY_VOICE): string {
  return `Server "${server}" needs login: ${voice.loginHint(server)} (or ClientManager login) to authorize it`;
}

/** The union of space-separated scope lists, in first-seen order ("a b" ∪ "b c" = "a b c"). */
export function unionScopes(...lists: (string | undefined)[]): string | undefined {
  const scopes = [...new Set(lists.flatMap((list) => (list ?? "").split(/\s+/).filter(Boolean)))];
  return scopes.length > 0 ? scopes.join(" ") : undefined;
}

/**
 * The registration's `application_type` (OpenID Connect DCR; a MUST in MCP 2026-07-28): `native`
 * for a redirect to the loopback interface or a private-use scheme (a program on the person's
 * machine), `web` for an https redirect elsewhere.
 */
export function applicationType(redirectUrl: string | undefined): "native" | "web" {
  if (redirectUrl === undefined) return "native";
  try {
    const url = new URL(redirectUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "native";
    return ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname) ? "native" : "web";
  } catch {
    return "native";
  }
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * An OAuth client provider whose registration and tokens persist in an {@link OAuthStorage}.
 *
 * @example
 * const provider = new StoredOAuthProvider({ server: "docs", auth: undefined, storage: configStore, mode: { kind: "background" }, clientName: "my-host" });
 * new StreamableHTTPClientTransport(url, { authProvider: provider });
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  /** The `state` sent with the last authorization request (checked on the redirect). */
  expectedState: string | undefined;
  private readonly now: () => number;
  /** The scope the server's last 403 `insufficient_scope` asked for (this connection only). */
  private stepUpScope: string | undefined;
  /** The authorization server this provider's last discovery found (the SDK stamps what it stores with it). */
  private discoveredIssuer: string | undefined;

  constructor(private readonly options: StoredOAuthProviderOptions) {
    this.now = options.now ?? Date.now;
  }

  private get grant(): "authorization_code" | "client_credentials" {
    return this.options.auth?.grant ?? "authorization_code";
  }

  private load(): StoredOAuthState {
    return this.options.storage.loadOAuth(this.options.server) ?? {};
  }

  private update(change: (state: StoredOAuthState) => void): void {
    const state = this.load();
    change(state);
    this.options.storage.saveOAuth(this.options.server, state);
  }

  private needsLogin(): never {
    throw new ClientManagerError(ClientManagerErrorCode.AUTH_REQUIRED, needsLoginMessage(this.options.server, this.options.voice), { server: this.options.server });
  }

  get redirectUrl(): string | undefined {
    if (this.grant === "client_credentials") return undefined;
    if (this.options.mode.kind === "interactive") return this.options.mode.redirectUrl;
    // In the background the flow may refresh, never redirect; a URL is still needed so the SDK
    // takes the authorization-code path (and ends in redirectToAuthorization, which refuses).
    return this.load().redirectUrl ?? "http://127.0.0.1/callback";
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.auth?.clientMetadataUrl;
  }

  /** A 403 `insufficient_scope` asked for `scope`: the next token request asks for it beside what is held. */
  requestScope(scope: string): void {
    this.stepUpScope = unionScopes(this.stepUpScope, scope);
  }

  get clientMetadata(): OAuthClientMetadata & { application_type?: "native" | "web" } {
    const redirect = this.redirectUrl;
    const scope = this.stepUpScope ? unionScopes(this.options.auth?.scope, this.load().tokens?.scope, this.stepUpScope) : this.options.auth?.scope;
    if (this.grant === "client_credentials") {
      const method = this.options.auth?.tokenEndpointAuthMethod ?? "client_secret_basic";
      return { client_name: this.options.clientName, redirect_uris: [], grant_types: ["client_credentials"], token_endpoint_auth_method: method, ...(scope ? { scope } : {}) };
    }
    return {
      client_name: this.options.clientName,
      redirect_uris: redirect ? [redirect] : [],
      application_type: applicationType(redirect),
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      ...(scope ? { scope } : {}),
    };
  }

  /**
   * With `private_key_jwt` (RFC 7523): the token request carries a client assertion signed by the
   * configured key (the SDK's createPrivateKeyJwtAuth; audience the authorization server's issuer).
   */
  get addClientAuthentication(): AddClientAuthentication | undefined {
    const auth = this.options.auth;
    if (auth?.tokenEndpointAuthMethod !== "private_key_jwt" || !auth.clientId || !auth.privateKey) return undefined;
    return createPrivateKeyJwtAuth({ issuer: auth.clientId, subject: auth.clientId, privateKey: auth.privateKey, alg: auth.signingAlgorithm ?? "RS256" });
  }

  state(): string {
    this.expectedState = randomState();
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const stored = this.load();
    const configured = this.options.auth?.clientId;
    if (configured) {
      const secret = stored.clientSecret;
      return { ...(stored.client?.client_id === configured ? stored.client : {}), client_id: configured, ...(secret ? { client_secret: secret } : {}) };
    }
    if (stored.client) {
      // Registered with another authorization server than the protected resource names now
      // (SEP-2352): the SDK would register again, which belongs to a login, not the background.
      const boundTo = (stored.client as { issuer?: unknown }).issuer;
      const moved = typeof boundTo === "string" && this.discoveredIssuer !== undefined && boundTo.replace(/\/$/, "") !== this.discoveredIssuer.replace(/\/$/, "");
      if (moved && this.options.mode.kind === "background") this.needsLogin();
      return stored.client;
    }
    // No registration yet: registering belongs to an interactive login (or the machine grant,
    // which needs a pre-registered client), not to a background reconnect.
    if (this.options.mode.kind === "background") this.needsLogin();
    return undefined;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.update((state) => {
      state.client = information;
      const redirect = this.redirectUrl;
      if (this.options.mode.kind === "interactive" && redirect) state.redirectUrl = redirect;
    });
  }

  tokens(): OAuthTokens | undefined {
    const tokens = this.load().tokens;
    if (!tokens) return undefined;
    const { expires_at: _expiresAt, ...wire } = tokens;
    return wire;
  }

  saveTokens(tokens: OAuthTokens): void {
    // The machine grant keeps no refresh token (RFC 6749 §4.4.3): a new token is always one request
    // away, and a refresh could not widen the scope a step-up asks for.
    const { refresh_token: refreshToken, ...rest } = tokens;
    const kept: OAuthTokens = this.grant === "client_credentials" || refreshToken === undefined ? rest : { ...rest, refresh_token: refreshToken };
    this.update((state) => {
      state.tokens = { ...kept, ...(typeof tokens.expires_in === "number" ? { expires_at: this.now() + tokens.expires_in * 1000 } : {}) };
      delete state.codeVerifier;
    });
  }

  /** Epoch ms at which the stored access token expires, when the server said. */
  tokenExpiresAt(): number | undefined {
    return this.load().tokens?.expires_at;
  }

  hasRefreshToken(): boolean {
    return Boolean(this.load().tokens?.refresh_token);
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (this.options.mode.kind !== "interactive") {
      // A step-up (403 insufficient_scope) or an expired session: remember what was asked for,
      // so the next login requests it, then say a person is needed.
      // The union with what the stored token already had, so the step-up keeps earlier grants.
      const scope = authorizationUrl.searchParams.get("scope");
      if (scope) this.update((state) => void (state.pendingScope = unionScopes(state.tokens?.scope, state.pendingScope, scope)));
      this.needsLogin();
    }
    await this.options.mode.onAuthorizationUrl(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.update((state) => {
      state.codeVerifier = codeVerifier;
    });
  }

  codeVerifier(): string {
    const verifier = this.load().codeVerifier;
    if (!verifier) throw new ClientManagerError(ClientManagerErrorCode.AUTH_FAILED, `No PKCE code verifier is stored for "${this.options.server}"; start the login again`, { server: this.options.server });
    return verifier;
  }

  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (this.grant !== "client_credentials") return undefined;
    const params = new URLSearchParams({ grant_type: "client_credentials" });
    // A step-up (403 insufficient_scope) asks for `scope`: request it beside what was granted before.
    const wanted = unionScopes(this.options.auth?.scope, this.load().tokens?.scope, scope);
    if (wanted) params.set("scope", wanted);
    return params;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    this.update((state) => {
      if (scope === "all" || scope === "client") delete state.client;
      if (scope === "all" || scope === "tokens") delete state.tokens;
      if (scope === "all" || scope === "verifier") delete state.codeVerifier;
      if (scope === "all" || scope === "discovery") delete state.discovery;
    });
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    // The SDK saves discovery before it uses any endpoint of the metadata: refuse poisoned metadata here.
    const problem = metadataIssuerProblem(discovery.authorizationServerUrl, discovery.authorizationServerMetadata);
    if (problem) throw new ClientManagerError(ClientManagerErrorCode.AUTH_FAILED, `Authorization for "${this.options.server}" stopped: ${problem}`, { server: this.options.server });
    this.discoveredIssuer = discovery.authorizationServerUrl;
    this.update((state) => {
      state.discovery = discovery;
    });
  }

  /**
   * The stored discovery, for the second half of a login (the code belongs to the authorization
   * server that issued it). In the background every authorization discovers afresh: the
   * protected resource may name a new authorization server since (SEP-2352).
   */
  discoveryState(): OAuthDiscoveryState | undefined {
    if (this.options.mode.kind === "background") return undefined;
    return this.load().discovery;
  }

  /** The stored discovery, whatever the mode (the login's redirect checks read its metadata). */
  storedDiscovery(): OAuthDiscoveryState | undefined {
    return this.load().discovery;
  }
}
