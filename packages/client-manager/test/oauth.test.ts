// MCP authorization end to end against a real authorization server on 127.0.0.1 (the fixture
// oauth-server.mjs, built on the SDK's server-side OAuth): discovery, dynamic registration,
// PKCE S256 with the resource parameter, a token used, refresh after expiry (reactive on 401
// and before expiry), revocation ending in a clean "needs login" state without a retry loop,
// the machine grant, and tokens that never reach mcp.json, the public view, events or errors.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientManager, type HostEvent } from "../src/index";
import { ConfigStore, loginOAuthServer } from "../src/node";
import { HOST_VOICE, makeTempDir } from "./helpers";
import { approveInBrowser, startAuthServer, stopAuthServers, type Fixture } from "./oauth-fixture";

function newManager(store: ConfigStore, events: HostEvent[] = []): ClientManager {
  const manager = new ClientManager({ config: store.load(), credentials: store, oauth: store, voice: HOST_VOICE, pingIntervalMs: 0, reconnect: { initialDelayMs: 20, maxDelayMs: 50 } });
  manager.on("event", (event) => void events.push(event));
  return manager;
}

function secretsOf(store: ConfigStore, server: string): string[] {
  const tokens = store.loadOAuth(server)?.tokens;
  return [tokens?.access_token, tokens?.refresh_token].filter((value): value is string => typeof value === "string");
}

afterAll(stopAuthServers);

describe("OAuth: authorization code with PKCE against a real authorization server", () => {
  let fixture: Fixture;
  let store: ConfigStore;

  beforeAll(async () => {
    fixture = await startAuthServer();
    store = new ConfigStore(makeTempDir("cm-oauth-"));
    store.addServer("docs", { transport: "streamable_http", url: fixture.url, sseFallback: false });
  });

  it("a server that needs sign-in shows needs login, registers nothing in the background and is not retried", async () => {
    const events: HostEvent[] = [];
    const manager = newManager(store, events);
    await manager.start();
    const [status] = manager.status();
    expect(status?.state).toBe("error");
    expect(status?.lastError).toBe('Server "docs" needs login: run `foya mcp login docs` (or ClientManager login) to authorize it');
    expect(events.filter((event) => event.type === "reconnect_scheduled")).toEqual([]);
    expect((await fixture.stats()).registrations).toBe(0);
    await manager.close();
  });

  it("login discovers, registers, sends PKCE S256 and the resource, and stores tokens only in the 0600 credentials file", async () => {
    let authorizationUrl: URL | undefined;
    const result = await loginOAuthServer({
      server: "docs",
      url: fixture.url,
      storage: store,
      onAuthorizationUrl: async (url) => {
        authorizationUrl = url;
        await approveInBrowser(url);
      },
    });
    expect(result).toMatchObject({ grant: "authorization_code", hasRefreshToken: true });
    expect(authorizationUrl?.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl?.searchParams.get("resource")).toBe(fixture.url);
    expect(authorizationUrl?.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const stats = await fixture.stats();
    expect(stats).toMatchObject({ registrations: 1, codeExchanges: 1 });
    expect(stats.resources).toContain(fixture.url);
    const secrets = secretsOf(store, "docs");
    expect(secrets).toHaveLength(2);
    expect((fs.statSync(store.credentialsPath).mode & 0o777).toString(8)).toBe("600");
    const config = fs.readFileSync(store.configPath, "utf8");
    const publicView = JSON.stringify(store.publicView());
    for (const secret of secrets) {
      expect(config).not.toContain(secret);
      expect(publicView).not.toContain(secret);
    }
    expect(store.publicView()[0]).toMatchObject({ name: "docs", has_token: true, auth: "oauth" });
  });

  it("uses the token, refreshes after the access token expires, and keeps the tokens out of events", async () => {
    const events: HostEvent[] = [];
    const manager = newManager(store, events);
    await manager.start();
    expect(manager.status()[0]?.state).toBe("connected");
    const first = await manager.callTool("mcp__docs__whoami", {});
    expect(first.isError).toBe(false);
    expect(JSON.stringify(first.content)).toMatch(/client client-\w+ scopes mcp/);

    const before = secretsOf(store, "docs");
    await fixture.admin("expire-access");
    const second = await manager.callTool("mcp__docs__whoami", {});
    expect(second.isError).toBe(false);
    expect((await fixture.stats()).refreshes).toBe(1);
    const after = secretsOf(store, "docs");
    expect(after[0]).not.toBe(before[0]);
    await manager.close();
    const serialized = JSON.stringify(events);
    for (const secret of [...before, ...after]) expect(serialized).not.toContain(secret);
  });

  it("refreshes before expiry when the stored token is about to run out", async () => {
    const state = store.loadOAuth("docs")!;
    store.saveOAuth("docs", { ...state, tokens: { ...state.tokens!, expires_at: Date.now() + 5_000 } });
    const refreshes = (await fixture.stats()).refreshes;
    const manager = newManager(store);
    await manager.start();
    expect(manager.status()[0]?.state).toBe("connected");
    expect((await fixture.stats()).refreshes).toBe(refreshes + 1);
    expect(store.loadOAuth("docs")!.tokens!.expires_at! - Date.now()).toBeGreaterThan(60_000);
    await manager.close();
  });

  it("a revoked grant ends in a clean needs-login state: the call fails with AUTH_REQUIRED and nothing retries", async () => {
    const events: HostEvent[] = [];
    const manager = newManager(store, events);
    await manager.start();
    const secrets = secretsOf(store, "docs");
    await fixture.admin("revoke-all");
    const result = await manager.callTool("mcp__docs__whoami", {});
    expect(result).toMatchObject({ isError: true, errorCode: "AUTH_REQUIRED" });
    const [status] = manager.status();
    expect(status?.state).toBe("error");
    expect(status?.lastError).toContain("needs login");
    expect(events.filter((event) => event.type === "reconnect_scheduled")).toEqual([]);
    expect(store.loadOAuth("docs")?.tokens).toBeUndefined();
    const serialized = JSON.stringify([events, result, status]);
    for (const secret of secrets) expect(serialized).not.toContain(secret);
    await manager.close();
  });

  it("a login whose redirect carries a foreign state is not accepted, and a refused sign-in is AUTH_FAILED", async () => {
    await expect(
      loginOAuthServer({
        server: "docs",
        url: fixture.url,
        storage: store,
        timeoutMs: 2_000,
        onAuthorizationUrl: async (url) => {
          const redirect = new URL(url.searchParams.get("redirect_uri")!);
          const forged = await fetch(`${redirect.href}?code=stolen&state=not-the-one`);
          expect(forged.status).toBe(400);
          const refused = await fetch(`${redirect.href}?error=access_denied&error_description=the+user+said+no&state=${url.searchParams.get("state")}`);
          expect(refused.status).toBe(400);
        },
      }),
    ).rejects.toMatchObject({ code: "AUTH_FAILED", message: 'The authorization server refused the login for "docs": access_denied (the user said no)' });
  });

  it("logout forgets the tokens and registration", () => {
    expect(store.clearOAuth("docs")).toBe(true);
    expect(store.loadOAuth("docs")).toBeUndefined();
    expect(store.publicView()[0]).toMatchObject({ has_token: false, auth: "none" });
  });
});

describe("OAuth: client credentials for machine-to-machine servers", () => {
  it("fetches a token with the pre-registered client whose secret lives in the credentials file", async () => {
    const fixture = await startAuthServer(["--client-id", "robot", "--client-secret", "s3cret-value"]);
    const store = new ConfigStore(makeTempDir("cm-oauth-cc-"));
    store.addServer("ops", { transport: "streamable_http", url: fixture.url, sseFallback: false, oauth: { grant: "client_credentials", clientId: "robot" } });
    store.setOAuthClientSecret("ops", "s3cret-value");
    expect(fs.readFileSync(store.configPath, "utf8")).not.toContain("s3cret-value");
    const manager = newManager(store);
    await manager.start();
    expect(manager.status()[0]?.lastError).toBeUndefined();
    const result = await manager.callTool("mcp__ops__whoami", {});
    expect(JSON.stringify(result.content)).toContain("client robot scopes mcp");
    expect((await fixture.stats()).clientCredentials).toBe(1);
    await manager.close();
  });

  it("a wrong client secret is a clear error naming the refusal, not a retry loop", async () => {
    const fixture = await startAuthServer(["--client-id", "robot", "--client-secret", "right"]);
    const store = new ConfigStore(makeTempDir("cm-oauth-cc2-"));
    store.addServer("ops", { transport: "streamable_http", url: fixture.url, sseFallback: false, oauth: { grant: "client_credentials", clientId: "robot" } });
    store.setOAuthClientSecret("ops", "wrong");
    const events: HostEvent[] = [];
    const manager = newManager(store, events);
    await manager.start();
    const [status] = manager.status();
    expect(status?.state).toBe("error");
    expect(status?.lastError).toBe('The authorization server refused "ops": invalid_client; check its oauth settings and client secret, or run `foya mcp login ops`');
    expect(status?.lastError).not.toContain("wrong");
    expect(events.filter((event) => event.type === "reconnect_scheduled")).toEqual([]);
    await manager.close();
  });

  it("refuses a client secret in mcp.json and the machine grant without a client id", () => {
    const store = new ConfigStore(makeTempDir("cm-oauth-bad-"));
    expect(() => store.addServer("ops", { transport: "streamable_http", url: "http://127.0.0.1:9/mcp", oauth: { grant: "client_credentials" } })).toThrow(
      "servers.ops.oauth: the client_credentials grant needs a pre-registered clientId (and its secret in the credentials file)",
    );
    expect(() => store.addServer("ops", { transport: "streamable_http", url: "http://127.0.0.1:9/mcp", oauth: { clientSecret: "x" } } as never)).toThrow(
      "servers.ops.oauth.clientSecret: secrets do not belong in mcp.json",
    );
  });
});
