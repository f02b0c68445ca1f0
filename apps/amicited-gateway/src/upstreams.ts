// Upstream MCP servers as extra toolsets (--upstreams FILE, the foya mcp.json format) through
// @foundry-mcp/client-manager: each enabled server becomes one toolset named after it (prefix
// "<name>_"), each of its tools a catalog tool whose kind comes from its annotations. Upstream
// tools are shared by every workspace and take no domain_id; scope and the hourly cap still apply.
import fs from "node:fs";
import path from "node:path";
import { validateHostConfig } from "@foundry-mcp/client-manager";
import type { HostTool } from "@foundry-mcp/client-manager";
import { NodeClientManager, loadCredentials } from "@foundry-mcp/client-manager/node";
import type { ToolKind, ToolOutput } from "@foundry-mcp/tool-catalog";
import { GatewayError, GatewayErrorCode } from "./errors";
import type { Gateway } from "./server/gateway";

/** Handle on the connected upstreams. */
export interface Upstreams {
  /** Toolset names added, by upstream server name. */
  toolsets: Record<string, string>;
  close(): Promise<void>;
}

/** The kind of an upstream tool from its MCP annotations (unannotated tools count as destructive, as MCP's defaults say). */
export function kindFromAnnotations(annotations: HostTool["annotations"]): ToolKind {
  if (annotations?.readOnlyHint === true) return "read";
  return annotations?.destructiveHint === false ? "write" : "destructive";
}

const toolsetNameFor = (server: string, taken: Set<string>): string => {
  const base = server.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  return taken.has(base) ? `upstream_${base}` : base;
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
      `--upstreams ${file}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const manager = new NodeClientManager({
    config,
    credentials: loadCredentials(path.dirname(path.resolve(file))),
    clientInfo: { name: "amicited-gateway", version: "0.1.0" },
  });
  await manager.start();
  const taken = new Set(gateway.catalog.toolsets().map((toolset) => toolset.name));
  const toolsets: Record<string, string> = {};
  const register = (tool: HostTool): void => {
    const toolset = toolsets[tool.server];
    if (!toolset) return;
    const name = `${toolset}_${tool.tool.replace(/[^A-Za-z0-9_.-]/g, "_")}`.slice(0, 128);
    if (gateway.catalog.get(name)) return;
    gateway.catalog.register({
      name,
      toolset,
      kind: kindFromAnnotations(tool.annotations),
      description: tool.description || `${tool.tool} on upstream server ${tool.server}.`,
      ...(tool.title ? { title: tool.title } : {}),
      inputSchema: { type: "object", ...tool.inputSchema },
      handler: async (args) => {
        const result = await manager.callTool(tool.hostName, args);
        const output: ToolOutput = {
          content: result.content as ToolOutput["content"],
          isError: result.isError,
        };
        if (result.structuredContent) output.structuredContent = result.structuredContent;
        return output;
      },
    });
  };
  for (const status of manager.status()) {
    const name = toolsetNameFor(status.name, taken);
    taken.add(name);
    toolsets[status.name] = name;
    gateway.catalog.defineToolset({
      name,
      prefix: `${name}_`,
      title: `Upstream: ${status.name}`,
      description: `Tools of the upstream MCP server ${status.name}.`,
    });
    if (status.state !== "connected")
      process.stderr.write(
        `amicited-gateway: upstream ${status.name} is ${status.state}${status.lastError ? `: ${status.lastError}` : ""}\n`,
      );
  }
  for (const tool of manager.tools()) register(tool);
  manager.on("tools_changed", () => {
    for (const tool of manager.tools()) register(tool);
  });
  return { toolsets, close: () => manager.close() };
}
