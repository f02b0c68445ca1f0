// Gateway instances built in the test's own process (createGateway), each serving real HTTP on a
// free port (startHttpGateway), as several instances on one store run in production; a test reads
// their catalogs and stores directly. Also the PostgreSQL database such instances share, on a
// throwaway cluster (tooling/postgres-cluster.mjs). The test file's TestResources ends them all.
import { startPostgres } from "../../../../tooling/postgres-cluster.mjs";
import { createDemoWorkspace, type CreatedWorkspace } from "../../src/demo/generate";
import { createGateway, type Gateway, type GatewayOptions } from "../../src/server/gateway";
import { startHttpGateway, type HttpGateway } from "../../src/server/http";
import { openGatewayStore } from "../../src/store-schema/gateway-schema";
import type { TestResources } from "./gateway-process";

/** Gateways built in process and their HTTP servers, in the order they started. */
export interface InProcessInstances {
  gateways: Gateway[];
  servers: HttpGateway[];
}

/**
 * `count` gateways on the store `options` names, one after the other, each serving HTTP; every
 * server and gateway is closed by `resources` (a server before its gateway).
 *
 * @example const { gateways, servers } = await servedInProcess(resources, { dataDir: dir, learning: { refreshMs: 100 } });
 */
export async function servedInProcess(resources: TestResources, options: GatewayOptions, count = 2): Promise<InProcessInstances> {
  const instances: InProcessInstances = { gateways: [], servers: [] };
  for (let index = 0; index < count; index++) {
    const gateway = resources.closing(await createGateway(options));
    instances.gateways.push(gateway);
    instances.servers.push(resources.closing(await startHttpGateway(gateway, { port: 0 })));
  }
  return instances;
}

/**
 * Database `name` on a new PostgreSQL cluster, migrated, with a demo workspace of each name in
 * `workspaces` (their tokens by name); `resources` stops the cluster after all started later.
 *
 * @example const { url, tokens } = await demoDatabase(resources, "learning"); // tokens.demo.readToken
 */
export async function demoDatabase(
  resources: TestResources,
  name: string,
  workspaces: string[] = ["demo"],
): Promise<{ url: string; tokens: Record<string, CreatedWorkspace> }> {
  const cluster = await startPostgres();
  resources.defer(() => cluster.stop());
  const url = cluster.createDatabase(name);
  const setup = await openGatewayStore({ url });
  await setup.migrate();
  const tokens: Record<string, CreatedWorkspace> = {};
  for (const workspace of workspaces) tokens[workspace] = await createDemoWorkspace(setup, workspace);
  await setup.close();
  return { url, tokens };
}
