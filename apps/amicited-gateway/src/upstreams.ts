// Upstream MCP servers as extra toolsets (--upstreams FILE, the foya mcp.json format) through
// @foundry-mcp/client-manager and @foundry-mcp/progressive's bridge: each enabled server becomes
// one toolset named after it (prefix "<name>_"), each of its tools a catalog tool whose kind comes
// from its annotations (MCP's defaults: unannotated means destructive). Upstream tools are shared
// by every workspace and take no domain_id; scope and the hourly cap still apply. Requests tool
// search learned for upstream tools are skipped while those tools are missing, so each sync that
// registers tools (at start, and when a server connects late or adds tools) has the gateway's
// learning read its stored rows again (learning.ts's relearnAll).
import fs from "node:fs";
import path from "node:path";
import { messageOf } from "@foundry-mcp/core";
import { validateHostConfig } from "@foundry-mcp/client-manager";
import { NodeClientManager, loadCredentials } from "@foundry-mcp/client-manager/node";
import { ClientToolsets, type SyncReport } from "@foundry-mcp/progressive";
import { GatewayError, GatewayErrorCode } from "./errors";
import type { Gateway } from "./server/gateway";
import { SERVER_INFO } from "./server/identity";

/** Handle on the connected upstreams. */
export interface Upstreams {
  /** Toolset names added, by upstream server name. */
  toolsets: Record<string, string>;
  close(): Promise<void>;
}

const reportSkipped = (report: SyncReport): void => {
  for (const skipped of report.skipped)
    process.stderr.write(`amicited-gateway: upstream tool ${skipped.hostName} left out: ${skipped.reason}\n`);
};

/**
 * Connects every enabled upstream in `file` and registers its tools, one toolset per server.
 * A server that fails to connect is reported on stderr and skipped; the rest still serve.
 */
export async function attachUpstreams(gateway: Gateway, file: string): Promise<Upstreams> {
  let config;
  try {
    config = validateHostConfig(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch (error) {
    throw new GatewayError(
      GatewayErrorCode.USAGE,
      `--upstreams ${file}: ${messageOf(error)}`,
      { cause: error },
    );
  }
  const manager = new NodeClientManager({
    config,
    credentials: loadCredentials(path.dirname(path.resolve(file))),
    clientInfo: SERVER_INFO,
  });
  await manager.start();
  const bridge = new ClientToolsets(gateway.catalog, manager, { names: "prefixed" });
  // True when tools were registered: stored requests for them count from now on.
  const sync = (): boolean => {
    const report = bridge.sync();
    reportSkipped(report);
    return report.registered.length > 0;
  };
  if (sync()) await gateway.learning?.relearnAll();
  for (const status of manager.status()) {
    if (status.state !== "connected")
      process.stderr.write(
        `amicited-gateway: upstream ${status.name} is ${status.state}${status.lastError ? `: ${status.lastError}` : ""}\n`,
      );
  }
  // relearnAll reports a store it cannot read on stderr itself and never rejects.
  manager.on("tools_changed", () => void (sync() && gateway.learning?.relearnAll()));
  return { toolsets: bridge.toolsets(), close: () => manager.close() };
}
