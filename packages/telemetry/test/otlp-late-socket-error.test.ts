// A collector that hangs up on a TLS handshake must fail the export, never the host: Node's TLS
// socket reports "disconnected before secure TLS connection was established" as an "error" on the
// "end" that already settled the export, after the exchange dropped its listeners; with no listener
// left, that error was thrown from the event loop and ended the process (seen in the full check;
// every mode below exited 1 before otlp-http.ts kept an error listener on each socket). Run in a
// child process, since an uncaught error there is its exit code, and the child exits by itself
// once every socket has closed.
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const DIST = fileURLToPath(new URL("../dist/index.js", import.meta.url));
let server: net.Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A TCP listener on 127.0.0.1 that hangs up in the given way; its https:// URL. */
async function hangingUpCollector(hangUp: (socket: net.Socket) => void): Promise<string> {
  server = net.createServer(hangUp);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `https://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

/** Exports one span five times to `url` in a fresh process; its exit code and stderr. */
function exportInChild(url: string): Promise<{ code: number; stderr: string }> {
  const script = `const { startTelemetry, operationFacts } = await import(${JSON.stringify(DIST)});
for (let round = 0; round < 5; round += 1) {
  const telemetry = await startTelemetry({ service: { name: "late-error", version: "1" }, env: { OTEL_EXPORTER_OTLP_ENDPOINT: ${JSON.stringify(url)}, OTEL_METRICS_EXPORTER: "none" } });
  telemetry.startOperation("server", operationFacts({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { transport: "pipe" }).end({});
  await telemetry.shutdown();
}`;
  return new Promise((resolve) =>
    execFile(process.execPath, ["--input-type=module", "-e", script], (error, _stdout, stderr) => resolve({ code: typeof error?.code === "number" ? error.code : error ? 1 : 0, stderr })),
  );
}

describe("an https:// collector hanging up before the TLS handshake ends", () => {
  const hangUps: [string, (socket: net.Socket) => void][] = [
    ["on connect", (socket) => socket.destroy()],
    // resume(): a paused socket never reads the peer's FIN, and would hold server.close() open.
    ["with a FIN on connect", (socket) => socket.resume().end()],
    ["on the ClientHello", (socket) => socket.once("data", () => socket.destroy())],
  ];
  for (const [when, hangUp] of hangUps) {
    it(`fails the export and leaves the process running (${when})`, async () => {
      expect(fs.existsSync(DIST), "build telemetry first").toBe(true);
      const result = await exportInChild(await hangingUpCollector(hangUp));
      expect(result.stderr).not.toContain("secure TLS connection");
      expect(result.code).toBe(0);
    });
  }
});
