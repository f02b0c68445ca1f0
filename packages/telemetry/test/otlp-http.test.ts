// The OTLP poster speaks what the endpoint's scheme says, its Node client imported for that scheme
// alone (src/otlp/otlp-http.ts): an https:// collector gets a TLS handshake, seen here by a raw TCP
// listener on 127.0.0.1 that keeps the first bytes each connection sends and then hangs up (so the
// export fails, and the failure is counted on /metrics, never thrown).
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MetricsRegistry } from "../src/metrics-registry";
import { startOtlpExport } from "../src/otlp/otlp-bridge";
import { operationFacts } from "../src/semconv";
import { Telemetry } from "../src/telemetry";

const TLS_HANDSHAKE_RECORD = 0x16;
const firstBytes: Buffer[] = [];
let listener: net.Server;
let port: number;

beforeAll(async () => {
  listener = net.createServer((socket) => {
    socket.once("data", (chunk: Buffer) => {
      firstBytes.push(chunk);
      socket.destroy();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
});

async function exportOneSpan(endpoint: string, metrics: MetricsRegistry): Promise<void> {
  const telemetry = new Telemetry(startOtlpExport({ traces: true, metrics: false, metricExportIntervalMs: 60_000 }, { name: "t", version: "1" }, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }, metrics), metrics);
  const facts = operationFacts({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  if (!facts) throw new Error("not a request");
  telemetry.startOperation("server", facts, { transport: "pipe" }).end({});
  await telemetry.shutdown();
}

describe("the OTLP poster", () => {
  it("opens TLS to an https:// endpoint and plain HTTP to an http:// one, counting each failed export", async () => {
    const metrics = new MetricsRegistry();
    await exportOneSpan(`https://127.0.0.1:${port}`, metrics);
    await exportOneSpan(`http://127.0.0.1:${port}`, metrics);
    expect(firstBytes.map((chunk) => chunk[0])).toEqual([TLS_HANDSHAKE_RECORD, "P".charCodeAt(0)]);
    expect(firstBytes[1]?.toString("latin1")).toMatch(/^POST \/v1\/traces HTTP\/1\.1\r\n/);
    expect(await metrics.render()).toContain('foundry_otel_export_failures_total{signal="traces"} 2');
  });
});
