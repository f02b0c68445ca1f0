// A PostgreSQL database holding demo workspaces, on a throwaway cluster (tooling/postgres-cluster.mjs),
// for tests whose gateways share one store (in-process.ts builds them). The test file's
// TestResources stops the cluster.
import { startPostgres } from "../../../../tooling/postgres-cluster.mjs";
import { createDemoWorkspace, type CreatedWorkspace } from "../../src/demo/generate";
import { openGatewayStore } from "../../src/store-schema/gateway-schema";
import type { TestResources } from "./gateway-process";

/**
 * Database `name` on a new PostgreSQL cluster, migrated, with a demo workspace of each name in
 * `workspaces` (their tokens by name); `resources` stops the cluster after all started later. The
 * store it sets up with is closed whether or not the set-up succeeds.
 *
 * @example const { url, tokens } = await demoDatabase(resources, "learning"); // tokens.demo.readToken
 */
export async function demoDatabase(
  resources: TestResources,
  name: string,
  workspaces: string[] = ["demo"],
): Promise<{ url: string; tokens: Record<string, CreatedWorkspace> }> {
  // Registered before the cluster starts, so that a refused registration starts nothing.
  let stopCluster = () => {};
  resources.defer(() => stopCluster());
  const cluster = await startPostgres();
  stopCluster = () => cluster.stop();
  const url = cluster.createDatabase(name);
  const setup = await openGatewayStore({ url });
  try {
    await setup.migrate();
    const tokens: Record<string, CreatedWorkspace> = {};
    for (const workspace of workspaces) tokens[workspace] = await createDemoWorkspace(setup, workspace);
    return { url, tokens };
  } finally {
    await setup.close();
  }
}
