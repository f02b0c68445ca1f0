// /readyz against a real PostgreSQL that goes away and comes back (issue #33): the throwaway
// cluster of tooling/postgres-cluster.mjs is halted under a running gateway and restarted on the
// same port. /healthz stays 200 all along; /readyz says which check failed in fixed words only.
// Skips loudly without PostgreSQL binaries outside CI, fails in CI.
import { beforeAll, describe, expect, it } from "vitest";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { requireBuild, runCli, trackResources } from "./support/gateway-process";
import type { RunningGateway, WorkspaceTokens } from "./support/gateway-process";

const gate = postgresGate();
const resources = trackResources("all");
let cluster: PostgresCluster;
let gateway: RunningGateway;
let tokens: WorkspaceTokens;

beforeAll(async () => {
  if (!gate.run) return;
  requireBuild();
  cluster = await startPostgres();
  resources.defer(() => cluster.stop());
  const database = cluster.createDatabase("readiness");
  tokens = JSON.parse(runCli(["init", "--database", database]).trim()) as WorkspaceTokens;
  gateway = await resources.serve(database, ["--log-format", "json"]);
}, 240_000);

const probe = async (path: string) => {
  const response = await fetch(gateway.url.replace(/\/mcp$/, path));
  return { status: response.status, body: (await response.json()) as unknown };
};

describe.skipIf(!gate.run)("readiness follows PostgreSQL", () => {
  it("is false while PostgreSQL is stopped and true again after it restarts", async () => {
    const ready = { status: 200, body: { status: "ready", checks: { store: "ok", migrations: "ok", catalog: "ok" } } };
    await expect.poll(() => probe("/readyz")).toEqual(ready);
    cluster.halt();
    await expect.poll(() => probe("/readyz"), { timeout: 20_000 }).toEqual({
      status: 503,
      body: { status: "not ready", checks: { store: "unreachable", migrations: "not checked", catalog: "not checked" } },
    });
    expect(await probe("/healthz")).toEqual({ status: 200, body: { status: "ok" } });
    cluster.restart();
    await expect.poll(() => probe("/readyz"), { timeout: 20_000 }).toEqual(ready);
    // Every stderr line is one JSON object, and none holds a token.
    for (const line of gateway.stderr().trim().split("\n")) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    expect(gateway.stderr()).not.toContain(tokens.readToken);
    expect(gateway.stderr()).not.toContain(tokens.writeToken);
  }, 120_000);
});
