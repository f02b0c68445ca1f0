// The default endpoint is http://localhost:4318. `localhost` is connected to by its loopback
// addresses and never resolved (src/otlp/collector-addresses.ts, decision 0045): resolving it
// loaded node:dns and ran getaddrinfo on libuv's thread pool, ~7 ms of a young process's CPU at
// its first export. Pinned here: a fresh process exporting to localhost loads no node:dns; a
// collector listening on ::1 alone is still reached, and its address kept; what moves the
// exporter to localhost's other address and what does not.
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { startOtlpReceiver } from "../../../tooling/otlp-receiver.mjs";
import { CollectorAddresses } from "../src/otlp/collector-addresses";
import { otlpPoster } from "../src/otlp/otlp-http";

const DIST = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const LOADED_BUILTINS = fileURLToPath(new URL("../../../tooling/loaded-builtins.mjs", import.meta.url));
const servers: http.Server[] = [];

function listen(host: string, port: number, answer: (response: http.ServerResponse) => void, seen: string[]): Promise<number> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      seen.push(`${request.socket.localAddress} ${request.url}`);
      answer(response);
    });
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(port, host, () => resolve((server.address() as net.AddressInfo).port)));
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("a collector at localhost", () => {
  it("is reached on ::1 when nothing listens at 127.0.0.1, and the next connection goes straight to ::1", async () => {
    const seen: string[] = [];
    // Each answer closes its connection, so the second batch opens a new one.
    const port = await listen("::1", 0, (response) => response.writeHead(200, { connection: "close" }).end("{}"), seen);
    const to = { url: `http://localhost:${port}/v1/traces`, headers: {}, timeoutMs: 2000 };
    const post = otlpPoster([to]);
    await post(to, '{"n":1}');
    // Now 127.0.0.1 answers at the same port too: a second batch sent there would be seen by it.
    await listen("127.0.0.1", port, (response) => response.end("{}"), seen);
    await post(to, '{"n":2}');
    expect(seen).toEqual(["::1 /v1/traces", "::1 /v1/traces"]);
  });

  it("moves to localhost's other address only for a connection that found nothing there", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:4318"), { code: "ECONNREFUSED" });
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    const localhost = new CollectorAddresses("localhost");
    expect([localhost.current, localhost.moveOnAfter(reset), localhost.moveOnAfter(undefined), localhost.current]).toEqual(["127.0.0.1", false, false, "127.0.0.1"]);
    expect([localhost.moveOnAfter(refused), localhost.current, localhost.moveOnAfter(refused), localhost.current]).toEqual([true, "::1", true, "127.0.0.1"]);
    const ip = new CollectorAddresses("[::1]");
    expect([ip.current, ip.moveOnAfter(refused), new CollectorAddresses("collector.internal").current]).toEqual(["::1", false, "collector.internal"]);
  });

  it("is exported to by a fresh process without loading node:dns", async () => {
    expect(fs.existsSync(DIST), "build telemetry first").toBe(true);
    const receiver = await startOtlpReceiver();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "telemetry-localhost-"));
    const record = path.join(folder, "loaded.json");
    const endpoint = receiver.url.replace("127.0.0.1", "localhost");
    const script = `const { startTelemetry, operationFacts } = await import(${JSON.stringify(DIST)});
const telemetry = await startTelemetry({ service: { name: "localhost-test", version: "1" }, env: { OTEL_EXPORTER_OTLP_ENDPOINT: ${JSON.stringify(endpoint)}, OTEL_METRICS_EXPORTER: "none" } });
telemetry.startOperation("server", operationFacts({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { transport: "pipe" }).end({});
await telemetry.shutdown();`;
    try {
      // Not spawnSync: the receiver answers from this process's event loop.
      const stderr = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ["--import", LOADED_BUILTINS, "--input-type=module", "-e", script], { env: { ...process.env, LOADED_BUILTINS_FILE: record } }, (error, _stdout, stderr) => (error ? reject(error) : resolve(stderr))),
      );
      expect(stderr).toBe("");
      expect(receiver.spans.filter((span) => span.service === "localhost-test")).toHaveLength(1);
      const loaded = JSON.parse(fs.readFileSync(record, "utf8")) as string[];
      expect(loaded).toContain("net");
      expect(loaded).not.toContain("dns");
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      await receiver.close();
    }
  });
});
