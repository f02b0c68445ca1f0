// /oauth/authorize: GET shows the consent page for a valid authorization request; POST (the
// page's form) carries the same request again, checked again, with the person's decision. An
// unknown client or a redirect URI it did not register is answered on the page itself, never by
// a redirect (OAuth 2.1 §4.1.2.1: an open redirector otherwise); every other refusal goes back to
// the client's redirect URI with `error`, `state` and `iss` (RFC 9207). PKCE is S256 only, and
// the resource, when sent, must be this gateway's /mcp (RFC 8707).
import { findWorkspace, isAdminToken, isWorkspaceName, issueAuthorizationCode, resolveToken, workspaceNameRefusal } from "@foundry-mcp/workspace-store";
import type { TokenScope, WorkspaceStore } from "@foundry-mcp/workspace-store";
import { findClient, type ClientMetadataPolicy, type KnownClient } from "./clients";
import { renderConsentPage } from "./consent-page";
import { resourceOf } from "./endpoints";
import { isRegisteredRedirect } from "./redirect-uris";

/** A checked authorization request. */
export interface AuthorizationRequest {
  client: KnownClient;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  resource: string;
  requestedScopes: string[];
}

/** Where a refusal goes: the page itself (no trustworthy redirect URI) or the client's redirect URI. */
export type AuthorizeOutcome =
  | { request: AuthorizationRequest }
  | { page: string }
  | { redirect: string; error: string; description: string; state: string | undefined };

const PARAMS = ["response_type", "client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "scope", "resource"] as const;
const MAX_PARAM_LENGTH = 2048;

/** Checks an authorization request's parameters (from the query or the consent form). */
export async function checkAuthorizationRequest(
  store: WorkspaceStore,
  params: URLSearchParams,
  issuer: string,
  policy: ClientMetadataPolicy,
): Promise<AuthorizeOutcome> {
  for (const name of PARAMS) {
    if (params.getAll(name).length > 1) return { page: `the parameter ${name} appears more than once; send it once` };
    if ((params.get(name) ?? "").length > MAX_PARAM_LENGTH) return { page: `the parameter ${name} is longer than ${MAX_PARAM_LENGTH} characters` };
  }
  const clientId = params.get("client_id") ?? "";
  const client = await findClient(store, clientId, policy);
  if (!client) return { page: clientId === "" ? "client_id is missing: the client must register first (POST /oauth/register) or use a client ID metadata document URL" : `unknown client_id ${clientId}: register it (POST /oauth/register) or serve its metadata document over https` };
  const redirectUri = params.get("redirect_uri") ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : "");
  if (!isRegisteredRedirect(redirectUri, client.redirectUris))
    return { page: `redirect_uri ${redirectUri || "(missing)"} is not one that client ${clientId} registered; the client must send one of its registered redirect URIs` };
  const state = params.get("state") ?? undefined;
  const refuse = (error: string, description: string): AuthorizeOutcome => ({ redirect: redirectUri, error, description, state });
  if (params.get("response_type") !== "code") return refuse("unsupported_response_type", `response_type must be "code"; got ${JSON.stringify(params.get("response_type"))}`);
  const codeChallenge = params.get("code_challenge") ?? "";
  if (params.get("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge))
    return refuse("invalid_request", "PKCE is required: send code_challenge (43 base64url characters) with code_challenge_method=S256");
  const resource = params.get("resource") ?? resourceOf(issuer);
  if (resource !== resourceOf(issuer)) return refuse("invalid_target", `resource must be ${resourceOf(issuer)}, the only resource this authorization server issues tokens for; got ${resource}`);
  const requestedScopes = (params.get("scope") ?? "").split(" ").filter((scope) => scope !== "");
  const unknownScope = requestedScopes.find((scope) => scope !== "read" && scope !== "write");
  if (unknownScope !== undefined) return refuse("invalid_scope", `scope ${unknownScope} is not offered; the gateway's scopes are "read" and "write"`);
  return { request: { client, redirectUri, state, codeChallenge, resource, requestedScopes } };
}

/** The client's redirect URI with the answer's parameters, `state` and `iss` (RFC 9207). */
export function redirectWith(redirectUri: string, issuer: string, answer: Record<string, string>, state: string | undefined): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
  if (state !== undefined) url.searchParams.set("state", state);
  url.searchParams.set("iss", issuer);
  return url.toString();
}

/** The consent page for a checked request (with the last submit's refusal, if any). */
export function consentPageFor(request: AuthorizationRequest, params: URLSearchParams, error?: string): string {
  const carried: Record<string, string> = {};
  for (const name of PARAMS) {
    const value = params.get(name);
    if (value !== null) carried[name] = value;
  }
  if (!params.has("redirect_uri")) carried.redirect_uri = request.redirectUri;
  return renderConsentPage({
    clientName: request.client.clientName,
    clientId: request.client.clientId,
    redirectUri: request.redirectUri,
    request: carried,
    suggestedScope: request.requestedScopes.includes("write") || request.requestedScopes.length === 0 ? "write" : "read",
    ...(error !== undefined ? { error } : {}),
  });
}

/**
 * The person's approval: the credential proves they may grant the workspace (the admin token for
 * any workspace, a workspace token for its own, a read token for reads only). A code on success;
 * else the sentence the page shows. A workspace field left empty means the token's own workspace;
 * one no workspace could have is refused in the dashboard's words (workspaceNameRefusal), whichever
 * credential came, and only a well-formed name is looked up ("does not exist" when unknown).
 */
export async function approve(store: WorkspaceStore, request: AuthorizationRequest, form: URLSearchParams): Promise<{ code: string } | { refused: string }> {
  const credential = (form.get("credential") ?? "").trim();
  const workspaceName = (form.get("workspace") ?? "").trim();
  const scope = form.get("grant_scope");
  if (scope !== "read" && scope !== "write") return { refused: `pick a scope: "read" or "write"` };
  if (workspaceName !== "" && !isWorkspaceName(workspaceName)) return { refused: workspaceNameRefusal("workspace", workspaceName) };
  let workspaceId: string;
  if (credential !== "" && (await isAdminToken(store, credential))) {
    const workspace = workspaceName === "" ? undefined : await findWorkspace(store, workspaceName);
    if (!workspace) return { refused: workspaceName === "" ? "name the workspace to grant: the admin token may grant any of them" : `workspace "${workspaceName}" does not exist` };
    workspaceId = workspace.id;
  } else {
    const token = credential === "" ? undefined : await resolveToken(store, credential);
    if (!token) return { refused: "sign in: the admin token or a live token of the workspace; this one is unknown or revoked" };
    if (workspaceName !== "" && workspaceName !== token.workspaceName) return { refused: `this token belongs to workspace "${token.workspaceName}", not "${workspaceName}"` };
    if (scope === "write" && token.scope === "read") return { refused: "a read token can grant the read scope only; pick read, or sign in with a write token" };
    workspaceId = token.workspaceId;
  }
  const granted: TokenScope = scope;
  const code = await issueAuthorizationCode(store, {
    clientId: request.client.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    resource: request.resource,
    workspaceId,
    scope: granted,
  });
  return { code };
}

