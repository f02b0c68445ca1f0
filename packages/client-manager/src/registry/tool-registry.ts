// The unified tool registry: every connected server's tools under host names, kept in server
// order. The manager replaces one server's slice at a time and reports what changed.
import { matchesGlob } from "./glob";
import { hostToolName } from "./naming";
import type { HostTool, ToolAnnotations } from "./types";

/** A tool as `tools/list` returns it. */
export interface McpToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** Whether the tool runs as a task (MCP tasks); `required` tools are called through the SDK Client's task API only. */
  execution?: { taskSupport?: "required" | "optional" | "forbidden" };
}

/** Which host names a change added and removed. */
export interface RegistryChange {
  added: string[];
  removed: string[];
}

/** Whether a server-level `{allow, deny}` filter lets `tool` in (deny wins). */
export function passesToolFilter(tool: string, filter: { allow?: string[]; deny?: string[] } | undefined): boolean {
  if (!filter) return true;
  if (filter.deny?.some((pattern) => matchesGlob(pattern, tool))) return false;
  if (filter.allow && filter.allow.length > 0) return filter.allow.some((pattern) => matchesGlob(pattern, tool));
  return true;
}

/** Host tools by server; names unique across servers. */
export class ToolRegistry {
  private readonly byServer = new Map<string, HostTool[]>();
  private readonly byName = new Map<string, HostTool>();

  /** Replaces the tools of `server`; returns the host names added and removed. */
  setServerTools(server: string, definitions: McpToolDefinition[], filter?: { allow?: string[]; deny?: string[] }): RegistryChange {
    const previous = this.byServer.get(server) ?? [];
    for (const tool of previous) this.byName.delete(tool.hostName);
    const seen = new Set<string>();
    const next: HostTool[] = [];
    for (const definition of definitions) {
      if (seen.has(definition.name) || !passesToolFilter(definition.name, filter)) continue;
      seen.add(definition.name);
      let hostName = hostToolName(server, definition.name);
      for (let salt = 1; this.byName.has(hostName); salt++) hostName = hostToolName(server, definition.name, salt);
      const tool: HostTool = {
        hostName,
        server,
        tool: definition.name,
        description: definition.description ?? "",
        inputSchema: definition.inputSchema ?? { type: "object" },
      };
      if (definition.title !== undefined) tool.title = definition.title;
      if (definition.outputSchema !== undefined) tool.outputSchema = definition.outputSchema;
      if (definition.annotations !== undefined) tool.annotations = definition.annotations;
      next.push(tool);
      this.byName.set(hostName, tool);
    }
    this.byServer.set(server, next);
    const before = new Set(previous.map((tool) => tool.hostName));
    const after = new Set(next.map((tool) => tool.hostName));
    return {
      added: [...after].filter((name) => !before.has(name)),
      removed: [...before].filter((name) => !after.has(name)),
    };
  }

  /** Drops every tool of `server`; returns the removed host names. */
  removeServer(server: string): string[] {
    const previous = this.byServer.get(server) ?? [];
    for (const tool of previous) this.byName.delete(tool.hostName);
    this.byServer.delete(server);
    return previous.map((tool) => tool.hostName);
  }

  get(hostName: string): HostTool | undefined {
    return this.byName.get(hostName);
  }

  /** Tools of one server in server order. */
  toolsOf(server: string): HostTool[] {
    return [...(this.byServer.get(server) ?? [])];
  }

  /** All tools, servers sorted by name, each server's tools in its own order. */
  list(): HostTool[] {
    return [...this.byServer.keys()].sort().flatMap((server) => this.byServer.get(server) ?? []);
  }
}
