// The gateway's OAuth 2.1 surface over real HTTP against the built gateway (issue 35): /mcp's 401
// challenge names the RFC 9728 metadata and the scopes, both metadata documents say exactly what
// the gateway does, registration refuses what it must, and the project's own OAuth client
// (client-manager's loginOAuthServer: discovery, registration, PKCE, resource, iss check) logs in
// end to end and calls tools with the token it got. Static amc_ tokens keep working beside it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { loginOAuthServer } from "@foundry-mcp/client-manager/node";
import type { OAuthStorage, StoredOAuthState } from "@foundry-mcp/client-manager";
import { payload, trackResources } from "./support/gateway-process";
import type { RunningGateway, WorkspaceTokens } from "./support/gateway-process";
import { approveByForm, authorizationUrl, consentErrorOf, initializeWith, pkcePair, postForm, registerClient, submitConsent } from "./support/oauth-client";

const resources = trackResources("all");
let tokens: Record<string, WorkspaceTokens>;
let gateway: RunningGateway;
let origin: string;

beforeAll(async () => {
  const data = resources.data(["rival"]);
  tokens = data.tokens;
  // Client ID metadata documents are served by this test on http://127.0.0.1 (production: https only).
  gateway = await resources.serve(data.dir, ["--allow-http-client-metadata"]);
  origin = new URL(gateway.url).origin;
}, 120_000);

const json = async (path: string) => {
  const response = await fetch(`${origin}${path}`);
  return { status: response.status, type: response.headers.get("content-type"), body: (await response.json()) as Record<string, unknown> };
};

describe("OAuth 2.1 surface of the gateway", () => {
  it("answers /mcp without a token with 401 and a challenge naming its metadata and scopes", async () => {
    const answer = await initializeWith(gateway.url, undefined);
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe(
      `Bearer realm="amicited-gateway", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", scope="read write"`,
    );
    const refused = await initializeWith(gateway.url, "amo_at_not-issued");
    expect(refused.headers.get("www-authenticate")).toBe(
      `Bearer realm="amicited-gateway", error="invalid_token", error_description="unknown or revoked token", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", scope="read write"`,
    );
  });

  it("serves the protected-resource (RFC 9728) and authorization-server (RFC 8414) metadata", async () => {
    const resource = await json("/.well-known/oauth-protected-resource/mcp");
    expect(resource).toEqual({
      status: 200,
      type: "application/json; charset=utf-8",
      body: { resource: `${origin}/mcp`, authorization_servers: [origin], scopes_supported: ["read", "write"], bearer_methods_supported: ["header"], resource_name: "amicited-gateway" },
    });
    expect((await json("/.well-known/oauth-protected-resource")).body).toEqual(resource.body);
    const server = await json("/.well-known/oauth-authorization-server");
    expect(server.body).toEqual({
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      scopes_supported: ["read", "write"],
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      revocation_endpoint_auth_methods_supported: ["none"],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
  });

  it("refuses to register a redirect URI that is neither https nor loopback, or a client secret", async () => {
    const register = (body: unknown) => fetch(`${origin}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const plain = await register({ redirect_uris: ["http://evil.example/callback"] });
    expect([plain.status, await plain.json()]).toEqual([400, { error: "invalid_redirect_uri", error_description: "redirect URI http://evil.example/callback must be https, or http on a loopback host (127.0.0.1, [::1], localhost)" }]);
    const fragment = await register({ redirect_uris: ["https://app.example/cb#x"] });
    expect(((await fragment.json()) as { error: string }).error).toBe("invalid_redirect_uri");
    const secret = await register({ redirect_uris: ["http://127.0.0.1:1/cb"], token_endpoint_auth_method: "client_secret_basic" });
    expect([secret.status, ((await secret.json()) as { error: string }).error]).toEqual([400, "invalid_client_metadata"]);
  });

  it("client-manager logs in end to end (discovery, registration, PKCE, resource, iss) and calls tools with its token", async () => {
    const states = new Map<string, StoredOAuthState>();
    const storage: OAuthStorage = {
      loadOAuth: (server) => states.get(server),
      saveOAuth: (server, state) => void states.set(server, state),
      clearOAuth: (server) => states.delete(server),
    };
    const result = await loginOAuthServer({
      server: "gateway",
      url: gateway.url,
      storage,
      clientName: "client-manager e2e",
      timeoutMs: 30_000,
      onAuthorizationUrl: async (url) => {
        expect(url.searchParams.get("resource")).toBe(`${origin}/mcp`);
        expect(url.searchParams.get("code_challenge_method")).toBe("S256");
        const location = await approveByForm(url.toString(), { credential: tokens.rival!.writeToken, workspace: "rival", scope: "write" });
        expect(new URL(location).searchParams.get("iss")).toBe(origin);
        // The browser would follow the redirect to client-manager's loopback listener.
        await fetch(location);
      },
    });
    expect(result).toMatchObject({ grant: "authorization_code", hasRefreshToken: true });
    const saved = states.get("gateway")!;
    expect(saved.tokens?.scope).toBe("write");
    const listDomains = { name: "run_tool", arguments: { name: "list_domains", arguments: {} } };
    const client = await resources.open(gateway.url, saved.tokens!.access_token);
    const domains = payload(await client.callTool(listDomains));
    await client.close();
    // The grant is bound to rival: it sees exactly what rival's static token sees (which keeps working).
    const legacy = await resources.open(gateway.url, tokens.rival!.readToken);
    expect(domains).toEqual(payload(await legacy.callTool(listDomains)));
    const demo = await resources.open(gateway.url, tokens.demo!.readToken);
    expect(domains).not.toEqual(payload(await demo.callTool(listDomains)));
  });

  it("refuses a PKCE downgrade (plain) and a foreign resource at the authorization endpoint (RFC 9700 §4.8, §4.9)", async () => {
    const redirectUri = "http://127.0.0.1:9/callback";
    const clientId = await registerClient(origin, [redirectUri]);
    const answerTo = async (params: Record<string, string | undefined>) => {
      const response = await fetch(authorizationUrl(origin, { client_id: clientId, redirect_uri: redirectUri, code_challenge: pkcePair().challenge, state: "s", ...params }), { redirect: "manual" });
      return { status: response.status, referrer: response.headers.get("referrer-policy"), query: Object.fromEntries(new URL(response.headers.get("location")!).searchParams) };
    };
    expect(await answerTo({ code_challenge_method: "plain" })).toEqual({
      status: 303,
      referrer: "no-referrer",
      query: { error: "invalid_request", error_description: "PKCE is required: send code_challenge (43 base64url characters) with code_challenge_method=S256", state: "s", iss: origin },
    });
    expect((await answerTo({ resource: "https://other.example/mcp" })).query).toMatchObject({ error: "invalid_target" });
    expect((await answerTo({ scope: "admin" })).query).toMatchObject({ error: "invalid_scope" });
  });

  it("serves the consent page unframeable and refuses its POST from another origin (RFC 9700 §4.16, §4.7)", async () => {
    const redirectUri = "http://127.0.0.1:9/callback";
    const clientId = await registerClient(origin, [redirectUri]);
    const url = authorizationUrl(origin, { client_id: clientId, redirect_uri: redirectUri, code_challenge: pkcePair().challenge });
    const page = await fetch(url);
    expect(page.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const form = new URL(url).searchParams;
    form.set("credential", tokens.demo!.adminToken!);
    form.set("workspace", "demo");
    form.set("grant_scope", "write");
    form.set("decision", "approve");
    const forged = await fetch(`${origin}/oauth/authorize`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example" }, body: form.toString() });
    expect([forged.status, await forged.json()]).toEqual([403, { error: "invalid_request", error_description: "Forbidden: Origin http://evil.example is not allowed" }]);
  });

  // Before, a name no workspace could have was "does not exist" with the admin token (an overlong
  // one repeated whole) and "this token belongs to workspace …" with a workspace's token.
  it("refuses a malformed or overlong workspace on the consent form with the rule, whichever token signs in; a well-formed unknown one does not exist", async () => {
    const redirectUri = "http://127.0.0.1:9/callback";
    const clientId = await registerClient(origin, [redirectUri]);
    const url = authorizationUrl(origin, { client_id: clientId, redirect_uri: redirectUri, code_challenge: pkcePair().challenge });
    const refusalOf = async (credential: string, workspace: string) => {
      const answer = await submitConsent(url, { credential, workspace, scope: "read" });
      return [answer.status, answer.headers.get("location"), consentErrorOf(await answer.text())];
    };
    const rule = "workspace must be a workspace name of 1-40 lowercase letters, digits or dashes, starting with a letter or digit";
    for (const credential of [tokens.demo!.adminToken!, tokens.demo!.readToken]) {
      expect(await refusalOf(credential, "Demo")).toEqual([401, null, `${rule}; got "Demo"`]);
      expect(await refusalOf(credential, "demo_1")).toEqual([401, null, `${rule}; got "demo_1"`]);
      expect(await refusalOf(credential, "d".repeat(41))).toEqual([401, null, `${rule}; got 41 characters`]);
    }
    expect(await refusalOf(tokens.demo!.adminToken!, "nobody")).toEqual([401, null, 'workspace "nobody" does not exist']);
  });

  it("accepts a client named by its client ID metadata document, and refuses a document naming another client", async () => {
    const documents = new Map<string, unknown>();
    const server = http.createServer((req, res) => {
      const document = documents.get(req.url ?? "");
      res.writeHead(document ? 200 : 404, { "content-type": "application/json" }).end(JSON.stringify(document ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const redirectUri = "http://127.0.0.1:9/callback";
    documents.set("/client.json", { client_id: `${base}/client.json`, client_name: "Metadata-document client", redirect_uris: [redirectUri] });
    documents.set("/impostor.json", { client_id: `${base}/client.json`, client_name: "Impostor", redirect_uris: [redirectUri] });
    try {
      const { verifier, challenge } = pkcePair();
      const clientId = `${base}/client.json`;
      const location = await approveByForm(authorizationUrl(origin, { client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge }), { credential: tokens.demo!.adminToken!, workspace: "demo", scope: "read" });
      const answer = await postForm(origin, "/oauth/token", { grant_type: "authorization_code", code: new URL(location).searchParams.get("code")!, code_verifier: verifier, client_id: clientId, redirect_uri: redirectUri });
      expect([answer.status, answer.body.scope]).toEqual([200, "read"]);
      const impostor = await fetch(authorizationUrl(origin, { client_id: `${base}/impostor.json`, redirect_uri: redirectUri, code_challenge: challenge }));
      expect(impostor.status).toBe(400);
      expect(await impostor.text()).toContain(`unknown client_id ${base}/impostor.json`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
