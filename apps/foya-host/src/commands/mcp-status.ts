// `foya mcp status [--json]`: connects every enabled server once (no retries), with a live
// progress line on stderr, then prints state, counts and the last error of each server.
import { formatTokenCount } from "@foundry-mcp/tokens";
import { parseArguments } from "../cli/args";
import { formatJson, formatTable, progressLine } from "../cli/output";
import type { ServerStatus } from "../host/contract";
import { connectTimeoutMs, startAndSettle } from "../host/settle";
import type { Command } from "./context";

/** One status row for scripts: stable keys, no token anywhere. */
export function statusJson(row: ServerStatus): Record<string, unknown> {
  return {
    name: row.name,
    state: row.state,
    transport: row.transport,
    protocol: row.protocolVersion ?? null,
    target: row.target,
    tools: row.tools,
    resources: row.resources,
    prompts: row.prompts,
    toolTokens: row.toolTokens ?? 0,
    lastError: row.lastError ?? null,
    lastErrorAt: row.lastErrorAt ?? null,
  };
}

/** The status table people read, with each last error on its own indented line. */
export function formatStatusTable(statuses: ServerStatus[]): string {
  const rows = statuses.map((row) => [row.name, row.state, String(row.tools), String(row.resources), String(row.prompts), formatTokenCount(row.toolTokens ?? 0), row.transport, row.protocolVersion ?? "-", row.target]);
  let text = formatTable(["name", "state", "tools", "resources", "prompts", "tool tokens", "transport", "protocol", "target"], rows, 80);
  const errors = statuses.filter((row) => row.lastError !== undefined && (row.state === "error" || row.state === "connecting"));
  for (const row of errors) text += `${row.name}: ${row.lastError}${row.lastErrorAt ? ` (at ${row.lastErrorAt})` : ""}\n`;
  return text;
}

/** `foya mcp status`. */
export const mcpStatus: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "mcp status", options: { json: "flag" }, positionals: [] });
  const manager = await context.openManager({ home: context.home, reconnect: false });
  const progress = progressLine(context.output);
  try {
    const waitMs = connectTimeoutMs();
    const settled = await startAndSettle(manager, waitMs, (rows) => {
      const open = rows.filter((row) => row.state === "connecting").map((row) => row.name);
      if (open.length > 0) progress.update(`connecting ${rows.length - open.length}/${rows.length}: waiting for ${open.join(", ")}…`);
    });
    // Only a server whose own timeouts.connectMs outlasts the wait can still be connecting here.
    const statuses = settled.map((row) =>
      row.state === "connecting" && row.lastError === undefined
        ? { ...row, lastError: `still connecting after ${waitMs} ms (FOYA_CONNECT_TIMEOUT_MS); its timeouts.connectMs is longer than that wait` }
        : row,
    );
    progress.done();
    if (parsed.flags.has("json")) context.output.out(formatJson({ servers: statuses.map(statusJson) }));
    else if (statuses.length === 0) context.output.out("No MCP servers configured. Add one: foya mcp add <name> -- <command> [args…]");
    else context.output.out(formatStatusTable(statuses));
    return 0;
  } finally {
    progress.done();
    await manager.close();
  }
};
