// Two gateway processes on one PostgreSQL database (issue 17) behind a round-robin balancer that
// sends each HTTP request to the next instance: a 2026-07-28 client (v2 SDK, pinned) whose
// consecutive requests alternate between them lists and calls tools with the same answers
// from both, since nothing of the modern era lives in a process. Skips loudly without
// PostgreSQL binaries outside CI, fails in CI (tooling/postgres-cluster.mjs).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresGate, startPostgres, type PostgresCluster } from "../../tooling/postgres-cluster.mjs";
import { requireBuild, runCli, startGateway, type RunningGateway, type WorkspaceTokens } from "../../apps/amicited-gateway/test/support/gateway-process";
import { modernClient } from "./support/programs";

const gate = postgresGate();
let cluster: PostgresCluster | undefined;
let tokens: WorkspaceTokens;
const instances: RunningGateway[] = [];
let balancer: http.Server | undefined;
let balancerUrl: string;
/** Which instance answered each request the balancer passed on, in order. */
const served: number[] = [];

/** A balancer with no affinity at all: request n goes to instance n mod 2. */
async function roundRobin(targets: string[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const index = served.length % targets.length;
    served.push(index);
    const target = new URL(targets[index]!);
    const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (error) => res.writeHead(502).end(error.message));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

beforeAll(async () => {
  if (!gate.run) return;
  requireBuild();
  cluster = await startPostgres();
  const database = cluster.createDatabase("instances");
  tokens = JSON.parse(runCli(["init", "--database", database]).trim()) as WorkspaceTokens;
  for (let index = 0; index < 2; index++) instances.push(await startGateway(database));
  balancer = await roundRobin(instances.map((instance) => instance.url));
  balancerUrl = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}/mcp`;
}, 240_000);

afterAll(async () => {
  balancer?.closeAllConnections();
  await new Promise<void>((resolve) => (balancer ? balancer.close(() => resolve()) : resolve()));
  for (const instance of instances) await instance.stop();
  cluster?.stop();
});

describe.skipIf(!gate.run)("two gateway instances on one PostgreSQL, requests alternating", () => {
  it("serves a 2026-07-28 client whose consecutive requests go to one instance, then the other", async () => {
    const client = await modernClient({ url: balancerUrl, token: tokens.readToken });
    expect(client.era).toBe("2026-07-28");
    const before = served.length;
    const lists = [await client.listToolNames(), await client.listToolNames()];
    expect(lists[0]).toEqual(["search_tools", "describe_tool", "read_tool", "run_tool"]);
    expect(lists[1]).toEqual(lists[0]);
    const answers: string[] = [];
    for (let call = 0; call < 4; call++) answers.push(await client.callText("read_tool", { name: "list_domains", arguments: {} }));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toContain("domain_id");
    // Five requests (the second list is the client's cache: the gateway's tools/list carries a
    // cache hint), each to the instance after the previous one's.
    const mine = served.slice(before);
    expect(mine).toHaveLength(5);
    for (let index = 1; index < mine.length; index++) expect(mine[index]).not.toBe(mine[index - 1]);
    await client.close();
  }, 120_000);
});
