// Busy workspaces never evict a quiet one's learned requests (decision 0057), in the gateway's
// own wiring (createGateway in process, on SQLite): the catalog (a tenant per workspace) and the
// store (LearnedRequestLog) both keep exactly 20,000 by fair shares (each busy workspace the level
// or one more), so a restarted gateway learns back exactly what its catalog kept. The bounds are
// the defaults (neither createGateway nor serve takes them), so the rows are written to the store
// directly: a quiet workspace's 201, then five busy ones' 5,000 each, in turns, then 4 more of the
// first busy one's. The level rounds down there (19,799 / 5), which is where the level alone let
// the catalog, cutting at every learn, and the store, cutting once, keep different rows. With
// `--shared-learning` the catalog is one pool and the store keeps the newest rows of all.
// And a request said again after a restart, by a workspace whose share is full, is one request in
// the catalog and in the store (session 35): the store keeps its newest row, not a row per learn.
// The same rules on both drivers, at small bounds: workspace-store's learned-conformance.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEFAULT_LEARNED_PER_TENANT, DEFAULT_LEARNED_TOTAL } from "@foundry-mcp/tool-catalog";
import { insertWorkspace } from "@foundry-mcp/workspace-store";
import { createGateway, type Gateway } from "../src/server/gateway";
import { openGatewayStore } from "../src/store-schema/gateway-schema";

const QUIET_ROWS = 201;
const BUSY = 5;
// Rows the first busy workspace writes after the others' last (past its 5,000: its oldest go).
const BUSY_0_LATER = 4;
const dirs: string[] = [];
const gateways: Gateway[] = [];

afterEach(async () => {
  for (const gateway of gateways.splice(0)) await gateway.close();
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const opened = async (dataDir: string, shared: boolean) => {
  const gateway = await createGateway({ dataDir, memoryQuota: true, learning: { shared } });
  gateways.push(gateway);
  return gateway;
};

/**
 * A data folder with a quiet workspace and five busy ones, and a gateway on it that learned their
 * rows (the quiet one's first, then the busy ones' in turns, then the first busy one's 4 later
 * rows, each a distinct request spread over the served tools so no tool holds more than 20 of one
 * workspace's); returns both and the ids.
 */
async function gatewayWithRows(shared: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-fair-"));
  dirs.push(dataDir);
  const setup = await openGatewayStore({ dataDir });
  await setup.migrate();
  const workspace = async (name: string) => (await insertWorkspace(setup, { name, plan: "free", credits: 5, dataAsOf: "2026-11-29" })).id;
  const quiet = await workspace("quiet");
  const busy: string[] = [];
  for (let index = 0; index < BUSY; index += 1) busy.push(await workspace(`busy-${index}`));
  await setup.close();
  const gateway = await opened(dataDir, shared);
  const tools = gateway.catalog.list().map(({ name }) => name);
  expect(tools.length).toBeGreaterThanOrEqual(DEFAULT_LEARNED_PER_TENANT / 20);
  const row = (workspaceId: string, who: string, count: number) => ({
    workspace_id: workspaceId,
    tool: tools[count % tools.length]!,
    request: `${who} asks about item ${count}`,
    learned_at: "2026-12-07T10:00:00.000Z",
  });
  const rows = Array.from({ length: QUIET_ROWS }, (_, count) => row(quiet, "quiet", count));
  for (let count = 0; count < DEFAULT_LEARNED_PER_TENANT; count += 1) rows.push(...busy.map((id, index) => row(id, `busy ${index}`, count)));
  for (let count = DEFAULT_LEARNED_PER_TENANT; count < DEFAULT_LEARNED_PER_TENANT + BUSY_0_LATER; count += 1) rows.push(row(busy[0]!, "busy 0", count));
  await gateway.store.insertMany("learned_requests", rows);
  await gateway.learning!.relearnAll();
  return { dataDir, gateway, quiet, busy };
}

const countsPerTenant = (gateway: Gateway) => {
  const counts = new Map<string | undefined, number>();
  for (const { tenant } of gateway.catalog.learnedRequests()) counts.set(tenant, (counts.get(tenant) ?? 0) + 1);
  return counts;
};

describe("busy workspaces never evict a quiet one's learned requests (decision 0057)", () => {
  it("per workspace, the catalog and the store keep the quiet workspace's 201 and exactly 20,000 in all, the busy ones the level or one more, and a restart learns back what the catalog kept (regression: the level alone left places the catalog filled and the store did not)", async () => {
    const { dataDir, gateway, quiet, busy } = await gatewayWithRows(false);
    // 201 + 5 × 5,000 over 20,000: the quiet workspace's 201 fit, the busy ones share 19,799, a
    // level of 3,959 (19,795) and 4 places left. They go to the busy workspaces whose 3,960th
    // newest is newest: busy 0 (its 4 later rows put its 3,960th newest at item 1,044; the others'
    // is item 1,040), then busy 4, 3 and 2 (busy 4 wrote last in each round). The level alone kept 19,996
    // in the store and let busy 0's later rows fill the catalog to 20,000 (3,963 of them).
    const level = Math.floor((DEFAULT_LEARNED_TOTAL - QUIET_ROWS) / BUSY);
    expect(level).toBe(3959);
    expect(Object.fromEntries(countsPerTenant(gateway))).toEqual(
      Object.fromEntries([[quiet, QUIET_ROWS], ...busy.map((id, index) => [id, index === 1 ? level : level + 1])]),
    );
    const kept = gateway.catalog.learnedRequests();
    expect(kept).toHaveLength(DEFAULT_LEARNED_TOTAL);
    // Each busy workspace keeps its newest.
    expect(kept.filter(({ tenant }) => tenant === busy[0]).at(0)?.request).toBe(`busy 0 asks about item ${DEFAULT_LEARNED_PER_TENANT + BUSY_0_LATER - (level + 1)}`);
    expect(await gateway.learning!.log.prune()).toBe(QUIET_ROWS + BUSY * DEFAULT_LEARNED_PER_TENANT + BUSY_0_LATER - DEFAULT_LEARNED_TOTAL);
    await gateway.close();
    gateways.splice(gateways.indexOf(gateway), 1);
    const restarted = await opened(dataDir, false);
    expect(restarted.catalog.learnedRequests()).toEqual(kept);
  }, 120_000);

  it("a request said again after a restart is one request in the store as in the catalog: its older row goes, not the workspace's oldest request, and the next restart learns back what the catalog kept (regression: the store counted a row per learn)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-again-"));
    dirs.push(dataDir);
    const setup = await openGatewayStore({ dataDir });
    await setup.migrate();
    const { id: workspaceId } = await insertWorkspace(setup, { name: "again", plan: "free", credits: 5, dataAsOf: "2026-11-29" });
    await setup.close();
    // The workspace's share full: 5,000 distinct requests, at most 20 per tool, written as the gateway writes them.
    let gateway = await opened(dataDir, false);
    const tools = gateway.catalog.list().map(({ name }) => name);
    expect(tools.length).toBeGreaterThanOrEqual(DEFAULT_LEARNED_PER_TENANT / 20);
    const asked = (count: number) => ({ tool: tools[count % tools.length]!, request: `again asks about item ${count}` });
    for (let count = 0; count < DEFAULT_LEARNED_PER_TENANT; count += 1) {
      await gateway.learning!.log.record({ workspaceId, ...asked(count) });
      // A batch at a time: the log holds at most 10 waiting.
      if (count % 200 === 199) await gateway.learning!.log.flush();
    }
    const restart = async () => {
      await gateway.close();
      gateways.splice(gateways.indexOf(gateway), 1);
      gateway = await opened(dataDir, false);
    };
    await restart();
    expect(gateway.catalog.learnedRequests()).toHaveLength(DEFAULT_LEARNED_PER_TENANT);
    // Item 100 said again, in capitals, through the gateway's learning: the catalog learns it (as
    // progressive's surface does) and the gateway keeps it.
    const again = { tool: asked(100).tool, request: asked(100).request.toUpperCase() };
    gateway.catalog.learn(again.request, again.tool, gateway.learning!.tenantOf(workspaceId));
    gateway.learning!.surfaces.learned!(again, { workspace: workspaceId, scope: "read" }, { rank: 1 });
    const kept = gateway.catalog.learnedRequests();
    expect([kept.length, kept[0]!.request, kept.at(-1)!.request]).toEqual([DEFAULT_LEARNED_PER_TENANT, asked(0).request, again.request]);
    // Its write prunes (a log's first batch does): of 5,001 rows, item 100's older one goes; counted
    // as rows, item 0's went.
    const log = gateway.learning!.log;
    await log.flush();
    const oldest = await log.list({}, { limit: 1, offset: DEFAULT_LEARNED_PER_TENANT - 1 });
    expect([oldest.total, oldest.rows[0]!.request]).toEqual([DEFAULT_LEARNED_PER_TENANT, asked(0).request]);
    expect((await log.list({ tool: again.tool }, { limit: 1000 })).rows.filter((row) => row.request.toLowerCase() === asked(100).request).map((row) => row.request)).toEqual([again.request]);
    expect(await log.prune()).toBe(0);
    await restart();
    expect(gateway.catalog.learnedRequests()).toEqual(kept);
  }, 120_000);

  it("--shared-learning keeps one pool: the store keeps the newest 20,000 rows of all, whoever's, and a restart learns back what the catalog kept", async () => {
    const { dataDir, gateway, quiet } = await gatewayWithRows(true);
    expect([gateway.learning!.log.pooled, gateway.learning!.log.keepRowsPerWorkspace]).toEqual([true, DEFAULT_LEARNED_TOTAL]);
    // One pool, every request learned for every search (bounded per tool: 20 of each).
    expect([...countsPerTenant(gateway).keys()]).toEqual([undefined]);
    const kept = gateway.catalog.learnedRequests();
    expect(await gateway.learning!.log.prune()).toBe(QUIET_ROWS + BUSY * DEFAULT_LEARNED_PER_TENANT + BUSY_0_LATER - DEFAULT_LEARNED_TOTAL);
    // The quiet workspace's rows were the oldest: pooled, they go first.
    expect((await gateway.learning!.log.list({ workspaceId: quiet })).total).toBe(0);
    await gateway.close();
    gateways.splice(gateways.indexOf(gateway), 1);
    const restarted = await opened(dataDir, true);
    expect(restarted.catalog.learnedRequests()).toEqual(kept);
  }, 120_000);
});
