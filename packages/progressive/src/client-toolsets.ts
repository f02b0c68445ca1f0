// The bridge from a client manager to a catalog: each configured MCP server becomes one toolset,
// each of its registry tools one catalog tool whose kind comes from its annotations (kinds.ts)
// and whose handler calls the server through the manager (or the host's own call, e.g. foya's
// approval gate). sync() is idempotent: call it again when the manager's tools change.
import { messageOf } from "@foundry-mcp/core";
import { hostToolPrefix, type CallToolOptions, type ClientManager, type HostTool } from "@foundry-mcp/client-manager";
import type { CallContext, ToolCatalog, ToolContent, ToolOutput } from "@foundry-mcp/tool-catalog";
import { kindFromAnnotations } from "./kinds";

/** What the bridge reads from a client manager. */
export type ClientToolSource = Pick<ClientManager, "status" | "tools" | "callTool">;

/** A call result as a manager or a host gate returns it. */
export interface ClientCallResult {
  content: Array<Record<string, unknown>>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A context's `trace` when it is a trace context (the catalog's CallContext types extras as unknown). */
function isTraceParent(value: unknown): value is NonNullable<CallToolOptions["trace"]> {
  return typeof value === "object" && value !== null && typeof (value as { traceparent?: unknown }).traceparent === "string";
}

/** Options of ClientToolsets. */
export interface ClientToolsetsOptions<C extends CallContext> {
  /**
   * Catalog names of the tools: `host` keeps the registry's `mcp__<server>__<tool>` (foya);
   * `prefixed` uses `<toolset>_<tool>`, matching the toolset's prefix (the gateway). Default `host`.
   */
  names?: "host" | "prefixed";
  /** Runs one call; default `source.callTool(tool.hostName, args, { signal, trace })` (the context's). */
  call?: (tool: HostTool, args: Record<string, unknown>, context: C) => Promise<ClientCallResult>;
}

/** What one sync() did. */
export interface SyncReport {
  registered: string[];
  /** Host names of tools that could not be registered, with why (name taken, prefix, …). */
  skipped: Array<{ hostName: string; reason: string }>;
}

/** A toolset name from a server name: lower case, `[a-z0-9_]`. */
export function toolsetNameOf(server: string): string {
  return server.toLowerCase().replace(/[^a-z0-9_]/g, "_");
}

/** Registers a client manager's servers and tools in a catalog; see the module header. */
export class ClientToolsets<C extends CallContext> {
  private readonly toolsetByServer = new Map<string, string>();
  private readonly registered = new Set<string>();

  constructor(
    private readonly catalog: ToolCatalog<C>,
    private readonly source: ClientToolSource,
    private readonly options: ClientToolsetsOptions<C> = {},
  ) {}

  /** The toolset a server's tools went to, by server name. */
  toolsets(): Record<string, string> {
    return Object.fromEntries(this.toolsetByServer);
  }

  /** Defines toolsets for servers not seen yet and registers tools not registered yet. */
  sync(): SyncReport {
    const tools = this.source.tools();
    for (const status of this.source.status()) this.defineToolset(status.name, tools);
    const report: SyncReport = { registered: [], skipped: [] };
    for (const tool of tools) {
      const toolset = this.toolsetByServer.get(tool.server) ?? this.defineToolset(tool.server, tools);
      const name = this.nameOf(tool, toolset);
      if (this.registered.has(name)) continue;
      try {
        this.catalog.register({
          name,
          toolset,
          kind: kindFromAnnotations(tool.annotations),
          description: tool.description || `${tool.tool} on MCP server ${tool.server}.`,
          ...(tool.title ? { title: tool.title } : {}),
          inputSchema: { ...tool.inputSchema, type: "object" },
          handler: async (args, context) => outputOf(await this.call(tool, args, context)),
        });
        this.registered.add(name);
        report.registered.push(name);
      } catch (error) {
        report.skipped.push({ hostName: tool.hostName, reason: messageOf(error) });
      }
    }
    return report;
  }

  private call(tool: HostTool, args: Record<string, unknown>, context: C): Promise<ClientCallResult> {
    if (this.options.call) return this.options.call(tool, args, context);
    const options: CallToolOptions = {};
    if (context.signal) options.signal = context.signal;
    // The served request's trace context (a `trace` the host put in the call context) parents the upstream call.
    if (isTraceParent(context.trace)) options.trace = context.trace;
    return this.source.callTool(tool.hostName, args, options);
  }

  private nameOf(tool: HostTool, toolset: string): string {
    if (this.options.names !== "prefixed") return tool.hostName;
    return `${toolset}_${tool.tool.replace(/[^A-Za-z0-9_.-]/g, "_")}`.slice(0, 128);
  }

  private defineToolset(server: string, tools: HostTool[]): string {
    const known = this.toolsetByServer.get(server);
    if (known !== undefined) return known;
    const taken = new Set(this.catalog.toolsets().map((toolset) => toolset.name));
    const base = toolsetNameOf(server);
    let name = taken.has(base) ? `upstream_${base}` : base;
    for (let suffix = 2; taken.has(name); suffix++) name = `upstream_${base}_${suffix}`;
    const hostPrefix = hostToolPrefix(server);
    // Registry names that had to be shortened do not start with the server's prefix.
    const odd = tools.filter((tool) => tool.server === server && !tool.hostName.startsWith(hostPrefix)).map((tool) => tool.hostName);
    this.catalog.defineToolset({
      name,
      prefix: this.options.names === "prefixed" ? `${name}_` : hostPrefix,
      title: `MCP server ${server}`,
      description: `Tools of the MCP server ${server}.`,
      ...(this.options.names !== "prefixed" && odd.length > 0 ? { extraPrefixes: odd } : {}),
    });
    this.toolsetByServer.set(server, name);
    return name;
  }
}

function outputOf(result: ClientCallResult): ToolOutput {
  const output: ToolOutput = { content: result.content as ToolContent[] };
  if (result.structuredContent !== undefined) output.structuredContent = result.structuredContent;
  if (result.isError !== undefined) output.isError = result.isError;
  return output;
}
