#!/usr/bin/env node
// Entry point of the `foundry-server` bin (bundled to dist/server.mjs): reads the command line,
// then serves the project over stdio. stdout carries protocol messages only; logs go to stderr.
import packageJson from "../package.json";
import { USAGE, parseArguments } from "./cli";
import { reportMemoryOnStart } from "./memory-startup";
import { openProject } from "./project";
import { createFoundryServer, foundryDirectRoutes, foundryIdentity } from "./server";
import { DualEraTransport, LineStdioTransport, createStructuredLog } from "@foundry-mcp/server-kit";
import { startTelemetry } from "@foundry-mcp/telemetry";

// Text until the command line asks for json (--log-format): the lines stay what they always were.
let structured = createStructuredLog({ format: "text", service: "foundry-server" });
const log = (line: string): void => structured.write("info", line);

async function main(): Promise<void> {
  const command = parseArguments(process.argv.slice(2), process.env, process.cwd());
  switch (command.kind) {
    case "help":
      process.stdout.write(USAGE);
      return;
    case "version":
      process.stdout.write(`${packageJson.version}\n`);
      return;
    case "error":
      log(`foundry-server: ${command.message}`);
      process.exitCode = 2;
      return;
    case "serve": {
      if (command.logFormat) structured = createStructuredLog({ format: command.logFormat, service: "foundry-server" });
      // Memory's cold-start work first: its directory watch, and its listing on a worker thread
      // the moment the watch is in place, so the listing runs while the client connects (memory README).
      const memory = openProject(command.root).memory;
      void memory.warmUp();
      const options = { root: command.root, version: packageJson.version, log };
      const server = createFoundryServer(options);
      server.onerror = (error) => log(`foundry-server: ${error.message}`);
      // OTLP export only when the OTEL_* environment asks (docs/operators/telemetry.md); the
      // spans still batched go out when the client closes the connection. A stdio server has no
      // /metrics, so with export off its requests are not measured at all.
      const telemetry = await startTelemetry({ service: { name: "foundry-server", version: packageJson.version }, localMetrics: false });
      server.onclose = () => void telemetry.shutdown();
      // Both eras on stdio: the 2025 handshake and 2026-07-28 per-request requests; tools/call
      // answered on the transport (server.ts foundryDirectRoutes).
      const transport = new DualEraTransport(new LineStdioTransport(), foundryIdentity(packageJson.version), { direct: foundryDirectRoutes(options) });
      await server.connect(transport);
      log(`foundry-server ${packageJson.version} serving ${command.root} (root from ${command.source})`);
      void reportMemoryOnStart(memory, log);
      return;
    }
  }
}

main().catch((error: unknown) => {
  // The stack rather than core's messageOf: whatever reaches here escaped every handler, and its
  // trace is the one clue an operator's log keeps.
  log(`foundry-server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
