// Tool search learns per workspace (issue 32, session 33; decision 0056). Workspaces are tenants of
// the gateway, so the words one workspace's agents taught rank only that workspace's searches: no
// workspace can push a tool up in another's ranking, or tell what another searched by watching its
// own ranking move. Over real HTTP with the SDK client against the built gateway (real processes,
// real SQLite): workspace A (demo) searches in words no tool uses and describes a tool from the
// page; A then finds it first, B (other) ranks as before A learned, also after a restart, when the
// rows are learned again per workspace; `serve --shared-learning` keeps the old pooled ranking;
// `learned forget --workspace` on a running instance takes A back and learns B's rows again in B's
// workspace only; the dashboard's search shows either ranking. In process, two instances on one
// SQLite file and on one PostgreSQL: the id a token's calls carry (CallContext.workspace) is the id
// its rows are stored and read back under (LearnedRequestRow.workspaceId), so a pair learned from
// traffic and the same row read back by the poll are one learned request, in one tenant.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { openSqliteDatabase } from "@foundry-mcp/core/node";
import { DEFAULT_LEARNED_PER_TENANT, DEFAULT_LEARNED_TOTAL } from "@foundry-mcp/tool-catalog";
import { resolveToken } from "@foundry-mcp/workspace-store";
import { postgresGate } from "../../../tooling/postgres-cluster.mjs";
import { createGateway, type Gateway } from "../src/server/gateway";
import { signIn } from "./support/dashboard";
import { GATEWAY, payload, runCli, textOf, trackResources } from "./support/gateway-process";
import { servedInProcess } from "./support/in-process";
import { demoDatabase } from "./support/postgres-demo";
import type { RunningGateway } from "./support/gateway-process";

// As in search-learning.test.ts: none of these words is in the tool's text, and before any
// learning the tool is fifth on the page, behind eshop_best_sellers_by_revenue.
const REQUEST = "money from chatbot shoppers";
const TOOL = "seo_get_ai_referral_revenue";
// Fourth on the same page before learning; first for a workspace that learned REQUEST for it
// (chosen by trying the real catalog).
const OTHER_TOOL = "eshop_abandonment_by_checkout_step";
// The served gateway's poll and index refresh are 10 s: waits on them allow two and a margin.
const POLL_WAIT = { timeout: 30_000, interval: 250 };

const resources = trackResources();
const fresh = () => resources.data(["other"]);
const served = (dir: string, flags: string[] = []) => resources.serve(dir, ["--memory-quota", ...flags]);
/** A client for each workspace: A (demo) and B (other). */
const openBoth = async (url: string, tokens: ReturnType<typeof fresh>["tokens"]) =>
  [await resources.open(url, tokens.demo!.readToken), await resources.open(url, tokens.other!.readToken)] as const;
/** The names on the first page of search_tools for `query`. */
const searched = async (client: Client, query = REQUEST): Promise<string[]> => {
  const result = await client.callTool({ name: "search_tools", arguments: { query } });
  expect(result.isError, textOf(result)).toBeFalsy();
  return (payload(result).results as { name: string }[]).map((entry) => entry.name);
};
const firstHit = async (client: Client): Promise<string | undefined> => (await searched(client))[0];
const describeTool = async (client: Client, name: string) => {
  const result = await client.callTool({ name: "describe_tool", arguments: { name } });
  expect(result.isError, textOf(result)).toBeFalsy();
};
/** The learned_requests rows of a data directory and the id of a workspace, read from its SQLite file. */
const readStore = <T>(dir: string, read: (db: ReturnType<typeof openSqliteDatabase>) => T): T => {
  const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
  try {
    return read(db);
  } finally {
    db.close();
  }
};
const rowsIn = (dir: string) => readStore(dir, (db) => db.prepare("SELECT workspace_id, tool, request FROM learned_requests ORDER BY id").all() as { workspace_id: string; tool: string; request: string }[]);
const workspaceIdIn = (dir: string, name: string) => readStore(dir, (db) => (db.prepare("SELECT id FROM workspaces WHERE name = ?").get(name) as { id: string }).id);

/** Closes the running gateway's clients, stops it and serves the same data again (the rows are learned again at start). */
const restart = async (dir: string, tokens: ReturnType<typeof fresh>["tokens"], running: { gateway: RunningGateway; clients: readonly Client[] }, flags: string[] = []) => {
  for (const client of running.clients) await client.close().catch(() => undefined);
  await running.gateway.stop();
  const gateway = await served(dir, flags);
  return { gateway, clients: await openBoth(gateway.url, tokens) };
};

/** A learns REQUEST for TOOL (a search, then describe_tool from its page); B has not searched since. */
async function workspaceALearns(dir: string, a: Client, b: Client): Promise<string[]> {
  const before = await searched(a);
  expect(before).toContain(TOOL);
  expect(before[0]).not.toBe(TOOL);
  expect(await searched(b)).toEqual(before);
  await describeTool(a, TOOL);
  // Written in the background, under A's workspace id.
  await expect.poll(() => rowsIn(dir), { timeout: 10_000 }).toEqual([{ workspace_id: workspaceIdIn(dir, "demo"), tool: TOOL, request: REQUEST }]);
  return before;
}

describe("tool search learns per workspace by default (the built gateway, SQLite)", () => {
  it("A's words find the tool first for A; B's ranking is what it was before A learned, also after a restart; the dashboard shows either", async () => {
    const { dir, tokens } = fresh();
    let gateway = await served(dir);
    let [a, b] = await openBoth(gateway.url, tokens);
    const before = await workspaceALearns(dir, a, b);
    await expect.poll(() => firstHit(a), POLL_WAIT).toBe(TOOL);
    expect(await searched(b)).toEqual(before);

    // At start every stored row is learned before the first search builds the index.
    ({ gateway, clients: [a, b] } = await restart(dir, tokens, { gateway, clients: [a, b] }));
    expect(await firstHit(a)).toBe(TOOL);
    expect(await searched(b)).toEqual(before);

    // The dashboard: with no workspace, the ranking with nothing a workspace learned; with one, its tokens' ranking.
    const session = await signIn(gateway.url, tokens.demo!.adminToken!);
    const dashboard = async (query: string) => {
      const answer = await session.request<{ results: { name: string }[] }>("GET", `search?q=${encodeURIComponent(REQUEST)}${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.results.map((hit) => hit.name);
    };
    expect(await dashboard("")).toEqual(before);
    expect((await dashboard("&workspace=demo"))[0]).toBe(TOOL);
    expect(await dashboard("&workspace=demo")).toEqual(await searched(a));
    expect(await dashboard("&workspace=other")).toEqual(before);
    const unknown = await session.request("GET", `search?q=${encodeURIComponent(REQUEST)}&workspace=nobody`);
    expect([unknown.status, unknown.body]).toEqual([404, { error: { code: "NOT_FOUND", message: 'workspace "nobody" does not exist' } }]);
    const long = await session.request("GET", `search?q=x&workspace=${"w".repeat(41)}`);
    expect([long.status, long.body]).toEqual([400, { error: { code: "INVALID_ARGUMENT", message: "workspace must be a workspace name of 1-40 lowercase letters, digits or dashes, starting with a letter or digit; got 41 characters" } }]);
  }, 180_000);

  it("--shared-learning: A's words rank B's searches too, before and after a restart, and the dashboard's search with no workspace", async () => {
    const { dir, tokens } = fresh();
    let gateway = await served(dir, ["--shared-learning"]);
    let [a, b] = await openBoth(gateway.url, tokens);
    await workspaceALearns(dir, a, b);
    // Read by every search once the index is 10 s old.
    for (const client of [a, b]) await expect.poll(() => firstHit(client), POLL_WAIT).toBe(TOOL);

    ({ gateway, clients: [a, b] } = await restart(dir, tokens, { gateway, clients: [a, b] }, ["--shared-learning"]));
    expect([await firstHit(a), await firstHit(b)]).toEqual([TOOL, TOOL]);
    const session = await signIn(gateway.url, tokens.demo!.adminToken!);
    const first = async (query: string) => (await session.request<{ results: { name: string }[] }>("GET", `search?q=${encodeURIComponent(REQUEST)}${query}`)).body.results[0]?.name;
    expect([await first(""), await first("&workspace=other")]).toEqual([TOOL, TOOL]);
  }, 180_000);

  it("learned forget --workspace on a running gateway takes A's ranking back; B's own words stay B's, learned again in B's workspace", async () => {
    const { dir, tokens } = fresh();
    const gateway = await served(dir);
    const [a, b] = await openBoth(gateway.url, tokens);
    const before = await workspaceALearns(dir, a, b);
    // B searched with the same words and chose another tool from that page.
    expect(await searched(b)).toContain(OTHER_TOOL);
    await describeTool(b, OTHER_TOOL);
    await expect.poll(() => rowsIn(dir).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => firstHit(a), POLL_WAIT).toBe(TOOL);
    await expect.poll(() => firstHit(b), POLL_WAIT).toBe(OTHER_TOOL);

    expect(JSON.parse(runCli(["learned", "forget", "--workspace", "demo", "--data", dir]))).toEqual({ forgotten: 1 });
    expect(rowsIn(dir)).toEqual([{ workspace_id: workspaceIdIn(dir, "other"), tool: OTHER_TOOL, request: REQUEST }]);
    // The running gateway sees the forget at its next poll, forgets all and learns B's row again, in B's workspace.
    await expect.poll(() => searched(a), POLL_WAIT).toEqual(before);
    expect(await firstHit(b)).toBe(OTHER_TOOL);
  }, 180_000);

  it("refuses --shared-learning with --no-learning, naming both (exit 2)", () => {
    const { dir } = fresh();
    const refused = spawnSync(process.execPath, [GATEWAY, "serve", "--data", dir, "--port", "0", "--shared-learning", "--no-learning"], { encoding: "utf8", timeout: 60_000 });
    expect([refused.status, refused.stdout]).toEqual([2, ""]);
    expect(refused.stderr).toBe(
      "amicited-gateway: --shared-learning and --no-learning contradict each other: --no-learning learns nothing, --shared-learning lets every workspace's learned words rank every workspace's searches. Give one of them, or neither (each workspace learns for its own searches).\n",
    );
  }, 60_000);
});

/**
 * Two instances on one store, polling every 100 ms. A learns on the first; the second reads the row
 * at its next poll and ranks the tool first for A, not for B. On the first, the pair learned from
 * A's call and the same row read back by its own poll are one request in A's tenant (two, were the
 * call's workspace id and the row's different); on the second, the row's tenant is A's id too.
 */
async function rowsReadBackRankTheirWorkspaceOnly(location: { dataDir: string } | { database: string }, tokens: { a: string; b: string }): Promise<void> {
  const { gateways, servers } = await servedInProcess(resources, { ...location, memoryQuota: true, learning: { refreshMs: 100 } });
  const [one, other] = gateways as [Gateway, Gateway];
  const workspaceA = (await resolveToken(one.store, tokens.a))!.workspaceId;
  const aOnOne = await resources.open(servers[0]!.url, tokens.a);
  const [aOnOther, bOnOther] = [await resources.open(servers[1]!.url, tokens.a), await resources.open(servers[1]!.url, tokens.b)];
  const before = await searched(bOnOther);
  expect(await searched(aOnOne)).toEqual(before);
  expect(before[0]).not.toBe(TOOL);
  await describeTool(aOnOne, TOOL);

  await expect.poll(async () => (await other.learning!.log.after(0)).map((row) => [row.workspaceId, row.tool, row.request]), { timeout: 15_000 }).toEqual([[workspaceA, TOOL, REQUEST]]);
  await expect.poll(() => firstHit(aOnOther), { timeout: 15_000, interval: 100 }).toBe(TOOL);
  expect(await searched(bOnOther)).toEqual(before);
  // The first instance's poll has read its own row back by now (it reads again below its highest id).
  await one.learning!.catchUp();
  for (const gateway of [one, other]) expect(gateway.catalog.learnedRequests()).toEqual([{ tool: TOOL, request: REQUEST, tenant: workspaceA }]);
}

describe("the store keeps what the catalog keeps", () => {
  it("each workspace's share of the learned rows per workspace, the whole bound when learning is shared", async () => {
    const { dir } = fresh();
    for (const [learning, share] of [[{}, DEFAULT_LEARNED_PER_TENANT], [{ shared: true }, DEFAULT_LEARNED_TOTAL]] as const) {
      const gateway = resources.closing(await createGateway({ dataDir: dir, memoryQuota: true, learning }));
      expect(gateway.learning!.log.keepRowsPerWorkspace).toBe(share);
      expect(gateway.learning!.log.keepRows).toBe(DEFAULT_LEARNED_TOTAL);
    }
  });
});

describe("the workspace a call carries is the workspace its rows are stored and read under (two instances in process)", () => {
  it("on one SQLite file", async () => {
    const { dir, tokens } = fresh();
    await rowsReadBackRankTheirWorkspaceOnly({ dataDir: dir }, { a: tokens.demo!.readToken, b: tokens.other!.readToken });
  }, 120_000);
});

const gate = postgresGate();

describe.skipIf(!gate.run)("the workspace a call carries is the workspace its rows are stored and read under (two instances on one PostgreSQL)", () => {
  it("on one PostgreSQL", async () => {
    const { url, tokens } = await demoDatabase(resources, "learning_per_workspace", ["demo", "other"]);
    await rowsReadBackRankTheirWorkspaceOnly({ database: url }, { a: tokens.demo!.readToken, b: tokens.other!.readToken });
  }, 240_000);
});
