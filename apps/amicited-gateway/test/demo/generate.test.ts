// Demo data: deterministic per workspace name, distinct between workspaces, and large enough in
// the big tables that paging matters.
import { beforeAll, describe, expect, it } from "vitest";
import { createDemoWorkspace } from "../../src/demo/generate";
import { openGatewayStore } from "../../src/store-schema/gateway-schema";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { trackResources } from "../support/gateway-process";

const resources = trackResources("all");
async function freshStore(): Promise<WorkspaceStore> {
  const store = resources.closing(await openGatewayStore({ dataDir: resources.directory("gw-demo-") }));
  await store.migrate();
  return store;
}
const fingerprint = (store: WorkspaceStore, name: string) =>
  store.all(
    `SELECT d.hostname, (SELECT COUNT(*) FROM eshop_orders o WHERE o.domain_id = d.id) AS orders, (SELECT ROUND(SUM(total), 2) FROM eshop_orders o WHERE o.domain_id = d.id) AS revenue, (SELECT SUM(clicks) FROM gsc_daily g WHERE g.domain_id = d.id) AS clicks FROM domains d JOIN workspaces w ON w.id = d.workspace_id WHERE w.name = ? ORDER BY d.id`,
    [name],
  );

let first: WorkspaceStore;
let second: WorkspaceStore;

beforeAll(async () => {
  first = await freshStore();
  second = await freshStore();
  await createDemoWorkspace(first, "demo");
  await createDemoWorkspace(first, "other");
  await createDemoWorkspace(second, "demo");
});

describe("demo data", () => {
  it("is the same for the same workspace name in two stores", async () => {
    expect(await fingerprint(first, "demo")).toEqual(await fingerprint(second, "demo"));
  });

  it("differs between workspaces", async () => {
    expect(await fingerprint(first, "other")).not.toEqual(await fingerprint(first, "demo"));
  });

  it("has thousands of rows in the big tables of each workspace", async () => {
    for (const table of [
      "gsc_daily",
      "eshop_orders",
      "uptime_checks",
      "prompt_runs",
      "gads_keyword_daily",
    ]) {
      const row = await second.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);
      expect(row!.n, table).toBeGreaterThanOrEqual(3000);
    }
  });
});
