// The store's figures on the gateway's /metrics (issue #33), on both drivers: a `serve` over a
// fresh SQLite data directory and one over a database of the throwaway PostgreSQL cluster
// (tooling/postgres-cluster.mjs; skips loudly without PostgreSQL outside CI, fails in CI).
// Scraped from loopback and parsed with a Prometheus text-format parser: the pool gauges with
// the driver's figures, and amicited_store_query_duration_seconds (seconds) by operation, whose
// counts grow when a client opens a session and calls a tool.
import { beforeAll, describe, expect, it } from "vitest";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { parsePrometheusText, sampleValue, type MetricFamily } from "../../../tooling/prometheus-text.mjs";
import { STORE_QUERY_BUCKETS_SECONDS } from "../src/server/store-metrics";
import { connect, requireBuild, runCli, textOf, trackResources } from "./support/gateway-process";
import type { RunningGateway, TestResources, WorkspaceTokens } from "./support/gateway-process";

const gate = postgresGate();
// The cluster, stopped after the file (each describe's tracker has stopped its gateway by then).
const fileResources = trackResources("all");
let cluster: PostgresCluster | undefined;
beforeAll(async () => {
  requireBuild();
  if (!gate.run) return;
  cluster = await startPostgres();
  fileResources.defer(() => cluster?.stop());
}, 240_000);

interface Served {
  gateway: RunningGateway;
  tokens: WorkspaceTokens;
}

/** Each driver's `serve` and its demo tokens; `resources` stops it (and removes SQLite's data directory). */
const locations: { driver: "sqlite" | "postgres"; max: number; skip: boolean; open(resources: TestResources): Promise<Served> }[] = [
  {
    driver: "sqlite",
    max: 1,
    skip: false,
    async open(resources) {
      const { dir, tokens } = resources.data();
      return { gateway: await resources.serve(dir), tokens: tokens.demo! };
    },
  },
  {
    driver: "postgres",
    max: 10,
    skip: !gate.run,
    async open(resources) {
      const database = cluster!.createDatabase("store_metrics");
      const tokens = JSON.parse(runCli(["init", "--database", database]).trim()) as WorkspaceTokens;
      return { gateway: await resources.serve(database), tokens };
    },
  },
];

const family = (families: MetricFamily[], name: string): MetricFamily => {
  const found = families.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name} among ${families.map((candidate) => candidate.name).join(", ")}`);
  return found;
};

for (const location of locations) {
  describe.skipIf(location.skip)(`store metrics on /metrics (${location.driver})`, () => {
    const resources = trackResources("all");
    let served: Served;
    beforeAll(async () => {
      served = await location.open(resources);
    }, 240_000);
    const scrape = async (): Promise<string> => {
      const response = await fetch(served.gateway.url.replace(/\/mcp$/, "/metrics"));
      expect(response.status).toBe(200);
      return response.text();
    };
    const driver = location.driver;

    it("shows the pool's connections and waiting calls with the driver's figures", async () => {
      const text = await scrape();
      const families = parsePrometheusText(text);
      expect(family(families, "amicited_store_pool_connections").type).toBe("GAUGE");
      expect(family(families, "amicited_store_pool_waiting").type).toBe("GAUGE");
      expect(sampleValue(text, "amicited_store_pool_connections", { driver, state: "max" })).toBe(location.max);
      const open = sampleValue(text, "amicited_store_pool_connections", { driver, state: "open" }) ?? -1;
      expect(open).toBeGreaterThanOrEqual(1);
      expect(open).toBeLessThanOrEqual(location.max);
      const inUse = sampleValue(text, "amicited_store_pool_connections", { driver, state: "in_use" }) ?? -1;
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(inUse).toBeLessThanOrEqual(open);
      expect(sampleValue(text, "amicited_store_pool_waiting", { driver })).toBeGreaterThanOrEqual(0);
    });

    it("times every store operation by kind, in seconds, and the counts grow with calls", async () => {
      const countOf = (text: string, operation: string) =>
        sampleValue(text, "amicited_store_query_duration_seconds_count", { driver, operation }) ?? 0;
      const before = await scrape();
      // A new session is opened in a transaction; the call reads the quota and touches the session row.
      const client = await connect(served.gateway.url, served.tokens.readToken);
      try {
        const result = await client.callTool({ name: "search_tools", arguments: { query: "invoice" } });
        expect(result.isError, textOf(result)).not.toBe(true);
      } finally {
        await client.close();
      }
      const after = await scrape();
      for (const operation of ["read", "write", "transaction"]) expect(countOf(after, operation), operation).toBeGreaterThan(countOf(before, operation));
      expect(sampleValue(after, "amicited_store_query_duration_seconds_sum", { driver, operation: "read" })).toBeGreaterThan(0);

      const histogram = family(parsePrometheusText(after), "amicited_store_query_duration_seconds");
      expect(histogram.type).toBe("HISTOGRAM");
      // The parser drops a histogram's labels: read the read series' bucket lines themselves.
      const bucket = (le: string) => sampleValue(after, "amicited_store_query_duration_seconds_bucket", { driver, operation: "read", le });
      const cumulative = STORE_QUERY_BUCKETS_SECONDS.map((bound) => bucket(String(bound)));
      expect(cumulative.every((count) => typeof count === "number")).toBe(true);
      expect(cumulative).toEqual([...cumulative].sort((a, b) => (a ?? 0) - (b ?? 0)));
      expect(bucket("+Inf")).toBe(countOf(after, "read"));
    });
  });
}
