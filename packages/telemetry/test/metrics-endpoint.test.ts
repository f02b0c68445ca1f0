// /metrics over real HTTP: a loopback scraper is served; a scraper on another address is refused
// (403 naming the setting) until a token is set, then needs that bearer token (401 without it).
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { createMetricsRoute } from "../src/metrics-endpoint";
import { MetricsRegistry } from "../src/metrics-registry";

// The machine's first non-loopback IPv4 address: a scraper from there is not a loopback client.
const external = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address?.family === "IPv4" && !address.internal)?.address;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function serve(host: string, token?: string): Promise<string> {
  const registry = new MetricsRegistry();
  registry.counter({ name: "answered_total", help: "Answers." }).inc({}, 2);
  const route = createMetricsRoute({ registry: () => registry, token, tokenSetting: "--metrics-token or TEST_METRICS_TOKEN" });
  const server = http.createServer((req, res) => {
    if (!route(req, res)) res.writeHead(404).end("not metrics");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

describe("createMetricsRoute", () => {
  it("serves a loopback client without a token, with process metrics, and leaves other paths alone", async () => {
    const base = await serve("127.0.0.1");
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("answered_total 2\n");
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect((await fetch(`${base}/mcp`)).status).toBe(404);
  });

  it.runIf(external)("refuses a non-loopback client with 403 when no token is set", async () => {
    const response = await fetch(`${await serve(external as string)}/metrics`);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(
      "Forbidden: /metrics is served to loopback clients only; set --metrics-token or TEST_METRICS_TOKEN to let a scraper on another host in with that bearer token.\n",
    );
  });

  it.runIf(external)("admits a non-loopback client with the metrics token only", async () => {
    const base = await serve(external as string, "s3cret-metrics");
    const missing = await fetch(`${base}/metrics`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect((await fetch(`${base}/metrics`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    const admitted = await fetch(`${base}/metrics`, { headers: { authorization: "Bearer s3cret-metrics" } });
    expect(admitted.status).toBe(200);
    expect(await admitted.text()).toContain("answered_total 2\n");
  });
});
