// Every read tool answers the same bytes on the embedded SQLite store and on PostgreSQL: the tools'
// SQL is written once, with dialect helpers where the databases spell an expression differently
// (decision 0012), and nothing is translated at run time. Both stores hold the same deterministic
// demo workspace; each tool runs once with the same arguments on each. Every ORDER BY ends in a
// tie-breaker (the grouped key or a unique column) and every joined list names its order, so tied
// rows and GROUP_CONCAT come back alike, and money shares are summed in integers (issue 37).
// No tool may diverge.
import { beforeAll, describe, expect, it } from "vitest";
import { resolveToken } from "@foundry-mcp/workspace-store";
import type { StoreLocation } from "@foundry-mcp/workspace-store";
import { createGateway } from "../src/server/gateway";
import type { Gateway } from "../src/server/gateway";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { demoArguments } from "./support/arguments";
import { seedDemoWorkspaces } from "./support/demo-store";
import { trackResources, type TestResources } from "./support/gateway-process";


const INSTANT = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g;

interface Side {
  gateway: Gateway;
  workspaceId: string;
}

async function sideOn(resources: TestResources, location: StoreLocation): Promise<Side> {
  const { demo } = await seedDemoWorkspaces(location, ["demo"]);
  const gateway = resources.closing(
    await createGateway({
      ...("url" in location ? { database: location.url } : { dataDir: location.dataDir }),
      memoryQuota: true,
      hourlyCap: 100_000,
    }),
  );
  return { gateway, workspaceId: (await resolveToken(gateway.store, demo.readToken))!.workspaceId };
}

describe.skipIf(!postgresGate().run)("tool answers on both stores", () => {
  const resources = trackResources("all");
  let sqlite: Side;
  let postgres: Side;

  beforeAll(async () => {
    const dir = resources.directory("gw-parity-");
    const cluster: PostgresCluster = await startPostgres();
    resources.defer(() => cluster.stop());
    sqlite = await sideOn(resources, { dataDir: dir });
    postgres = await sideOn(resources, { url: cluster.createDatabase("parity") });
  }, 240_000);

  it("answers every read tool with the same bytes on SQLite and PostgreSQL", { timeout: 240_000 }, async () => {
    const answer = async (side: Side, name: string, args: Record<string, unknown>) => {
      try {
        const output = await side.gateway.catalog.read(name, args, { workspace: side.workspaceId, scope: "read" });
        // The workspace's own id is random per store, and rows made at set-up carry its instant.
        return JSON.stringify(output).replaceAll(side.workspaceId, "<workspace>").replace(INSTANT, "<instant>");
      } catch (error) {
        return `error: ${(error as Error).message}`;
      }
    };
    const domainOf = async (side: Side) =>
      (await side.gateway.store.get<{ id: number }>("SELECT id FROM domains WHERE workspace_id = ? ORDER BY id", [
        side.workspaceId,
      ]))!.id;
    const domainId = await domainOf(sqlite);
    expect(await domainOf(postgres)).toBe(domainId);
    const differing: string[] = [];
    let compared = 0;
    for (const tool of sqlite.gateway.catalog.list().filter((entry) => entry.kind === "read")) {
      const args = await demoArguments(tool, sqlite.gateway.store, domainId);
      const [onSqlite, onPostgres] = [await answer(sqlite, tool.name, args), await answer(postgres, tool.name, args)];
      compared++;
      if (onSqlite !== onPostgres)
        differing.push(`${tool.name}:\n  sqlite   ${onSqlite.slice(0, 300)}\n  postgres ${onPostgres.slice(0, 300)}`);
    }
    expect(differing).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(180);
  });

  // Regression: SQLite read `position` in HAVING as one row's column, not the aggregate the
  // SELECT names so (PostgreSQL's translation used the aggregate), and listed a query at 3.9.
  it("keeps gsc_striking_distance_queries to positions 4-15 on both stores", async () => {
    for (const side of [sqlite, postgres]) {
      const domainId = (await side.gateway.store.get<{ id: number }>(
        "SELECT id FROM domains WHERE workspace_id = ? ORDER BY id",
        [side.workspaceId],
      ))!.id;
      const output = await side.gateway.catalog.read(
        "gsc_striking_distance_queries",
        { domain_id: domainId, limit: 100 },
        { workspace: side.workspaceId, scope: "read" },
      );
      const rows = (output.structuredContent as { rows: { position: number }[] }).rows;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => row.position < 4 || row.position > 15)).toEqual([]);
    }
  });
});
