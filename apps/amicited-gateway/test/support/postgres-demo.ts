// A PostgreSQL database holding demo workspaces, on a throwaway cluster (tooling/postgres-cluster.mjs),
// for tests whose gateways share one store (in-process.ts builds them). The test file's
// TestResources stops the cluster.
import { startPostgres } from "../../../../tooling/postgres-cluster.mjs";
import type { CreatedWorkspace } from "../../src/demo/generate";
import { seedDemoWorkspaces } from "./demo-store";
import type { TestResources } from "./gateway-process";

/**
 * Database `name` on a new PostgreSQL cluster, migrated, with a demo workspace of each name in
 * `workspaces` (their tokens by name; seedDemoWorkspaces, which closes the store it sets up with
 * whether or not the set-up succeeds); `resources` stops the cluster after all started later.
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
  return { url, tokens: await seedDemoWorkspaces({ url }, workspaces) };
}
