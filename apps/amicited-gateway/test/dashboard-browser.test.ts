// The dashboard end to end in real headless Chromium against the built gateway: sign in, search
// "is the site down" and find uptime_is_site_down first, open a tool and read its schema, tick
// two toolsets and watch the token figure change, make /mcp calls and find them in the usage
// chart and tables, issue a token, use it, revoke it and see the next /mcp request refused, and
// the API refusing a request without the cookie or with a wrong CSRF token, and a learned request
// counted beside its tool on the catalog (and ranking the catalog's search as that workspace's
// tokens see it), listed on the Learned page and forgotten there, and the
// Learned page's "Search in use" table with today's figures. Each page is
// screenshotted (into $DASHBOARD_SCREENSHOTS when set: the README's images come from there).
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { trackResources } from "./support/gateway-process";
import type { RunningGateway, WorkspaceTokens } from "./support/gateway-process";
import { chromiumGate, launchChromium } from "./support/chromium";
import { signIn, uiUrlOf } from "./support/dashboard";
import { clearOfHourTurn } from "../../../tooling/hour-turn.mjs";
import { openSqliteDatabase } from "@foundry-mcp/core/node";

const gate = chromiumGate();
const CAP = 8;
const resources = trackResources("all");
let shots: string;
let dir: string;
let tokens: Record<string, WorkspaceTokens>;
let gateway: RunningGateway;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

const figure = async (selector: string) => Number((await page.locator(selector).innerText()).split(" tokens")[0]!.replaceAll(",", ""));
const screenshot = async (name: string) => {
  const file = path.join(shots, `dashboard-${name}.png`);
  await page.screenshot({ path: file, fullPage: name !== "phone" });
  expect(fs.readFileSync(file).subarray(1, 4).toString()).toBe("PNG");
};
const navigate = (name: string) => page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name }).click();
const mcpInitialize = (token: string) =>
  fetch(gateway.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "0" } } }),
  });

beforeAll(async () => {
  if (!gate.run) return;
  // Kept where $DASHBOARD_SCREENSHOTS names; otherwise in a temporary folder removed at the end.
  shots = process.env.DASHBOARD_SCREENSHOTS ?? resources.directory("dashboard-shots-");
  fs.mkdirSync(shots, { recursive: true });
  ({ dir, tokens } = resources.data());
  gateway = await resources.serve(dir, ["--hourly-cap", String(CAP)]);
  browser = await launchChromium();
  resources.defer(() => browser.close());
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // A CSP violation or a script error shows up here; the test ends asserting there were none.
  // (The refusals this test provokes on purpose log "Failed to load resource"; those are not problems.)
  page.on("console", (message) => void (message.type() === "error" && !message.text().startsWith("Failed to load resource") && problems.push(message.text())));
  page.on("pageerror", (error) => void problems.push(error.message));
}, 120_000);

describe.skipIf(!gate.run)("dashboard in headless Chromium", { timeout: 90_000 }, () => {
  it("signs in with the admin token", async () => {
    await page.goto(uiUrlOf(gateway.url));
    await page.getByLabel("Admin token").fill("amc_admin_wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").innerText()).toContain("unknown admin token");
    await page.getByLabel("Admin token").fill(tokens.demo!.adminToken!);
    await page.keyboard.press("Enter");
    await page.getByRole("navigation", { name: "Pages" }).waitFor();
    const cookie = (await context.cookies()).find((entry) => entry.name === "amicited_ui")!;
    expect([cookie.httpOnly, cookie.sameSite, cookie.path]).toEqual([true, "Strict", "/ui"]);
  });

  it("searches in plain words, by keyboard, and ranks uptime_is_site_down first", async () => {
    await page.getByLabel("Plain-words request").focus();
    await page.keyboard.type("is the site down");
    await page.keyboard.press("Enter");
    const first = page.locator(".hit").first();
    await first.waitFor();
    expect(await first.getAttribute("data-tool")).toBe("uptime_is_site_down");
    expect(await first.locator(".kind").innerText()).toBe("read");
    expect(await first.locator(".matched").innerText()).toContain("name");
    await screenshot("catalog-search");
  });

  it("opens a tool and shows its schema, kind, annotations and token cost", async () => {
    await page.locator(".hit").first().getByRole("link").click();
    await page.getByRole("heading", { name: /uptime_is_site_down/ }).waitFor();
    const row = page.locator('table.schema tr[data-param="domain_id"]');
    expect(await row.locator("td").allInnerTexts()).toEqual(["integer", "required", "Domain id from list_domains.\n≥ 1"]);
    expect(await page.locator(".annotations").innerText()).toContain("readOnlyHint: true");
    expect(await figure("#definition-tokens")).toBeGreaterThan(20);
    await screenshot("tool");
  });

  it("prices tools/list: base, two ticked toolsets, all", async () => {
    await navigate("Catalog");
    await page.locator("#tokens-all").waitFor();
    const base = await figure("#tokens-base");
    expect(await figure("#tokens-chosen")).toBe(base);
    await page.getByRole("checkbox", { name: "eshop" }).focus();
    await page.keyboard.press("Space");
    await expect.poll(() => figure("#tokens-chosen")).toBeGreaterThan(base);
    const one = await figure("#tokens-chosen");
    await page.getByRole("checkbox", { name: "uptime" }).check();
    await expect.poll(() => figure("#tokens-chosen")).toBeGreaterThan(one);
    const session = await signIn(gateway.url, tokens.demo!.adminToken!);
    const expected = (await session.request<{ tokens: number }>("GET", "surface?toolsets=eshop,uptime")).body.tokens;
    expect(await figure("#tokens-chosen")).toBe(expected);
    expect(await figure("#tokens-all")).toBeGreaterThan(expected);
    expect(await page.locator("#tokens-chosen").locator("xpath=..").innerText()).toContain("/mcp?toolsets=eshop,uptime");
    await screenshot("catalog");
  });

  it("regression: shows the latest choice's figure when an earlier choice's reply comes last", async () => {
    const base = await figure("#tokens-base");
    const eshopOnly = "**/ui/api/surface?toolsets=eshop";
    let releaseEshop = () => {};
    const eshopHeld = new Promise<void>((resolve) => (releaseEshop = resolve));
    await page.route(eshopOnly, async (route) => {
      await eshopHeld;
      await route.continue();
    });
    try {
      const stale = page.waitForResponse((response) => response.url().endsWith("/ui/api/surface?toolsets=eshop"));
      await page.getByRole("checkbox", { name: "uptime" }).uncheck(); // asks for eshop: held
      await page.getByRole("checkbox", { name: "eshop" }).uncheck(); // asks for none: answered
      await expect.poll(() => figure("#tokens-chosen")).toBe(base);
      releaseEshop();
      await (await stale).finished();
      // Two frames after the stale body arrived: its handler has run and rendered, if it renders.
      await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))");
      expect(await figure("#tokens-chosen")).toBe(base);
    } finally {
      releaseEshop();
      await page.unroute(eshopOnly);
    }
  });

  it("shows /mcp calls in the usage chart and tables", { timeout: 60_000 }, async () => {
    await clearOfHourTurn(20_000);
    const client = await resources.open(gateway.url, tokens.demo!.readToken);
    for (let index = 0; index < CAP + 2; index++) await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } });
    await client.callTool({ name: "run_tool", arguments: { name: "uptime_create_monitor", arguments: {} } });
    await client.callTool({ name: "read_tool", arguments: { name: "uptime_is_site_dwn", arguments: {} } });
    await client.close();
    await navigate("Usage");
    const top = page.locator('#top-tools tr[data-tool="list_domains"] td');
    await top.first().waitFor();
    expect((await top.allInnerTexts()).slice(1, 4)).toEqual(["read", String(CAP + 2), "2"]);
    expect(await page.locator('#refusals tr[data-code="QUOTA_EXCEEDED"] td').innerText()).toBe("2");
    expect(await page.locator('#refusals tr[data-code="SCOPE_DENIED"] td').innerText()).toBe("1");
    expect(await page.locator('#refusals tr[data-code="UNKNOWN_TOOL"] td').innerText()).toBe("1");
    expect(await page.locator('#refusals tr[data-code="INVALID_ARGUMENTS"] td').innerText()).toBe("0");
    expect(await page.locator("#calls-48h").innerText()).toBe(String(CAP + 4));
    // uPlot drew the chart; its table twin holds this hour's figures.
    expect(await page.locator(".chart canvas").count()).toBeGreaterThan(0);
    await page.getByText(/Calls per hour as a table/).click();
    expect((await page.locator("#hourly-table tbody tr").last().locator("td").allInnerTexts()).slice(1)).toEqual([String(CAP + 4), "4"]);
    expect(await page.locator("#credits").innerText()).toBe("100");
    await screenshot("usage");
  });

  it("issues a token shown once, which works on /mcp until it is revoked", async () => {
    await navigate("Workspaces & tokens");
    await page.getByLabel("Label").fill("e2e bot");
    await page.getByLabel("Scope").selectOption("read");
    await page.getByRole("button", { name: "Issue token" }).click();
    const token = await page.locator(".once .secret").inputValue();
    expect(token).toMatch(/^amc_r_/);
    expect((await mcpInitialize(token)).status).toBe(200);
    await page.reload();
    const row = page.locator('#tokens tr[data-label="e2e bot"]');
    await row.waitFor();
    expect(await page.locator(".once").count()).toBe(0);
    expect(await row.locator("td").nth(1).innerText()).toBe("read");
    await screenshot("workspaces");
    await page.getByRole("button", { name: "Revoke e2e bot" }).click();
    await page.getByRole("button", { name: "Confirm revoke" }).click();
    await expect.poll(() => row.locator("td").nth(4).innerText()).toMatch(/^revoked /);
    const refused = await mcpInitialize(token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("refuses the API without the cookie and a change with a wrong CSRF token", async () => {
    const answer = (init: RequestInit) => page.evaluate(async (options) => {
      const response = await fetch("/ui/api/workspaces/demo/tokens", options);
      return { status: response.status, body: await response.json() };
    }, init as Record<string, unknown>);
    const wrong = await answer({ method: "POST", headers: { "content-type": "application/json", "x-csrf-token": "forged" }, body: JSON.stringify({ label: "x", scope: "write" }) });
    expect(wrong).toEqual({ status: 403, body: { error: { code: "CSRF_REJECTED", message: "missing or wrong x-csrf-token header: reload the page to get a fresh one" } } });
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(uiUrlOf(gateway.url));
    const anonymous = await other.evaluate(async () => (await fetch("/ui/api/workspaces/demo/tokens")).status);
    expect(anonymous).toBe(401);
    await other.getByLabel("Admin token").waitFor();
    await stranger.close();
  });

  it("counts a learned request beside its tool, lists it on the Learned page, and its Forget button removes it", async () => {
    const tool = "seo_get_ai_referral_revenue";
    const request = "money from chatbot shoppers";
    // A row as the gateway writes it after an agent's search and choice (search-learning.test.ts does that part).
    const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
    try {
      db.prepare("INSERT INTO learned_requests (workspace_id, tool, request, learned_at) SELECT id, ?, ?, ? FROM workspaces WHERE name = 'demo'").run(tool, request, "2026-12-07T09:30:00.000Z");
    } finally {
      db.close();
    }
    await navigate("Catalog");
    await page.locator('tr[data-toolset="seo"] summary').click();
    const count = page.locator(`a.learned-count[href="#/learned?tool=${tool}"]`);
    expect(await count.innerText()).toBe("1 learned");
    // The search box ranks as no workspace, or as a chosen workspace's tokens do: the row ranks the
    // demo workspace's searches once this gateway has read it (its poll, within 10 s).
    const session = await signIn(gateway.url, tokens.demo!.adminToken!);
    const firstFor = async (workspace: string) => (await session.request<{ results: { name: string }[] }>("GET", `search?q=${encodeURIComponent(request)}&workspace=${workspace}`)).body.results[0]?.name;
    await expect.poll(() => firstFor("demo"), { timeout: 30_000, interval: 250 }).toBe(tool);
    await page.getByLabel("Plain-words request").fill(request);
    await page.keyboard.press("Enter");
    await page.getByText(`tools match “${request}”; the first 10 in search_tools' order:`).waitFor();
    expect(await page.locator(".hit").first().getAttribute("data-tool")).not.toBe(tool);
    await page.getByLabel("Rank as workspace").selectOption("demo");
    await page.getByText(`tools match “${request}”; the first 10 in search_tools' order for workspace demo:`).waitFor();
    expect(await page.locator(".hit").first().getAttribute("data-tool")).toBe(tool);
    await count.click();
    const row = page.locator("#learned tbody tr").filter({ hasText: request });
    await row.waitFor();
    expect(await row.locator("td").allInnerTexts()).toEqual(["2026-12-07 09:30 UTC", "demo", tool, request, "Forget"]);
    expect(await page.locator("#learned-tool").inputValue()).toBe(tool);
    await screenshot("learned");
    await page.getByRole("button", { name: `Forget “${request}”` }).click();
    await expect.poll(() => page.locator("#learned-total").innerText()).toBe("0");
    expect(await page.getByRole("status").innerText()).toBe("Forgot 1 request.");
    expect(await page.locator("#learned tbody tr").count()).toBe(0);
    expect((await session.request<{ total: number }>("GET", "learned")).body.total).toBe(0);
  });

  it("shows \"Search in use\" above the Learned list: today's choices and the shares that took the first hit, the top 3, the first page", async () => {
    // Three choices counted today as the gateway counts them (search-quality.test.ts makes real
    // ones): ranks 1, 2 and 12, so 3 choices, 1 first hit, 2 in the top 3 and on the first page.
    const today = new Date().toISOString();
    const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
    try {
      db.prepare("INSERT INTO learned_choices_daily (workspace_id, day, choices, first, top3, first_page) SELECT id, ?, 3, 1, 2, 2 FROM workspaces WHERE name = 'demo'").run(today.slice(0, 10));
    } finally {
      db.close();
    }
    // From another page, so the Learned page loads its figures anew.
    await navigate("Catalog");
    await navigate("Learned");
    const day = page.locator(`#search-in-use tr[data-day="${today.slice(0, 10)}"]`);
    await day.waitFor();
    expect(await page.locator("#search-in-use thead th").allInnerTexts()).toEqual(["Day", "Choices", "First hit", "Top 3", "First page"]);
    expect(await day.locator("th, td").allInnerTexts()).toEqual([today.slice(0, 10), "3", "33.3%", "66.7%", "66.7%"]);
    expect(await page.locator('#search-in-use tr[data-day="total"] th, #search-in-use tr[data-day="total"] td').allInnerTexts()).toEqual(["Total", "3", "33.3%", "66.7%", "66.7%"]);
    expect(await page.getByRole("region", { name: "Search in use" }).innerText()).toContain("not a verified label");
    // Above the list of learned requests.
    const [table, list] = await Promise.all([page.locator("#search-in-use").boundingBox(), page.locator("#learned").boundingBox()]);
    expect(table!.y).toBeLessThan(list!.y);
    await screenshot("search-in-use");
  });

  it("reads on a phone's width, and the page broke no CSP rule", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await navigate("Catalog");
    await page.locator("#tokens-all").waitFor();
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    await screenshot("phone");
    expect(problems).toEqual([]);
  });
});
