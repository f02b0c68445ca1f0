// Gateway instances built in the test's own process (createGateway), each serving real HTTP on a
// free port (startHttpGateway), as several instances on one store run in production; a test reads
// their catalogs and stores directly. The test file's TestResources ends them all. The PostgreSQL
// store such instances share is postgres-demo.ts's.
import { createGateway, type Gateway, type GatewayOptions } from "../../src/server/gateway";
import { startHttpGateway, type HttpGateway } from "../../src/server/http";
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

