// Telemetry is off by default and free when off, and export needs no OpenTelemetry package: the
// built server resolves no @opentelemetry module, off or on (an import recorder watches; the SDK
// path this replaced did load them), and with OTEL_EXPORTER_OTLP_ENDPOINT set exports its server
// span to a real OTLP/HTTP receiver with its own encoder. The one-file bundle on its own (no
// node_modules beside it) exports just the same.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type OtlpReceiver } from "../../../tooling/otlp-receiver.mjs";
import { BUNDLE, cleanup, isolatedBundle, makeTempDir, requireBuild } from "./support/server-process";

const RECORDER = fileURLToPath(new URL("./__fixtures__/record-otel-imports.mjs", import.meta.url));

let receiver: OtlpReceiver;
beforeAll(async () => {
  requireBuild();
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await cleanup();
});

/** Runs a session (initialize, one tool call) against the in-place bundle; returns what it resolved of @opentelemetry. */
async function session(env: Record<string, string>): Promise<string[]> {
  const root = makeTempDir("foundry-otel-");
  const log = path.join(root, "otel-imports.log");
  const client = new Client({ name: "otel-off-test", version: "0.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ["--import", RECORDER, BUNDLE, "--root", root],
      cwd: root,
      env: { PATH: process.env.PATH ?? "", OTEL_IMPORT_LOG: log, ...env },
      stderr: "ignore",
    }),
  );
  const result = await client.callTool({ name: "memory_search", arguments: { query: "anything" } });
  expect(result.isError).not.toBe(true);
  await client.close();
  return fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
}

describe("foundry-server telemetry", () => {
  it("resolves no @opentelemetry module with no OTEL_* variable", async () => {
    expect(await session({})).toEqual([]);
    expect(await session({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SDK_DISABLED: "true" })).toEqual([]);
  });

  it("exports its server span when OTEL_EXPORTER_OTLP_ENDPOINT is set, resolving no @opentelemetry module", async () => {
    const loaded = await session({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "50" });
    expect(loaded).toEqual([]);
    await expect.poll(() => receiver.spans.filter((span) => span.service === "foundry-server").map((span) => span.name)).toContain("tools/call memory_search");
    const span = receiver.spans.find((candidate) => candidate.name === "tools/call memory_search");
    expect(span?.attributes).toMatchObject({ "mcp.method.name": "tools/call", "gen_ai.tool.name": "memory_search", "network.transport": "pipe", "mcp.protocol.version": "2025-06-18" }); // the version foundry-server settles on (src/protocol.ts)
  });

  it("exports from the one-file bundle with no node_modules beside it", async () => {
    const lone = isolatedBundle();
    const root = makeTempDir("foundry-otel-lone-");
    const client = new Client({ name: "otel-lone-test", version: "0.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [lone, "--root", root],
        cwd: root,
        env: { PATH: process.env.PATH ?? "", OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "50", OTEL_SERVICE_NAME: "foundry-lone" },
        stderr: "ignore",
      }),
    );
    const result = await client.callTool({ name: "memory_search", arguments: { query: "anything" } });
    expect(result.isError).not.toBe(true);
    await expect.poll(() => receiver.spans.filter((span) => span.service === "foundry-lone").map((span) => span.name)).toContain("tools/call memory_search");
    await client.close();
    expect(receiver.rejected).toEqual([]);
  });
});
