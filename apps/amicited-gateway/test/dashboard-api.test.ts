// The dashboard's server side over real HTTP against the built gateway: the page with its CSP,
// sign-in with the admin token for an HttpOnly SameSite=Strict cookie, refusals without the
// cookie, with a wrong CSRF token or a foreign Host/Origin, the real search ranking and token
// figures, workspace names refused by one rule wherever the API takes one (an empty ?workspace=
// too), every /mcp call in the usage answer by outcome code, tokens issued, used and revoked
// (the next /mcp request is 401), `admin token` rotation and --no-ui.
import http from "node:http";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { openSqliteDatabase } from "@foundry-mcp/core/node";
import { runCli, trackResources } from "./support/gateway-process";
import type { RunningGateway, WorkspaceTokens } from "./support/gateway-process";
import { signIn, uiRequest, uiUrlOf } from "./support/dashboard";
import { clearOfHourTurn } from "../../../tooling/hour-turn.mjs";
import type { UiSession } from "./support/dashboard";

const CAP = 6;
let dir: string;
let tokens: Record<string, WorkspaceTokens>;
let gateway: RunningGateway;
let session: UiSession;
const resources = trackResources("all");

beforeAll(async () => {
  ({ dir, tokens } = resources.data());
  gateway = await resources.serve(dir, ["--hourly-cap", String(CAP)]);
  session = await signIn(gateway.url, tokens.demo!.adminToken!);
});

/** Learned requests of `workspace` written straight into the SQLite file, as another instance would have. */
function seedLearned(workspace: string, rows: [tool: string, request: string][]): void {
  const db = openSqliteDatabase(path.join(dir, "amicited.sqlite"), { from: import.meta.url });
  try {
    const { id } = db.prepare("SELECT id FROM workspaces WHERE name = ?").get(workspace) as { id: string };
    const insert = db.prepare("INSERT INTO learned_requests (workspace_id, tool, request, learned_at) VALUES (?, ?, ?, ?)");
    for (const [tool, request] of rows) insert.run(id, tool, request, new Date().toISOString());
  } finally {
    db.close();
  }
}

const mcpPost = (token: string) =>
  fetch(gateway.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } } }),
  });

describe("dashboard page and sign-in", () => {
  it("serves the app at /ui/ with a strict CSP, its assets from this origin, and /ui redirects", async () => {
    const page = await fetch(uiUrlOf(gateway.url));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const html = await page.text();
    const script = /src="(\/ui\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(html).not.toMatch(/https?:\/\//);
    const asset = await fetch(new URL(script!, gateway.url));
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("content-security-policy")).toContain("script-src 'self'");
    const bare = await fetch(gateway.url.replace(/\/mcp$/, "/ui"), { redirect: "manual" });
    expect([bare.status, bare.headers.get("location")]).toEqual([308, "/ui/"]);
    expect((await fetch(`${uiUrlOf(gateway.url)}assets/nope.js`)).status).toBe(404);
  });

  it("exchanges the admin token for an HttpOnly, SameSite=Strict cookie; refuses a wrong one", async () => {
    expect(session.setCookie).toMatch(/^amicited_ui=[A-Za-z0-9_-]{43}; Path=\/ui; HttpOnly; SameSite=Strict; Max-Age=28800$/);
    const origin = new URL(gateway.url).origin;
    const wrong = await uiRequest(gateway.url, "POST", "session", { headers: { origin }, body: { token: tokens.demo!.writeToken } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: { code: "UNAUTHORIZED", message: expect.stringContaining("unknown admin token") } });
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect((await uiRequest(gateway.url, "GET", "session")).body).toEqual({ signedIn: false });
    expect((await session.request("GET", "session")).body).toEqual({ signedIn: true, csrf: session.csrf });
  });

  it("refuses the API without the cookie, a change with a wrong or missing CSRF token, and foreign Host or Origin", async () => {
    const anonymous = await uiRequest(gateway.url, "GET", "catalog");
    expect([anonymous.status, (anonymous.body as { error: { code: string } }).error.code]).toEqual([401, "UNAUTHORIZED"]);
    const origin = new URL(gateway.url).origin;
    const body = { label: "never", scope: "read" };
    for (const csrf of [undefined, "wrong", session.csrf.slice(1)]) {
      const refused = await uiRequest(gateway.url, "POST", "workspaces/demo/tokens", {
        headers: { cookie: session.cookie, origin, ...(csrf === undefined ? {} : { "x-csrf-token": csrf }) },
        body,
      });
      expect(refused.status).toBe(403);
      expect((refused.body as { error: { code: string } }).error.code).toBe("CSRF_REJECTED");
    }
    const noOrigin = await uiRequest(gateway.url, "POST", "workspaces/demo/tokens", { headers: { cookie: session.cookie, "x-csrf-token": session.csrf }, body });
    expect([noOrigin.status, (noOrigin.body as { error: { code: string } }).error.code]).toEqual([403, "FORBIDDEN_ORIGIN"]);
    const evil = await uiRequest(gateway.url, "POST", "workspaces/demo/tokens", {
      headers: { cookie: session.cookie, "x-csrf-token": session.csrf, origin: "http://evil.example" },
      body,
    });
    expect(evil.body).toEqual({ error: { code: "FORBIDDEN_ORIGIN", message: "Forbidden: Origin http://evil.example is not allowed" } });
    // fetch cannot send another Host (DNS rebinding): node:http can.
    const rebinding = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const target = new URL(uiUrlOf(gateway.url));
      http
        .get({ host: target.hostname, port: target.port, path: "/ui/api/catalog", headers: { host: "attacker.example", cookie: session.cookie } }, (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on("error", reject);
    });
    expect(rebinding.status).toBe(403);
    expect(JSON.parse(rebinding.body)).toEqual({ error: { code: "FORBIDDEN_HOST", message: "Forbidden: Host attacker.example is not allowed" } });
    expect(((await session.request("GET", "workspaces/demo/tokens")).body as unknown as unknown[]).some((row) => (row as { label: string }).label === "never")).toBe(false);
  });
});

describe("catalog answers", () => {
  it("ranks with the real search_tools ranking and prices tools/list choices", async () => {
    const search = await session.request<{ results: { name: string; kind: string; matchedIn: string[] }[] }>("GET", "search?q=is%20the%20site%20down");
    expect(search.body.results[0]).toMatchObject({ name: "uptime_is_site_down", kind: "read", matchedIn: expect.arrayContaining(["name"]) });
    const catalog = await session.request<{ tools: number; surface: { base: { tools: number; tokens: number }; all: { tools: number; tokens: number } }; toolsets: { name: string; total: number; kinds: Record<string, number> }[] }>("GET", "catalog");
    const uptime = catalog.body.toolsets.find((toolset) => toolset.name === "uptime")!;
    expect(Object.values(uptime.kinds).reduce((sum, n) => sum + n, 0)).toBe(uptime.total);
    expect(catalog.body.surface.base.tools).toBe(4);
    expect(catalog.body.surface.all.tools).toBe(catalog.body.tools + 4);
    const one = await session.request<{ tools: number; tokens: number }>("GET", "surface?toolsets=uptime");
    const two = await session.request<{ tools: number; tokens: number }>("GET", "surface?toolsets=uptime,eshop");
    expect(one.body.tools).toBe(4 + uptime.total);
    expect(catalog.body.surface.base.tokens).toBeLessThan(one.body.tokens);
    expect(one.body.tokens).toBeLessThan(two.body.tokens);
    expect(two.body.tokens).toBeLessThan(catalog.body.surface.all.tokens);
    expect((await session.request("GET", "surface?toolsets=nope")).body).toEqual({ error: { code: "UNKNOWN_TOOLSET", message: expect.stringContaining("unknown toolset nope") } });
    const tool = await session.request<{ kind: string; inputSchema: { required: string[] }; tokens: { definition: number } }>("GET", "tools/uptime_is_site_down");
    expect(tool.body).toMatchObject({ kind: "read", inputSchema: { required: ["domain_id"] } });
    expect(tool.body.tokens.definition).toBeGreaterThan(20);
    const missing = await session.request("GET", "tools/uptime_is_site_dwn");
    expect(missing.status).toBe(404);
    expect((missing.body as { error: { message: string } }).error.message).toContain("Closest: uptime_is_site_down");
  });
});

describe("workspace names the dashboard takes", () => {
  // One rule for every name (workspace-store's WORKSPACE_NAME_RULE) and one refusal that names it:
  // before, the Learned page and a workspace's paths had no bound (an overlong ?workspace= was 404,
  // a malformed path "no API endpoint"), and the catalog search had a copy of the 40.
  // How many learned requests the Learned page lists in all (a refused forget must leave it as it was).
  const listed = async () => (await session.request<{ total: number }>("GET", "learned")).body.total;
  const refusal = (got: string) => ({
    error: { code: "INVALID_ARGUMENT", message: `workspace must be a workspace name of 1-40 lowercase letters, digits or dashes, starting with a letter or digit; got ${got}` },
  });
  const names: [name: string, got: string][] = [
    ["w".repeat(41), "41 characters"],
    ["Demo", '"Demo"'],
    ["-demo", '"-demo"'],
    ["demo_1", '"demo_1"'],
  ];
  it.each([
    ["the catalog search", (name: string) => `search?q=orders&workspace=${name}`],
    ["the Learned page", (name: string) => `learned?workspace=${name}`],
    ["the Learned page's search in use", (name: string) => `learned/quality?workspace=${name}`],
    ["a workspace's grants", (name: string) => `workspaces/${name}/grants`],
  ])("%s: an overlong or malformed name is 400 naming the rule; a well-formed unknown one 404", async (_where, path) => {
    for (const [name, got] of names) {
      const answer = await session.request("GET", path(name));
      expect([name, answer.status, answer.body]).toEqual([name, 400, refusal(got)]);
    }
    const unknown = await session.request("GET", path("nobody"));
    expect([unknown.status, unknown.body]).toEqual([404, { error: { code: "NOT_FOUND", message: 'workspace "nobody" does not exist' } }]);
    expect((await session.request("GET", path("demo"))).status).toBe(200);
  });

  it("a forget on the Learned page refuses the same names", async () => {
    const answer = await session.request("DELETE", `learned?workspace=${"w".repeat(41)}`);
    expect([answer.status, answer.body]).toEqual([400, refusal("41 characters")]);
  });

  it("creating a workspace refuses the same names in the same words, naming its field", async () => {
    // insertWorkspace refuses in this sentence too (before session 36 it repeated an overlong name whole).
    for (const [name, got] of [...names, ["", '""']]) {
      const answer = await session.request("POST", "workspaces", { name });
      const message = `name must be a workspace name of 1-40 lowercase letters, digits or dashes, starting with a letter or digit; got ${got}`;
      expect([name, answer.status, answer.body]).toEqual([name, 400, { error: { code: "INVALID_ARGUMENT", message } }]);
    }
  });

  it("regression: an empty ?workspace= is a malformed name, not every workspace; a forget with it forgets nothing", async () => {
    // It was read as no workspace: `DELETE learned?workspace=` forgot every workspace's requests.
    seedLearned("demo", [
      ["uptime_is_site_down", "is our shop up"],
      ["list_domains", "our sites"],
    ]);
    const before = await listed();
    expect(before).toBeGreaterThanOrEqual(2);
    for (const path of ["search?q=orders&workspace=", "learned?workspace=", "learned/quality?workspace="]) {
      const answer = await session.request("GET", path);
      expect([path, answer.status, answer.body]).toEqual([path, 400, refusal('""')]);
    }
    const forget = await session.request("DELETE", "learned?workspace=");
    expect([forget.status, forget.body]).toEqual([400, refusal('""')]);
    expect(await listed()).toBe(before);
  });

  it("regression: an empty ?tool= is refused, not every tool; a forget with it forgets nothing", async () => {
    // It was read as no tool: `DELETE learned?tool=` forgot every row of every workspace.
    seedLearned("demo", [
      ["uptime_is_site_down", "is the shop up again"],
      ["list_domains", "which sites we run"],
    ]);
    const before = await listed();
    expect(before).toBeGreaterThanOrEqual(2);
    const emptyTool = { error: { code: "INVALID_ARGUMENT", message: "tool must be a tool name of 1 to 128 characters; got 0" } };
    const list = await session.request("GET", "learned?tool=");
    expect([list.status, list.body]).toEqual([400, emptyTool]);
    const forget = await session.request("DELETE", "learned?tool=");
    expect([forget.status, forget.body]).toEqual([400, emptyTool]);
    expect(await listed()).toBe(before);
  });

  it("a workspace's paths take any segment as the name: a DELETE and a percent-encoded name are refused 400 (names are never decoded)", async () => {
    const malformed = await session.request("DELETE", "workspaces/Demo/tokens/1");
    expect([malformed.status, malformed.body]).toEqual([400, refusal('"Demo"')]);
    const encoded = await session.request("GET", "workspaces/de%2Fmo/grants");
    expect([encoded.status, encoded.body]).toEqual([400, refusal('"de%2Fmo"')]);
    // Such a path is an endpoint: a wrong method is 405 and no session 401, as for a well-formed name.
    expect((await session.request("PUT", "workspaces/Demo/grants")).status).toBe(405);
    expect((await uiRequest(gateway.url, "GET", "workspaces/Demo/grants")).status).toBe(401);
  });
});

describe("usage, tokens and admin token", () => {
  it("shows every /mcp call by workspace, tool, kind and outcome code", { timeout: 60_000 }, async () => {
    await clearOfHourTurn(20_000);
    const client = await resources.open(gateway.url, tokens.demo!.readToken);
    await client.callTool({ name: "search_tools", arguments: { query: "orders" } });
    await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } });
    await client.callTool({ name: "run_tool", arguments: { name: "uptime_create_monitor", arguments: {} } });
    await client.callTool({ name: "read_tool", arguments: { name: "no_such_tool", arguments: {} } });
    await client.callTool({ name: "read_tool", arguments: { name: "uptime_is_site_down", arguments: { domain_id: "x" } } });
    await client.callTool({ name: "search_tools", arguments: {} });
    await expect(client.callTool({ name: "eshop_list_orders", arguments: {} })).rejects.toThrow("Unknown tool");
    for (let index = 0; index < CAP; index++) await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } });
    const usage = await session.request<{ hourlyCap: number; quota: { used: number }; hourly: { calls: number; refused: number }[]; topTools: { tool: string; kind: string | null; calls: number; refused: number }[]; refusals: { code: string; calls: number }[]; credits: { balance: number } }>("GET", "workspaces/demo/usage");
    expect(usage.body.hourlyCap).toBe(CAP);
    expect(usage.body.quota.used).toBe(CAP);
    expect(usage.body.hourly).toHaveLength(48);
    expect(usage.body.hourly.at(-1)).toEqual({ hour: expect.any(String), calls: 7 + CAP, refused: 5 + 1 });
    expect(usage.body.topTools[0]).toEqual({ tool: "list_domains", kind: "read", calls: 1 + CAP, refused: 1, avgMs: expect.any(Number) });
    expect(usage.body.refusals).toEqual([
      { code: "INVALID_ARGUMENTS", calls: 2 },
      { code: "UNKNOWN_TOOL", calls: 2 },
      { code: "QUOTA_EXCEEDED", calls: 1 },
      { code: "SCOPE_DENIED", calls: 1 },
    ]);
    expect(usage.body.credits.balance).toBe(100);
    const [listed] = (await session.request<{ label: string; last_used_at: string | null }[]>("GET", "workspaces/demo/tokens")).body.filter((row) => row.label === "default read");
    expect(listed!.last_used_at).not.toBeNull();
  });

  it("creates a workspace, issues a token shown once, and a revoked token's next /mcp request is 401", async () => {
    const created = await session.request<{ workspace: string; readToken: string }>("POST", "workspaces", { name: "acme" });
    expect(created.status).toBe(201);
    expect(created.body.readToken).toMatch(/^amc_r_/);
    expect((await session.request("POST", "workspaces", { name: "acme" })).status).toBe(409);
    expect((await session.request("POST", "workspaces", { name: "Bad Name" })).status).toBe(400);
    const issued = await session.request<{ token: string }>("POST", "workspaces/acme/tokens", { label: "ci bot", scope: "write" });
    expect(issued.body.token).toMatch(/^amc_w_/);
    expect((await session.request("POST", "workspaces/acme/tokens", { label: "x", scope: "admin" })).body).toEqual({
      error: { code: "INVALID_ARGUMENT", message: 'scope must be "read" or "write"; got "admin"' },
    });
    expect((await mcpPost(issued.body.token)).status).toBe(200);
    const rows = (await session.request<{ id: number; label: string; scope: string; revoked_at: string | null }[]>("GET", "workspaces/acme/tokens")).body;
    const row = rows.find((candidate) => candidate.label === "ci bot")!;
    expect(row).toMatchObject({ scope: "write", revoked_at: null });
    expect(JSON.stringify(rows)).not.toContain(issued.body.token);
    expect((await session.request("DELETE", `workspaces/demo/tokens/${row.id}`)).status).toBe(404);
    expect((await session.request("DELETE", `workspaces/acme/tokens/${row.id}`)).body).toEqual({ revoked: row.id });
    const after = await mcpPost(issued.body.token);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ jsonrpc: "2.0", error: { code: -32001, message: "Unauthorized: unknown or revoked token" }, id: null });
  });

  it("`admin token` makes a new admin token and ends sessions of the old one", async () => {
    const { adminToken } = JSON.parse(runCli(["admin", "token", "--data", dir])) as { adminToken: string };
    expect(adminToken).toMatch(/^amc_admin_/);
    expect((await session.request("GET", "catalog")).status).toBe(401);
    await expect(signIn(gateway.url, tokens.demo!.adminToken!)).rejects.toThrow("sign-in refused: 401");
    session = await signIn(gateway.url, adminToken);
    expect((await session.request("GET", "catalog")).status).toBe(200);
  });
});

describe("--no-ui", () => {
  it("serves no dashboard: /ui is the gateway's 404; its calls still reach the call log", async () => {
    const plain = await resources.serve(dir, ["--no-ui"]);
    const answer = await fetch(uiUrlOf(plain.url));
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ jsonrpc: "2.0", error: { code: -32000, message: "Not found: the MCP endpoint is /mcp" }, id: null });
    expect(plain.stderr()).not.toContain("dashboard on");
    // Its call log is queued in memory; SIGTERM writes it before the process ends.
    const client = await resources.open(plain.url, tokens.demo!.readToken);
    await client.callTool({ name: "read_tool", arguments: { name: "account_get_credit_balance", arguments: {} } });
    await client.close();
    await plain.stop();
    const usage = await session.request<{ topTools: { tool: string; calls: number }[] }>("GET", "workspaces/demo/usage");
    expect(usage.body.topTools.find((row) => row.tool === "account_get_credit_balance")).toMatchObject({ calls: 1 });
  });
});
