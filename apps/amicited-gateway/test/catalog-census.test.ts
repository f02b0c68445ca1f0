// The catalog census: at least 300 tools in twelve toolsets, prefixes matching, all four kinds,
// and every read tool executed once against the demo workspace without an error, on the
// embedded SQLite store and on a real PostgreSQL server (the tools' SQL is written once).
import { beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../src/server/gateway";
import type { Gateway } from "../src/server/gateway";
import { resolveToken } from "@foundry-mcp/workspace-store";
import type { StoreLocation } from "@foundry-mcp/workspace-store";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { demoArguments } from "./support/arguments";
import { seedDemoWorkspaces } from "./support/demo-store";
import { trackResources } from "./support/gateway-process";

// Without PostgreSQL binaries outside CI, only the SQLite half runs (postgresGate prints why).
const drivers = postgresGate().run ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

describe.each(drivers)("catalog census (%s)", (driver) => {
  const resources = trackResources("all");
  let cluster: PostgresCluster | undefined;
  let gateway: Gateway;
  let workspaceId: string;
  let otherWorkspaceId: string;

  beforeAll(async () => {
    const dir = resources.directory("gw-census-");
    if (driver === "postgres") {
      cluster = await startPostgres();
      resources.defer(() => cluster?.stop());
    }
    const location: StoreLocation = cluster
      ? { url: cluster.createDatabase("census") }
      : { dataDir: dir };
    const { demo, other } = await seedDemoWorkspaces(location, ["demo", "other"]);
    gateway = resources.closing(
      await createGateway({
        ...("url" in location ? { database: location.url } : { dataDir: dir }),
        memoryQuota: true,
        hourlyCap: 100_000,
      }),
    );
    workspaceId = (await resolveToken(gateway.store, demo.readToken))!.workspaceId;
    otherWorkspaceId = (await resolveToken(gateway.store, other.readToken))!.workspaceId;
  }, 240_000);

  it("holds at least 300 tools in exactly twelve toolsets with the seed's prefixes", () => {
    const tools = gateway.catalog.list();
    const toolsets = gateway.catalog.toolsets();
    expect(tools.length).toBeGreaterThanOrEqual(300);
    expect(toolsets.map((toolset) => toolset.name)).toEqual([
      "workspace",
      "seo",
      "prompts",
      "competitors",
      "gsc",
      "bing_wmt",
      "google_ppc",
      "meta",
      "ads",
      "eshop",
      "uptime",
      "reports",
    ]);
    for (const prefix of [
      "gsc_",
      "bing_wmt_",
      "google_ppc_",
      "meta_",
      "eshop_",
      "uptime_",
      "ads_",
      "seo_",
    ])
      expect(toolsets.some((toolset) => toolset.prefix === prefix)).toBe(true);
    for (const tool of tools) {
      const toolset = toolsets.find((entry) => entry.name === tool.toolset)!;
      const prefixes = [toolset.prefix, ...(toolset.extraPrefixes ?? [])];
      expect(
        prefixes.some((prefix) => tool.name.startsWith(prefix)),
        tool.name,
      ).toBe(true);
    }
    for (const toolset of toolsets)
      expect(
        tools.filter((tool) => tool.toolset === toolset.name).length,
        toolset.name,
      ).toBeGreaterThanOrEqual(15);
  });

  it("has all four kinds, and no tool takes a workspace argument", () => {
    const tools = gateway.catalog.list();
    expect(new Set(tools.map((tool) => tool.kind))).toEqual(
      new Set(["read", "write", "paid", "destructive"]),
    );
    for (const tool of tools)
      expect(
        Object.keys(tool.inputSchema.properties ?? {}).some((name) => /workspace/i.test(name)),
        tool.name,
      ).toBe(false);
    const withDomain = tools.filter((tool) =>
      (tool.inputSchema.required ?? []).includes("domain_id"),
    );
    expect(withDomain.length / tools.length).toBeGreaterThan(0.9);
  });

  it("gives every tool its own description (no tool answers the same question twice)", () => {
    const tools = gateway.catalog.list();
    expect(new Set(tools.map((tool) => tool.description)).size).toBe(tools.length);
  });

  it(
    "executes every read tool once against the demo workspace without an error",
    { timeout: 240_000 },
    async () => {
      const domainId = (await gateway.store.get<{ id: number }>(
        "SELECT id FROM domains WHERE workspace_id = ? ORDER BY id",
        [workspaceId],
      ))!.id;
      const failures: string[] = [];
      let executed = 0;
      for (const tool of gateway.catalog.list().filter((entry) => entry.kind === "read")) {
        const args = await demoArguments(tool, gateway.store, domainId);
        try {
          const output = await gateway.catalog.read(tool.name, args, {
            workspace: workspaceId,
            scope: "read",
          });
          if (output.isError) failures.push(`${tool.name}: ${JSON.stringify(output.content)}`);
          executed++;
        } catch (error) {
          failures.push(`${tool.name}: ${(error as Error).message}`);
        }
      }
      expect(failures).toEqual([]);
      expect(executed).toBeGreaterThanOrEqual(180);
    },
  );
  // Regression: seven list tools answered `rows: []` for another workspace's id where every
  // other tool says the id was not found.
  it(
    "refuses another workspace's ids with the not-found error every tool gives",
    { timeout: 240_000 },
    async () => {
      const firstDomain = (workspace: string) =>
        gateway.store.get<{ id: number }>(
          "SELECT id FROM domains WHERE workspace_id = ? ORDER BY id",
          [workspace],
        );
      const mine = (await firstDomain(workspaceId))!.id;
      const theirs = (await firstDomain(otherWorkspaceId))!.id;
      const answers: string[] = [];
      let probed = 0;
      for (const tool of gateway.catalog.list().filter((entry) => entry.kind === "read")) {
        // Every id argument, required or an optional filter, gets an id of the other workspace.
        const ids = Object.keys(tool.inputSchema.properties ?? {}).filter(
          (name) => name.endsWith("_id") && name !== "domain_id",
        );
        if (ids.length === 0) continue;
        const args = await demoArguments(tool, gateway.store, mine);
        const foreign = await demoArguments(tool, gateway.store, theirs, ids);
        for (const name of ids) args[name] = foreign[name];
        probed++;
        try {
          const output = await gateway.catalog.read(tool.name, args, {
            workspace: workspaceId,
            scope: "read",
          });
          answers.push(
            `${tool.name}: answered ${JSON.stringify(output.structuredContent).slice(0, 80)}`,
          );
        } catch (error) {
          const cause = (error as { cause?: { code?: string } }).cause;
          if (cause?.code !== "NOT_FOUND")
            answers.push(`${tool.name}: ${(error as Error).message}`);
        }
      }
      expect(answers).toEqual([]);
      expect(probed).toBeGreaterThanOrEqual(36);
    },
  );
});
