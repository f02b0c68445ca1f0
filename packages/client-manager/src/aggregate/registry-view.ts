// What the aggregating server reads on every request, computed once per registry change instead of per
// call: the tools by host name and in list order, and each server's status row (transport, target,
// token estimate). The manager reports every registry and state change synchronously as an event,
// so marking the view stale on those events keeps it exact; it is rebuilt on the next read. The
// cost of a call therefore does not grow with the number of servers or tools.
import type { ServerStatus } from "../manager/status";
import type { HostTool } from "../registry/types";
import type { AggregatedManager } from "./manager";

// Events after which the registry or a server's status row may differ.
const CHANGES = new Set(["status", "tools_changed", "server_removed"]);

/** A cached view of the manager's registry and status. */
export interface RegistryView {
  /** Every registry tool in list order. */
  tools(): readonly HostTool[];
  /** One tool by host name (a map lookup). */
  tool(hostName: string): HostTool | undefined;
  /** One server's status row, as of the last change. */
  server(name: string): ServerStatus | undefined;
  /** Every configured server's status, sorted by name. */
  servers(): readonly ServerStatus[];
  /** Marks the view stale; the manager's events do this, a reload may too. */
  invalidate(): void;
}

/** A view over `manager` that follows its events. */
export function createRegistryView(manager: AggregatedManager): RegistryView {
  let tools: HostTool[] | undefined;
  let byName: Map<string, HostTool> | undefined;
  let statuses: ServerStatus[] | undefined;
  let byServer: Map<string, ServerStatus> | undefined;
  const invalidate = (): void => {
    tools = undefined;
    byName = undefined;
    statuses = undefined;
    byServer = undefined;
  };
  manager.on("event", (event) => {
    if (CHANGES.has(event.type)) invalidate();
  });
  const toolIndex = (): Map<string, HostTool> => {
    tools ??= manager.tools();
    return (byName ??= new Map(tools.map((tool) => [tool.hostName, tool])));
  };
  const statusIndex = (): Map<string, ServerStatus> => {
    statuses ??= manager.status();
    return (byServer ??= new Map(statuses.map((row) => [row.name, row])));
  };
  return {
    tools() {
      toolIndex();
      return tools ?? [];
    },
    tool: (hostName) => toolIndex().get(hostName),
    server: (name) => statusIndex().get(name),
    servers() {
      statusIndex();
      return statuses ?? [];
    },
    invalidate,
  };
}
