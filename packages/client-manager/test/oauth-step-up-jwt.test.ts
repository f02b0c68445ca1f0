// #19 leftovers against the real authorization server on 127.0.0.1 (__fixtures__/oauth-server.mjs):
// scope step-up after a 403 `insufficient_scope` (the token is fetched again for the union of the
// scopes held and the scope asked for, once: a second 403 for the same challenge is an error, not a
// loop), and private_key_jwt client authentication (RFC 7523) with the key from a ${VAR} in the config.
import { generateKeyPairSync } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { ClientManager } from "../src/index";
import { ConfigStore } from "../src/node";
import { HOST_VOICE, makeTempDir } from "./helpers";
import { startAuthServer, stopAuthServers } from "./oauth-fixture";

afterAll(stopAuthServers);

function manager(store: ConfigStore, env: Record<string, string> = {}): ClientManager {
  return new ClientManager({ config: store.load(), credentials: store, oauth: store, voice: HOST_VOICE, env, pingIntervalMs: 0, reconnect: { maxAttempts: 0 } });
}

describe("OAuth scope step-up (403 insufficient_scope)", () => {
  it("fetches a token for the union of the scopes and repeats the call once", async () => {
    const fixture = await startAuthServer(["--client-id", "robot", "--client-secret", "s3cret", "--require-scope", "admin"]);
    const store = new ConfigStore(makeTempDir("cm-stepup-"));
    store.addServer("ops", { transport: "streamable_http", url: fixture.url, sseFallback: false, oauth: { grant: "client_credentials", clientId: "robot", scope: "mcp" } });
    store.setOAuthClientSecret("ops", "s3cret");
    const host = manager(store);
    await host.start();
    const result = await host.callTool("mcp__ops__whoami", {});
    expect(JSON.stringify(result.content)).toContain("client robot scopes mcp admin");
    const stats = await fixture.stats();
    expect(stats.stepUps).toBe(1);
    expect(stats.scopes).toEqual(["mcp", "mcp admin"]);
    expect(store.loadOAuth("ops")?.tokens?.scope).toBe("mcp admin");
    await host.close();
  });

  it("stops after one step-up when the authorization server will not grant the scope", async () => {
    const fixture = await startAuthServer(["--client-id", "robot", "--client-secret", "s3cret", "--require-scope", "admin", "--grantable", "mcp"]);
    const store = new ConfigStore(makeTempDir("cm-stepup-bounded-"));
    store.addServer("ops", { transport: "streamable_http", url: fixture.url, sseFallback: false, oauth: { grant: "client_credentials", clientId: "robot", scope: "mcp" } });
    store.setOAuthClientSecret("ops", "s3cret");
    const host = manager(store);
    await host.start();
    const result = await host.callTool("mcp__ops__whoami", {});
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain("403");
    const stats = await fixture.stats();
    expect(stats.stepUps).toBe(2);
    expect(stats.clientCredentials).toBe(2);
    await host.close();
  });
});

describe("OAuth private_key_jwt (RFC 7523)", () => {
  const keys = generateKeyPairSync("ec", { namedCurve: "P-256", publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
  const jwtServer = { grant: "client_credentials", clientId: "robot", tokenEndpointAuthMethod: "private_key_jwt", privateKey: "${ROBOT_KEY}", signingAlgorithm: "ES256" } as const;

  it("authenticates with a JWT signed by the key the config names, and no secret anywhere", async () => {
    const fixture = await startAuthServer(["--client-id", "robot"], { JWT_PUBLIC_KEY: keys.publicKey });
    const store = new ConfigStore(makeTempDir("cm-jwt-"));
    store.addServer("ops", { transport: "streamable_http", url: fixture.url, sseFallback: false, oauth: jwtServer });
    const host = manager(store, { ROBOT_KEY: keys.privateKey });
    await host.start();
    expect(host.status()[0]?.lastError).toBeUndefined();
    expect(JSON.stringify((await host.callTool("mcp__ops__whoami", {})).content)).toContain("client robot scopes mcp");
    expect((await fixture.stats()).jwtAssertions).toBe(1);
    await host.close();
  });

  it("a key the server does not know is refused as invalid_client, once", async () => {
    const other = generateKeyPairSync("ec", { namedCurve: "P-256", privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
    const fixture = await startAuthServer(["--client-id", "robot"], { JWT_PUBLIC_KEY: keys.publicKey });
    const store = new ConfigStore(makeTempDir("cm-jwt-wrong-"));
    store.addServer("ops", { transport: "streamable_http", url: fixture.url, sseFallback: false, oauth: jwtServer });
    const host = manager(store, { ROBOT_KEY: other.privateKey });
    await host.start();
    expect(host.status()[0]?.lastError).toBe('The authorization server refused "ops": invalid_client; check its oauth settings and client secret, or run `foya mcp login ops`');
    expect((await fixture.stats()).jwtAssertions).toBe(0);
    await host.close();
  });

  it("refuses a literal key in mcp.json and private_key_jwt without a key", () => {
    const store = new ConfigStore(makeTempDir("cm-jwt-bad-"));
    const add = (oauth: object) => () => store.addServer("ops", { transport: "streamable_http", url: "http://127.0.0.1:9/mcp", oauth } as never);
    expect(add({ ...jwtServer, privateKey: "-----BEGIN PRIVATE KEY-----" })).toThrow("servers.ops.oauth.privateKey must be one ${VAR} reference to an environment variable holding the PEM key; a key does not belong in mcp.json");
    expect(add({ grant: "client_credentials", clientId: "robot", tokenEndpointAuthMethod: "private_key_jwt" })).toThrow("servers.ops.oauth: private_key_jwt needs a pre-registered clientId and privateKey (a ${VAR} holding the PEM key)");
    expect(add({ grant: "client_credentials", clientId: "robot", tokenEndpointAuthMethod: "client_secret_jwt" })).toThrow('servers.ops.oauth.tokenEndpointAuthMethod must be "private_key_jwt"');
  });
});
