// Tool search learns its users' words (decision 0055, issue 32): over real HTTP with the SDK client,
// a search_tools request in words the tools do not use, then describe_tool of a tool its page
// showed, is kept in the store (learned_requests) and learned again when the gateway restarts on
// the same data, so the same words then find that tool first. `--no-learning` stores and loads
// nothing. A store that refuses the write never fails the call. Two instances on one PostgreSQL
// learn each other's rows (the poll). The table's bound and workspace deletion are tested on both
// drivers in workspace-store's isolation conformance.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { openSqliteDatabase } from "@foundry-mcp/core/node";
import { resolveToken } from "@foundry-mcp/workspace-store";
import { postgresGate } from "../../../tooling/postgres-cluster.mjs";
import { createGateway } from "../src/server/gateway";
import { GATEWAY, payload, runCli, textOf, trackResources } from "./support/gateway-process";
import { servedInProcess } from "./support/in-process";
import { demoDatabase } from "./support/postgres-demo";

// Chosen by trying the real catalog: none of these words is in the tool's text ("Do AI answers
// send buyers? Orders and revenue from AI referrals per week."), and before any learning the tool
// is fifth on the page, behind eshop_best_sellers_by_revenue.
const REQUEST = "money from chatbot shoppers";
const TOOL = "seo_get_ai_referral_revenue";

const resources = trackResources();
const served = (dir: string, flags: string[] = []) => resources.serve(dir, ["--memory-quota", ...flags]);
/** The names on the first page of search_tools for `query`. */
const searched = async (client: Client, query: string): Promise<string[]> => {
  const result = await client.callTool({ name: "search_tools", arguments: { query } });
  expect(result.isError, textOf(result)).toBeFalsy();
  return (payload(result).results as { name: string }[]).map((entry) => entry.name);
};
const describeTool = async (client: Client, name: string) => {
  const result = await client.callTool({ name: "describe_tool", arguments: { name } });
  expect(result.isError, textOf(result)).toBeFalsy();
  return result;
};
/** The learned_requests rows of a data directory, read from its SQLite file beside the running gateway. */
const rowsIn = (dir: string) => {
  const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
  try {
    return db.prepare("SELECT workspace_id, tool, request FROM learned_requests ORDER BY id").all() as { workspace_id: string; tool: string; request: string }[];
  } finally {
    db.close();
  }
};
const fresh = () => resources.data();

describe("tool search learns the words agents searched with (SQLite, the built gateway)", () => {
  it("keeps a search followed by describe_tool in the store; after a restart those words find the tool first", async () => {
    const { dir, tokens } = fresh();
    const token = tokens.demo!.readToken;
    let gateway = await served(dir);
    let client = await resources.open(gateway.url, token);
    const before = await searched(client, REQUEST);
    expect(before).toContain(TOOL);
    expect(before[0]).not.toBe(TOOL);
    await describeTool(client, TOOL);
    // Written in the background (within 250 ms), not at close.
    await expect.poll(() => rowsIn(dir), { timeout: 10_000 }).toHaveLength(1);
    const [row] = rowsIn(dir);
    expect(row).toEqual({ workspace_id: expect.any(String), tool: TOOL, request: REQUEST });
    await gateway.stop();

    gateway = await served(dir);
    client = await resources.open(gateway.url, token);
    expect((await searched(client, REQUEST))[0]).toBe(TOOL);
    await gateway.stop();

    // The operator's purge: one workspace's rows, then the next start has nothing to learn.
    const unknown = spawnSync(process.execPath, [GATEWAY, "learned", "forget", "--workspace", "nobody", "--data", dir], { encoding: "utf8" });
    expect([unknown.status, unknown.stderr]).toEqual([2, 'amicited-gateway: --workspace: workspace "nobody" does not exist\n']);
    expect(JSON.parse(runCli(["learned", "forget", "--workspace", "demo", "--data", dir]))).toEqual({ forgotten: 1 });
    expect(rowsIn(dir)).toEqual([]);
    client = await resources.open((await served(dir)).url, token);
    expect(await searched(client, REQUEST)).toEqual(before);
  }, 120_000);

  it("keeps the words without what looks like a secret or an address, in the store and in learned list", async () => {
    const { dir, tokens } = fresh();
    const client = await resources.open((await served(dir)).url, tokens.demo!.readToken);
    const request = `${REQUEST} for ops@example.com with key sk-live-4f9aK2mXq81LzQ7wZbT`;
    expect(await searched(client, request)).toContain(TOOL);
    await describeTool(client, TOOL);
    await expect.poll(() => rowsIn(dir), { timeout: 10_000 }).toHaveLength(1);
    expect(rowsIn(dir)[0]!.request).toBe(`${REQUEST} for with key`);
    expect(JSON.parse(runCli(["learned", "list", "--json", "--data", dir])).rows.map((row: { request: string }) => row.request)).toEqual([`${REQUEST} for with key`]);
  }, 60_000);

  it("cleans at start the rows an earlier version stored with a secret in them", async () => {
    const { dir, tokens } = fresh();
    // Rows as an earlier version wrote them: the text as the agent sent it.
    const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
    try {
      const demo = (db.prepare("SELECT id FROM workspaces WHERE name = 'demo'").get() as { id: string }).id;
      const insert = db.prepare("INSERT INTO learned_requests (workspace_id, tool, request, learned_at) VALUES (?, ?, ?, ?)");
      insert.run(demo, TOOL, `${REQUEST} key sk-live-4f9aK2mXq81LzQ7wZbT`, "2026-12-01T10:00:00.000Z");
      insert.run(demo, TOOL, "jane@example.com", "2026-12-01T10:00:00.000Z");
    } finally {
      db.close();
    }
    const client = await resources.open((await served(dir)).url, tokens.demo!.readToken);
    expect(rowsIn(dir).map((row) => row.request)).toEqual([`${REQUEST} key`]);
    expect((await searched(client, REQUEST))[0]).toBe(TOOL);
  }, 60_000);

  it("reads again a row that committed below the highest id it had read (PostgreSQL numbers a row before it commits)", async () => {
    const { dir, tokens } = fresh();
    const gateway = await createGateway({ dataDir: dir, memoryQuota: true, learning: { refreshMs: 50 } });
    try {
      const workspaceId = (await resolveToken(gateway.store, tokens.demo!.readToken))!.workspaceId;
      const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
      const insert = (id: number, request: string) =>
        db.prepare("INSERT INTO learned_requests (id, workspace_id, tool, request, learned_at) VALUES (?, ?, ?, ?, ?)").run(id, workspaceId, TOOL, request, new Date().toISOString());
      try {
        insert(10, "chatbot shoppers");
        insert(20, "bot buyers");
        const requests = () => gateway.catalog.learnedRequests().map((pair) => pair.request);
        await expect.poll(requests, { timeout: 10_000 }).toEqual(["chatbot shoppers", "bot buyers"]);
        // Another instance's batch, numbered 15 before 20 was written, commits now.
        insert(15, "assistant customers");
        await expect.poll(requests, { timeout: 10_000 }).toContain("assistant customers");
      } finally {
        db.close();
      }
    } finally {
      await gateway.close();
    }
  });

  it("--no-learning: the same search and describe_tool store nothing, and the ranking is the same after a restart", async () => {
    const { dir, tokens } = fresh();
    const token = tokens.demo!.readToken;
    const gateway = await served(dir, ["--no-learning"]);
    let client = await resources.open(gateway.url, token);
    const before = await searched(client, REQUEST);
    expect(before).toContain(TOOL);
    await describeTool(client, TOOL);
    await gateway.stop(); // close() writes any queued row
    expect(rowsIn(dir)).toEqual([]);
    client = await resources.open((await served(dir, ["--no-learning"])).url, token);
    expect(await searched(client, REQUEST)).toEqual(before);
  }, 120_000);

  it("a store that refuses the learned request's write never fails the call: it is reported on stderr", async () => {
    const { dir, tokens } = fresh();
    const gateway = await served(dir);
    const client = await resources.open(gateway.url, tokens.demo!.readToken);
    const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
    try {
      db.exec("ALTER TABLE learned_requests RENAME TO learned_requests_away");
    } finally {
      db.close();
    }
    expect(await searched(client, REQUEST)).toContain(TOOL);
    const described = await describeTool(client, TOOL);
    expect(textOf(described)).toContain(TOOL);
    // Retried three times (0.25 + 0.5 + 1 s), then dropped and reported.
    await expect
      .poll(() => gateway.stderr(), { timeout: 15_000 })
      .toMatch(/amicited-gateway: learned requests: 1 requests not written \(the database refused them 4 times; 1 dropped since start\): .*learned_requests/);
    expect(gateway.stderr()).toContain("amicited-gateway: learned requests write failed (try 1), trying again: ");
    // The gateway goes on serving, and its search ranking is what it learned in memory.
    expect(await searched(client, "is the site down")).not.toEqual([]);
  }, 60_000);
});

const gate = postgresGate();

describe.skipIf(!gate.run)("two gateway instances on one PostgreSQL learn each other's requests", () => {
  it("a request learned on one instance is found first on the other, which was already running", async () => {
    const { url, tokens } = await demoDatabase(resources, "learning");
    const readToken = tokens.demo!.readToken;
    const { gateways, servers } = await servedInProcess(resources, { database: url, memoryQuota: true, learning: { refreshMs: 100 } });
    const [one, other] = [await resources.open(servers[0]!.url, readToken), await resources.open(servers[1]!.url, readToken)];
    const before = await searched(other, REQUEST);
    expect(before[0]).not.toBe(TOOL);
    expect(await searched(one, REQUEST)).toContain(TOOL);
    await describeTool(one, TOOL);
    const workspaceId = (await resolveToken(gateways[0]!.store, readToken))!.workspaceId;
    await expect.poll(async () => (await gateways[1]!.learning!.log.after(0)).map((row) => [row.workspaceId, row.tool, row.request]), { timeout: 15_000 }).toEqual([[workspaceId, TOOL, REQUEST]]);
    // The other instance reads the row at its next poll and its index at the next refresh.
    await expect.poll(async () => (await searched(other, REQUEST))[0], { timeout: 15_000, interval: 200 }).toBe(TOOL);
  }, 240_000);
});
