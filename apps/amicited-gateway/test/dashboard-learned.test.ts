// The dashboard's learned-requests API over real HTTP (issue 32, session 31), on a gateway built in
// this process with its /ui routes: a page of stored requests newest first with the count in all
// and per tool, paging bounds refused with the bound named, forgetting one request (404 after) or a
// tool's, a change refused without the CSRF header and everything refused when signed out. The
// instance that answers a forget has dropped the words before it answers: its search ranks as if
// they were never learned at once, not one poll (here 2 s) later.
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { openSqliteDatabase } from "@foundry-mcp/core/node";
import { createGateway, type Gateway } from "../src/server/gateway";
import { startHttpGateway, type HttpGateway } from "../src/server/http";
import { createUiRoutes } from "../src/server/ui/routes";
import { textOf, trackResources } from "./support/gateway-process";
import type { WorkspaceTokens } from "./support/gateway-process";
import { signIn, uiRequest } from "./support/dashboard";
import type { UiSession } from "./support/dashboard";

const REQUEST = "money from chatbot shoppers";
const TOOL = "seo_get_ai_referral_revenue";
const REFRESH_MS = 2000;

interface LearnedAnswer {
  total: number;
  offset: number;
  limit: number;
  rows: { id: number; learnedAt: string; workspace: string; tool: string; request: string }[];
  tools: { tool: string; count: number }[];
}
interface Refusal {
  error: { code: string; message: string };
}

const resources = trackResources("all");
let dir: string;
let tokens: Record<string, WorkspaceTokens>;
let gateway: Gateway;
let server: HttpGateway;
let session: UiSession;
let client: Client;

beforeAll(async () => {
  ({ dir, tokens } = resources.data(["other"]));
  gateway = resources.closing(await createGateway({ dataDir: dir, memoryQuota: true, learning: { refreshMs: REFRESH_MS } }));
  server = resources.closing(await startHttpGateway(gateway, { port: 0, ui: createUiRoutes(gateway, { host: "127.0.0.1" }) }));
  session = await signIn(server.url, tokens.demo!.adminToken!);
  client = await resources.open(server.url, tokens.demo!.readToken);
}, 60_000);

/** Rows written straight into the SQLite file, as another instance would have. */
function seed(rows: [workspace: string, tool: string, request: string][]): void {
  const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
  try {
    const idOf = (name: string) => (db.prepare("SELECT id FROM workspaces WHERE name = ?").get(name) as { id: string }).id;
    const insert = db.prepare("INSERT INTO learned_requests (workspace_id, tool, request, learned_at) VALUES (?, ?, ?, ?)");
    for (const [index, [workspace, tool, request]] of rows.entries()) insert.run(idOf(workspace), tool, request, `2026-12-01T09:00:0${index}.000Z`);
  } finally {
    db.close();
  }
}
const learned = (query = "") => session.request<LearnedAnswer>("GET", `learned${query}`);
// The ranking the demo workspace's tokens get (its learned words rank its own searches only).
const firstHit = async () => (await session.request<{ results: { name: string }[] }>("GET", `search?q=${encodeURIComponent(REQUEST)}&workspace=demo`)).body.results[0]?.name;

describe("dashboard API: learned requests", () => {
  it("lists the stored requests newest first with the count in all and per tool; filters by workspace and tool", async () => {
    seed([
      ["demo", "uptime_is_site_down", "is our shop up"],
      ["other", "uptime_is_site_down", "shop offline?"],
      ["demo", "list_domains", "our sites"],
    ]);
    const all = await learned();
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      total: 3,
      offset: 0,
      limit: 50,
      rows: [
        { id: expect.any(Number), learnedAt: "2026-12-01T09:00:02.000Z", workspace: "demo", tool: "list_domains", request: "our sites" },
        { id: expect.any(Number), learnedAt: "2026-12-01T09:00:01.000Z", workspace: "other", tool: "uptime_is_site_down", request: "shop offline?" },
        { id: expect.any(Number), learnedAt: "2026-12-01T09:00:00.000Z", workspace: "demo", tool: "uptime_is_site_down", request: "is our shop up" },
      ],
      tools: [
        { tool: "uptime_is_site_down", count: 2 },
        { tool: "list_domains", count: 1 },
      ],
    });
    const demo = await learned("?workspace=demo&tool=uptime_is_site_down");
    expect([demo.body.total, demo.body.rows.map((row) => row.request), demo.body.tools]).toEqual([
      1,
      ["is our shop up"],
      [
        { tool: "list_domains", count: 1 },
        { tool: "uptime_is_site_down", count: 1 },
      ],
    ]);
    const missing = await learned("?workspace=nobody");
    expect([missing.status, missing.body]).toEqual([404, { error: { code: "NOT_FOUND", message: 'workspace "nobody" does not exist' } }]);
  });

  it("pages within bounds and refuses a limit or offset past them, naming the bound", async () => {
    const second = await learned("?limit=1&offset=1");
    expect([second.body.total, second.body.offset, second.body.limit, second.body.rows.map((row) => row.request)]).toEqual([3, 1, 1, ["shop offline?"]]);
    expect((await learned("?offset=3")).body.rows).toEqual([]);
    const refusals: [string, string][] = [
      ["?limit=0", "limit must be an integer from 1 to 1000; got 0"],
      ["?limit=1001", "limit must be an integer from 1 to 1000; got 1001"],
      ["?limit=ten", "limit must be an integer from 1 to 1000; got ten"],
      ["?offset=-1", "offset must be an integer from 0 to 1000000; got -1"],
      ["?offset=1000001", "offset must be an integer from 0 to 1000000; got 1000001"],
      [`?tool=${"t".repeat(129)}`, "tool must be a tool name of 1 to 128 characters; got 129"],
    ];
    for (const [query, message] of refusals) {
      const refused = await session.request<Refusal>("GET", `learned${query}`);
      expect([refused.status, refused.body]).toEqual([400, { error: { code: "INVALID_ARGUMENT", message } }]);
    }
  });

  it("refuses a forget without the CSRF header, and every learned endpoint when signed out", async () => {
    const origin = new URL(server.url).origin;
    const id = (await learned()).body.rows[0]!.id;
    for (const [method, path] of [["DELETE", `learned/${id}`], ["DELETE", "learned?tool=uptime_is_site_down"]] as const) {
      const noCsrf = await uiRequest<Refusal>(server.url, method, path, { headers: { cookie: session.cookie, origin } });
      expect([noCsrf.status, noCsrf.body.error.code]).toEqual([403, "CSRF_REJECTED"]);
    }
    for (const [method, path] of [["GET", "learned"], ["DELETE", `learned/${id}`], ["DELETE", "learned"]] as const) {
      const signedOut = await uiRequest<Refusal>(server.url, method, path, { headers: { origin } });
      expect([signedOut.status, signedOut.body.error.code]).toEqual([401, "UNAUTHORIZED"]);
    }
    expect((await learned()).body.total).toBe(3);
  });

  it("forgets one request by id (404 once gone) and a tool's requests, nothing else", async () => {
    const [newest] = (await learned()).body.rows;
    expect((await session.request("DELETE", `learned/${newest!.id}`)).body).toEqual({ forgotten: 1 });
    const again = await session.request<Refusal>("DELETE", `learned/${newest!.id}`);
    expect([again.status, again.body]).toEqual([404, { error: { code: "NOT_FOUND", message: `no learned request has id ${newest!.id}; it may be forgotten already` } }]);
    expect((await learned()).body.rows.map((row) => row.request)).toEqual(["shop offline?", "is our shop up"]);
    seed([["demo", "list_domains", "our sites again"]]);
    expect((await session.request("DELETE", "learned?workspace=other&tool=uptime_is_site_down")).body).toEqual({ forgotten: 1 });
    expect((await learned()).body.rows.map((row) => row.request)).toEqual(["our sites again", "is our shop up"]);
    expect((await session.request("DELETE", "learned?tool=uptime_is_site_down")).body).toEqual({ forgotten: 1 });
    expect((await learned()).body.rows.map((row) => row.request)).toEqual(["our sites again"]);
  });

  it("drops a forgotten request from this instance's ranking before it answers", { timeout: 60_000 }, async () => {
    expect(await firstHit()).not.toBe(TOOL);
    const search = await client.callTool({ name: "search_tools", arguments: { query: REQUEST } });
    expect(search.isError, textOf(search)).toBeFalsy();
    const described = await client.callTool({ name: "describe_tool", arguments: { name: TOOL } });
    expect(described.isError, textOf(described)).toBeFalsy();
    // The catalog reads what it learned once its index is REFRESH_MS old.
    await expect.poll(firstHit, { timeout: 15_000, interval: 200 }).toBe(TOOL);
    await expect.poll(async () => (await learned(`?tool=${TOOL}`)).body.total, { timeout: 10_000 }).toBe(1);
    const row = (await learned(`?tool=${TOOL}`)).body.rows[0]!;
    expect([row.workspace, row.request]).toEqual(["demo", REQUEST]);
    expect((await session.request("DELETE", `learned/${row.id}`)).body).toEqual({ forgotten: 1 });
    // At once: not after the next poll, REFRESH_MS away.
    expect(await firstHit()).not.toBe(TOOL);
    expect(gateway.catalog.learnedRequests().map((pair) => pair.tool)).not.toContain(TOOL);
  });
});
