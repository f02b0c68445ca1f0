// An operator's hands on what tool search learned (issue 32, session 31): `learned list` prints the
// stored requests newest first (exact lines and JSON, bounded --limit, clear refusals), `learned
// forget` deletes exactly what --id, --tool and --workspace name, and a forget from the CLI (a child
// process) reaches gateways that are already running on the same store at their next poll: two
// instances on one SQLite file and two on one PostgreSQL stop ranking the forgotten words' tool first.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { openSqliteDatabase } from "@foundry-mcp/core/node";
import { resolveToken } from "@foundry-mcp/workspace-store";
import { postgresGate } from "../../../tooling/postgres-cluster.mjs";
import { createGateway } from "../src/server/gateway";
import { GATEWAY, payload, runCli, storeFlags, textOf, trackResources } from "./support/gateway-process";
import { servedInProcess } from "./support/in-process";
import { demoDatabase } from "./support/postgres-demo";

// As in search-learning.test.ts: words the tool's text lacks; before learning the tool is not first.
const REQUEST = "money from chatbot shoppers";
const TOOL = "seo_get_ai_referral_revenue";

const resources = trackResources();
const fresh = (others: string[] = []) => resources.data(others);
/** The CLI's exit status, stdout and stderr. */
const cli = (args: string[]) => {
  const run = spawnSync(process.execPath, [GATEWAY, ...args], { encoding: "utf8", timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
};

/** Rows written straight into a data directory's SQLite file, as a gateway would have; their ids in order. */
function seed(dir: string, rows: [workspace: string, tool: string, request: string, learnedAt: string][]): number[] {
  const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
  try {
    const idOf = (name: string) => (db.prepare("SELECT id FROM workspaces WHERE name = ?").get(name) as { id: string }).id;
    const insert = db.prepare("INSERT INTO learned_requests (workspace_id, tool, request, learned_at) VALUES (?, ?, ?, ?) RETURNING id");
    return rows.map(([workspace, tool, request, at]) => Number((insert.get(idOf(workspace), tool, request, at) as { id: number }).id));
  } finally {
    db.close();
  }
}
const requestsLeft = (dir: string): string[] =>
  (JSON.parse(runCli(["learned", "list", "--data", dir, "--json", "--limit", "1000"])) as { rows: { request: string }[] }).rows.map((row) => row.request).reverse();

describe("learned list and learned forget (the built CLI on a SQLite data directory)", () => {
  it("lists newest first as tab-separated lines or JSON, narrows by workspace and tool, and refuses bad flags naming the bound", () => {
    const { dir } = fresh(["other"]);
    const [first, second, third] = seed(dir, [
      ["demo", "uptime_is_site_down", "is our shop up", "2026-12-01T09:00:00.000Z"],
      ["other", TOOL, "bot\u001b[31m shoppers\nmoney", "2026-12-02T09:00:00.000Z"],
      ["demo", TOOL, REQUEST, "2026-12-03T09:00:00.000Z"],
    ]);
    const all = cli(["learned", "list", "--data", dir]);
    expect([all.status, all.stderr]).toEqual([0, ""]);
    // A control character the agent typed is shown as a space, never sent to the terminal.
    expect(all.stdout).toBe(
      [
        `${third}\t2026-12-03T09:00:00.000Z\tdemo\t${TOOL}\t${REQUEST}`,
        `${second}\t2026-12-02T09:00:00.000Z\tother\t${TOOL}\tbot [31m shoppers money`,
        `${first}\t2026-12-01T09:00:00.000Z\tdemo\tuptime_is_site_down\tis our shop up`,
        "",
      ].join("\n"),
    );
    expect(cli(["learned", "list", "--data", dir, "--workspace", "demo", "--tool", TOOL]).stdout).toBe(`${third}\t2026-12-03T09:00:00.000Z\tdemo\t${TOOL}\t${REQUEST}\n`);
    const cut = cli(["learned", "list", "--data", dir, "--limit", "1"]);
    expect([cut.status, cut.stdout.split("\n").length, cut.stderr]).toEqual([
      0,
      2,
      "amicited-gateway: the newest 1 of 3 learned requests; --limit shows up to 1000, --workspace and --tool narrow\n",
    ]);
    expect(JSON.parse(cli(["learned", "list", "--data", dir, "--tool", TOOL, "--json"]).stdout)).toEqual({
      total: 2,
      limit: 50,
      rows: [
        { id: third, learnedAt: "2026-12-03T09:00:00.000Z", workspace: "demo", tool: TOOL, request: REQUEST },
        { id: second, learnedAt: "2026-12-02T09:00:00.000Z", workspace: "other", tool: TOOL, request: "bot\u001b[31m shoppers\nmoney" },
      ],
    });
    const refusals = [
      [["--limit", "0"], "amicited-gateway: --limit must be an integer from 1 to 1000; got 0\n"],
      [["--limit", "1001"], "amicited-gateway: --limit must be an integer from 1 to 1000; got 1001\n"],
      [["--workspace", "nobody"], 'amicited-gateway: --workspace: workspace "nobody" does not exist\n'],
      [["--tool", "t".repeat(129)], "amicited-gateway: --tool must be a tool name of at most 128 characters; got 129\n"],
    ] as const;
    for (const [flags, message] of refusals) {
      const refused = cli(["learned", "list", "--data", dir, ...flags]);
      // Exit status 2 is the CLI's usage code (GatewayError USAGE), as for every bad flag.
      expect([refused.status, refused.stdout, refused.stderr]).toEqual([2, "", message]);
    }
    expect(cli(["learned", "list", "--data", dir, "--id", "1"]).stderr).toMatch(/^amicited-gateway: unknown flag --id\n/);
  }, 60_000);

  it("forgets only what --id, --tool and --workspace name (alone or together); no flag forgets the rest", () => {
    const { dir } = fresh(["other"]);
    const ids = seed(dir, [
      ["demo", TOOL, "a", "2026-12-01T09:00:00.000Z"],
      ["other", TOOL, "b", "2026-12-01T09:00:01.000Z"],
      ["demo", "uptime_is_site_down", "c", "2026-12-01T09:00:02.000Z"],
      ["other", "uptime_is_site_down", "d", "2026-12-01T09:00:03.000Z"],
      ["demo", TOOL, "e", "2026-12-01T09:00:04.000Z"],
      ["other", "list_domains", "f", "2026-12-01T09:00:05.000Z"],
    ]);
    const forget = (...flags: string[]) => JSON.parse(runCli(["learned", "forget", "--data", dir, ...flags])) as { forgotten: number };
    expect(forget("--id", String(ids[2]))).toEqual({ forgotten: 1 });
    expect(requestsLeft(dir)).toEqual(["a", "b", "d", "e", "f"]);
    expect(forget("--id", String(ids[2]))).toEqual({ forgotten: 0 });
    expect(forget("--workspace", "other", "--tool", TOOL)).toEqual({ forgotten: 1 });
    expect(requestsLeft(dir)).toEqual(["a", "d", "e", "f"]);
    expect(forget("--tool", "uptime_is_site_down")).toEqual({ forgotten: 1 });
    expect(requestsLeft(dir)).toEqual(["a", "e", "f"]);
    expect(forget("--id", String(ids[0]), "--workspace", "other")).toEqual({ forgotten: 0 });
    expect(forget("--workspace", "demo")).toEqual({ forgotten: 2 });
    expect(requestsLeft(dir)).toEqual(["f"]);
    const unknown = cli(["learned", "forget", "--data", dir, "--workspace", "nobody"]);
    expect([unknown.status, unknown.stderr]).toEqual([2, 'amicited-gateway: --workspace: workspace "nobody" does not exist\n']);
    expect(cli(["learned", "forget", "--data", dir, "--id", "0"]).stderr).toBe("amicited-gateway: --id must be an integer from 1 to 9007199254740991; got 0\n");
    expect(forget()).toEqual({ forgotten: 1 });
    expect(requestsLeft(dir)).toEqual([]);
  }, 60_000);
});

const firstHit = async (client: Client, query: string): Promise<string | undefined> => {
  const result = await client.callTool({ name: "search_tools", arguments: { query } });
  expect(result.isError, textOf(result)).toBeFalsy();
  return (payload(result).results as { name: string }[])[0]?.name;
};

/**
 * Both instances start without the words; one learns them (search, then describe_tool from that
 * page); both then rank the tool first; `learned forget --tool` in a child process; both stop.
 */
async function forgetReachesRunningInstances(location: { dataDir: string } | { database: string }, readToken: string): Promise<void> {
  // Two gateways built in this process on one store, each serving real HTTP, polling every 100 ms.
  const { gateways, servers } = await servedInProcess(resources, { ...location, memoryQuota: true, learning: { refreshMs: 100 } });
  const clients: Client[] = [];
  for (const server of servers) clients.push(await resources.open(server.url, readToken));
  const [one, other] = clients as [Client, Client];
  expect(await firstHit(other, REQUEST)).not.toBe(TOOL);
  expect(await firstHit(one, REQUEST)).not.toBe(TOOL);
  const described = await one.callTool({ name: "describe_tool", arguments: { name: TOOL } });
  expect(described.isError, textOf(described)).toBeFalsy();
  for (const client of [one, other]) await expect.poll(() => firstHit(client, REQUEST), { timeout: 15_000, interval: 100 }).toBe(TOOL);

  const where = "dataDir" in location ? location.dataDir : location.database;
  expect(JSON.parse(runCli(["learned", "forget", ...storeFlags(where), "--tool", TOOL]))).toEqual({ forgotten: 1 });
  for (const client of [one, other]) await expect.poll(() => firstHit(client, REQUEST), { timeout: 15_000, interval: 100 }).not.toBe(TOOL);
  // The store holds nothing now, and neither catalog keeps the forgotten words.
  expect(await gateways[0]!.learning!.log.after(0)).toEqual([]);
  for (const gateway of gateways) expect(gateway.catalog.learnedRequests()).toEqual([]);
}

describe("a forget reaches gateways already running on one SQLite file", () => {
  it("learned forget (a child process) makes both instances stop ranking the words' tool first at their next poll", async () => {
    const { dir, tokens } = fresh();
    await forgetReachesRunningInstances({ dataDir: dir }, tokens.demo!.readToken);
  }, 120_000);

  it("keeps what the forget did not name: another tool's words, learned again after the rebuild in their workspace", async () => {
    const { dir, tokens } = fresh();
    seed(dir, [["demo", "uptime_is_site_down", "is our shop up", "2026-12-01T09:00:00.000Z"], ["demo", TOOL, REQUEST, "2026-12-02T09:00:00.000Z"]]);
    const gateway = resources.closing(await createGateway({ dataDir: dir, memoryQuota: true, learning: { refreshMs: 100 } }));
    // Each row ranks its workspace's searches only (decision 0056): its tenant is the workspace's id.
    const tenant = (await resolveToken(gateway.store, tokens.demo!.readToken))!.workspaceId;
    expect(gateway.catalog.learnedRequests()).toEqual([
      { tool: "uptime_is_site_down", request: "is our shop up", tenant },
      { tool: TOOL, request: REQUEST, tenant },
    ]);
    expect(JSON.parse(runCli(["learned", "forget", "--data", dir, "--tool", TOOL]))).toEqual({ forgotten: 1 });
    await expect.poll(() => gateway.catalog.learnedRequests(), { timeout: 10_000, interval: 50 }).toEqual([{ tool: "uptime_is_site_down", request: "is our shop up", tenant }]);
  }, 60_000);
});

const gate = postgresGate();

describe.skipIf(!gate.run)("a forget reaches gateways already running on one PostgreSQL", () => {
  it("learned forget --database (a child process) makes both instances stop ranking the words' tool first at their next poll", async () => {
    const { url, tokens } = await demoDatabase(resources, "learned_ops");
    await forgetReachesRunningInstances({ database: url }, tokens.demo!.readToken);
  }, 240_000);
});
