// The gateway as an OAuth 2.1 authorization server, driven through its consent page in real
// headless Chromium against the built gateway (issue 35): a client registers, sends the person to
// /oauth/authorize, the page is signed in and approved, the redirect carries code, state and iss,
// and the token calls search_tools and run_tool. Then each refusal the spec names: deny
// (access_denied), a redirect URI the client did not register (shown on the page, never
// redirected), an expired code, a wrong PKCE verifier, a replayed code (which also revokes what
// the code produced) and a refresh after revocation (invalid_grant), and the dashboard listing
// the grant beside the static tokens and revoking it.
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { openWorkspaceStore } from "@foundry-mcp/workspace-store";
import { payload, trackResources } from "./support/gateway-process";
import type { RunningGateway, WorkspaceTokens } from "./support/gateway-process";
import { chromiumGate, launchChromium } from "./support/chromium";
import { signIn } from "./support/dashboard";
import { authorizationUrl, initializeWith, listenForRedirects, pkcePair, postForm, registerClient, type CallbackListener } from "./support/oauth-client";

const gate = chromiumGate();
const resources = trackResources("all");
let dir: string;
let tokens: Record<string, WorkspaceTokens>;
let gateway: RunningGateway;
let origin: string;
let browser: Browser;
let page: Page;
let callback: CallbackListener;
let clientId: string;
const problems: string[] = [];

beforeAll(async () => {
  if (!gate.run) return;
  ({ dir, tokens } = resources.data());
  gateway = await resources.serve(dir);
  origin = new URL(gateway.url).origin;
  callback = await listenForRedirects();
  resources.defer(() => callback.close());
  clientId = await registerClient(origin, [callback.redirectUri], "Chromium test client");
  browser = await launchChromium();
  resources.defer(() => browser.close());
  page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(30_000);
  page.on("console", (message) => void (message.type() === "error" && !message.text().startsWith("Failed to load resource") && problems.push(message.text())));
  page.on("pageerror", (error) => void problems.push(error.message));
}, 120_000);

/** Opens the consent page for a fresh request; its PKCE verifier and state. */
async function openConsent(extra: Record<string, string | undefined> = {}) {
  const { verifier, challenge } = pkcePair();
  const state = `state-${Math.random().toString(36).slice(2)}`;
  await page.goto(authorizationUrl(origin, { client_id: clientId, redirect_uri: callback.redirectUri, code_challenge: challenge, state, ...extra }));
  return { verifier, state };
}

/** Signs the consent page in and approves; the redirect's parameters. */
async function approve(credential: string, workspace: string, scope: "read" | "write") {
  await page.getByLabel("Admin token, or a token of the workspace", { exact: true }).fill(credential);
  await page.getByLabel("Workspace", { exact: true }).fill(workspace);
  await page.locator(`input[name=grant_scope][value=${scope}]`).check();
  const redirected = callback.next();
  await page.getByRole("button", { name: "Approve" }).click();
  return redirected;
}

/** A code approved for the demo workspace with the write scope, and its verifier. */
async function approvedCode() {
  const { verifier } = await openConsent();
  const redirect = await approve(tokens.demo!.adminToken!, "demo", "write");
  return { code: redirect.get("code")!, verifier };
}

const redeem = (code: string, verifier: string) =>
  postForm(origin, "/oauth/token", { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: callback.redirectUri, resource: `${origin}/mcp` });

describe.skipIf(!gate.run)("OAuth consent in headless Chromium", { timeout: 90_000 }, () => {
  it("approves on the consent page; the token calls search_tools and run_tool on the chosen workspace", async () => {
    const { verifier, state } = await openConsent();
    expect(await page.locator("#client-name").innerText()).toBe("Chromium test client");
    expect(await page.locator("#redirect-uri").innerText()).toBe(callback.redirectUri);
    // The dashboard's stylesheet styles the page: the brand bar has its panel background.
    expect(await page.locator("link[rel=stylesheet]").getAttribute("href")).toMatch(/^\/ui\/assets\/.+\.css$/);
    await page.getByLabel("Admin token, or a token of the workspace", { exact: true }).fill("amc_admin_wrong");
    await page.getByLabel("Workspace", { exact: true }).fill("demo");
    await page.getByRole("button", { name: "Approve" }).click();
    expect(await page.getByRole("alert").innerText()).toBe("sign in: the admin token or a live token of the workspace; this one is unknown or revoked");
    const redirect = await approve(tokens.demo!.adminToken!, "demo", "write");
    expect([...redirect.keys()].sort()).toEqual(["code", "iss", "state"]);
    expect(redirect.get("state")).toBe(state);
    expect(redirect.get("iss")).toBe(origin);
    const answer = await redeem(redirect.get("code")!, verifier);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe("no-store");
    expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "write" });
    expect(String(answer.body.access_token)).toMatch(/^amo_at_/);
    const client = await resources.open(gateway.url, String(answer.body.access_token));
    const found = payload(await client.callTool({ name: "search_tools", arguments: { query: "is the site down", limit: 3 } }));
    expect(JSON.stringify(found)).toContain("uptime_is_site_down");
    const domains = payload(await client.callTool({ name: "run_tool", arguments: { name: "list_domains", arguments: {} } }));
    expect(JSON.stringify(domains)).toContain("hostname");
    expect(problems).toEqual([]);
  });

  it("signed in with a read token, grants read only and the token cannot write", async () => {
    const { verifier } = await openConsent();
    await page.getByLabel("Admin token, or a token of the workspace", { exact: true }).fill(tokens.demo!.readToken);
    await page.locator("input[name=grant_scope][value=write]").check();
    await page.getByRole("button", { name: "Approve" }).click();
    expect(await page.getByRole("alert").innerText()).toBe("a read token can grant the read scope only; pick read, or sign in with a write token");
    const redirect = await approve(tokens.demo!.readToken, "", "read");
    const answer = await redeem(redirect.get("code")!, verifier);
    expect(answer.body.scope).toBe("read");
    const client = await resources.open(gateway.url, String(answer.body.access_token));
    const refused = await client.callTool({ name: "run_tool", arguments: { name: "uptime_pause_monitor", arguments: { monitor_id: 1 } } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain("read");
  });

  it("deny: the client gets error=access_denied with its state and iss", async () => {
    const { state } = await openConsent();
    const redirected = callback.next();
    await page.getByRole("button", { name: "Deny" }).click();
    const redirect = await redirected;
    expect(Object.fromEntries(redirect)).toEqual({ error: "access_denied", error_description: "the person denied the request", state, iss: origin });
  });

  it("a redirect URI the client did not register is refused on the page, never redirected to", async () => {
    await openConsent({ redirect_uri: callback.redirectUri.replace("/callback", "/elsewhere") });
    expect(await page.locator("#consent-error").innerText()).toBe(
      `redirect_uri ${callback.redirectUri.replace("/callback", "/elsewhere")} is not one that client ${clientId} registered; the client must send one of its registered redirect URIs`,
    );
    expect(await page.locator("#consent").count()).toBe(0);
  });

  it("a request without PKCE goes back with invalid_request", async () => {
    const redirected = callback.next();
    await page.goto(authorizationUrl(origin, { client_id: clientId, redirect_uri: callback.redirectUri, code_challenge: undefined, state: "s1" }));
    expect((await redirected).get("error")).toBe("invalid_request");
  });

  it("an expired code is refused with invalid_grant", async () => {
    const { code, verifier } = await approvedCode();
    const store = await openWorkspaceStore({ dataDir: dir });
    // The code's minute passes: its expiry is moved into the past in the store the gateway reads.
    await store.run("UPDATE oauth_codes SET expires_at = 0 WHERE used_at IS NULL");
    await store.close();
    const answer = await redeem(code, verifier);
    expect([answer.status, answer.body.error, answer.body.error_description]).toEqual([400, "invalid_grant", "the authorization code expired (codes live 60 seconds); start the authorization again"]);
  });

  it("a wrong PKCE verifier is refused with invalid_grant, and the code is spent", async () => {
    const { code, verifier } = await approvedCode();
    const wrong = await redeem(code, pkcePair().verifier);
    expect([wrong.status, wrong.body.error, wrong.body.error_description]).toEqual([400, "invalid_grant", "code_verifier does not match the code_challenge of the authorization request (PKCE S256)"]);
    expect((await redeem(code, verifier)).body.error).toBe("invalid_grant");
  });

  it("a replayed code is refused and revokes the tokens the first redemption got", async () => {
    const { code, verifier } = await approvedCode();
    const first = await redeem(code, verifier);
    expect((await initializeWith(gateway.url, String(first.body.access_token))).status).toBe(200);
    const replay = await redeem(code, verifier);
    expect([replay.status, replay.body.error]).toEqual([400, "invalid_grant"]);
    expect(replay.body.error_description).toBe("the authorization code was already used; the tokens issued for it are revoked. Start the authorization again.");
    const refused = await initializeWith(gateway.url, String(first.body.access_token));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("refresh rotates the tokens; after revocation (RFC 7009) the refresh is refused with invalid_grant", async () => {
    const { code, verifier } = await approvedCode();
    const first = await redeem(code, verifier);
    const refreshed = await postForm(origin, "/oauth/token", { grant_type: "refresh_token", refresh_token: String(first.body.refresh_token), client_id: clientId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    const revoked = await postForm(origin, "/oauth/revoke", { token: String(refreshed.body.access_token), client_id: clientId });
    expect([revoked.status, revoked.body]).toEqual([200, {}]);
    const after = await postForm(origin, "/oauth/token", { grant_type: "refresh_token", refresh_token: String(refreshed.body.refresh_token), client_id: clientId });
    expect([after.status, after.body.error]).toEqual([400, "invalid_grant"]);
    expect((await initializeWith(gateway.url, String(refreshed.body.access_token))).status).toBe(401);
  });

  it("the dashboard lists the grant beside the static tokens and revokes it", async () => {
    const { code, verifier } = await approvedCode();
    const granted = await redeem(code, verifier);
    const session = await signIn(gateway.url, tokens.demo!.adminToken!);
    await page.context().addCookies([{ name: "amicited_ui", value: session.cookie.split("=")[1]!, url: `${origin}/ui/` }]);
    await page.goto(`${origin}/ui/#/workspaces/demo`);
    const row = page.locator("#grants tbody tr").first();
    await expect.poll(() => row.innerText()).toContain("Chromium test client");
    await row.getByRole("button", { name: "Revoke Chromium test client" }).click();
    await expect.poll(() => row.innerText()).toContain("revoked");
    expect((await initializeWith(gateway.url, String(granted.body.access_token))).status).toBe(401);
    expect((await session.request<unknown[]>("GET", "workspaces/demo/tokens")).body.length).toBeGreaterThan(0);
  });
});
