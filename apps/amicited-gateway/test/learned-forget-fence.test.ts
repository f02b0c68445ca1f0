// A forget wins over a request another instance still queues (issue 32, session 32; decision 0055):
// instance A learns the words for a tool and queues the row, instance B forgets that tool before
// A's batch is written, then A writes. The row never lands, and A, which had learned the words in
// its own catalog, stops ranking the tool first at its next poll. Before the fence B's forget found
// nothing to delete and counted nothing, A's batch then stored the row, and the forget was lost on
// every instance. Two gateways built in this process on one SQLite file and on one PostgreSQL, each
// serving real HTTP and polling every 100 ms; A's writes are held (its store's transactions wait
// for a release) so the forget comes inside A's batch window instead of whenever a timer fires.
import { describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { postgresGate } from "../../../tooling/postgres-cluster.mjs";
import type { Gateway } from "../src/server/gateway";
import { payload, textOf, trackResources } from "./support/gateway-process";
import { servedInProcess } from "./support/in-process";
import { demoDatabase } from "./support/postgres-demo";

// As in learned-ops.test.ts: words the tool's text lacks; before learning the tool is not first.
const REQUEST = "money from chatbot shoppers";
const TOOL = "seo_get_ai_referral_revenue";

const resources = trackResources();

/** Makes `store`'s transactions and batches wait until the returned release is called (at the latest when the test ends, before its gateways close). */
function holdWrites(store: WorkspaceStore): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const { transaction, batch } = store;
  store.transaction = async (work) => {
    await released;
    return transaction(work);
  };
  store.batch = async (statements) => {
    await released;
    return batch(statements);
  };
  resources.defer(release);
  return release;
}

const firstHit = async (client: Client, query: string): Promise<string | undefined> => {
  const result = await client.callTool({ name: "search_tools", arguments: { query } });
  expect(result.isError, textOf(result)).toBeFalsy();
  return (payload(result).results as { name: string }[])[0]?.name;
};

async function forgetWinsOverQueuedRequest(location: { dataDir: string } | { database: string }, readToken: string): Promise<void> {
  const { gateways, servers } = await servedInProcess(resources, { ...location, memoryQuota: true, learning: { refreshMs: 100 } });
  const [gatewayA, gatewayB] = gateways as [Gateway, Gateway];
  const instanceA = await resources.open(servers[0]!.url, readToken);
  expect(await firstHit(instanceA, REQUEST)).not.toBe(TOOL);

  // A learns the words (describe_tool from that search's page); its row waits in A's queue.
  const release = holdWrites(gatewayA.store);
  const described = await instanceA.callTool({ name: "describe_tool", arguments: { name: TOOL } });
  expect(described.isError, textOf(described)).toBeFalsy();
  await expect.poll(() => firstHit(instanceA, REQUEST), { timeout: 15_000, interval: 100 }).toBe(TOOL);

  // B's dashboard forgets the tool: nothing is stored yet, so nothing is deleted.
  expect(await gatewayB.learning!.forget({ tool: TOOL })).toBe(0);
  release();
  await gatewayA.learning!.log.flush();
  expect(await gatewayB.learning!.log.after(0)).toEqual([]);
  expect([gatewayA.learning!.log.forgottenBeforeWritten, gatewayA.learning!.log.dropped]).toEqual([1, 0]);
  // A's poll sees the forget and learns again from the rows left: none.
  await expect.poll(() => firstHit(instanceA, REQUEST), { timeout: 15_000, interval: 100 }).not.toBe(TOOL);
  await expect.poll(() => gatewayA.catalog.learnedRequests(), { timeout: 15_000, interval: 100 }).toEqual([]);
  expect(gatewayB.catalog.learnedRequests()).toEqual([]);
}

describe("a forget wins over a request another instance still queues (two gateways on one SQLite file)", () => {
  it("the queued row is never written, and the instance that learned the words stops ranking the tool first", async () => {
    const { dir, tokens } = resources.data();
    await forgetWinsOverQueuedRequest({ dataDir: dir }, tokens.demo!.readToken);
  }, 120_000);
});

const gate = postgresGate();

describe.skipIf(!gate.run)("a forget wins over a request another instance still queues (two gateways on one PostgreSQL)", () => {
  it("the queued row is never written, and the instance that learned the words stops ranking the tool first", async () => {
    const { url, tokens } = await demoDatabase(resources, "forget_fence");
    await forgetWinsOverQueuedRequest({ database: url }, tokens.demo!.readToken);
  }, 240_000);
});
