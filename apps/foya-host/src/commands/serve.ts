// `foya serve [--approval auto|ask|deny] [--progressive]`: the aggregating MCP server on stdio.
// Starts the manager over $FOYA_HOME (with reconnection), follows mcp.json live, announces
// registry changes downstream, and on stdin close or a signal ends every session and child.
import { startProcessWatchdog } from "@foundry-mcp/client-manager/node";
import { DualEraTransport, LineStdioTransport } from "@foundry-mcp/server-kit";
import { parseArguments } from "../cli/args";
import { usageError } from "../cli/errors";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { connectTimeoutMs, startAndSettle } from "../host/settle";
import { APPROVAL_MODES, type ApprovalMode } from "../serve/approvals";
import { createAggregatingServer } from "../serve/aggregating-server";
import { watchConfig } from "../serve/config-watcher";
import { openServeManager } from "../serve/serve-manager";
import type { UpstreamRequests } from "../serve/upstream-requests";
import type { Command } from "./context";

/** `foya serve`. Resolves only when the client goes away. */
export const serveCommand: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "serve", options: { approval: "value", progressive: "flag" }, positionals: [] });
  const approval = (parsed.values.approval ?? "auto") as ApprovalMode;
  if (!APPROVAL_MODES.includes(approval)) throw usageError(`--approval must be auto, ask or deny, got "${approval}"`, "serve");
  const log = (line: string): void => context.output.err(line);

  // Before any server starts: if foya dies without closing (SIGKILL), the watchdog ends their groups.
  const watchdog = startProcessWatchdog();
  // Upstream requests go to our client once it is connected (late-bound: the server comes later).
  const upstream: { requests?: UpstreamRequests } = {};
  const notYet = (): never => {
    throw new McpError(ErrorCode.InvalidRequest, "foya serve has no client connected yet");
  };
  const manager = openServeManager({
    home: context.home,
    onElicitation: (request) => (upstream.requests ? upstream.requests.elicitation(request) : Promise.resolve({ action: "decline" })),
    forwarding: {
      onSampling: async (request, signal) => (upstream.requests ? upstream.requests.sampling(request, signal) : notYet()),
      onListRoots: async (server, signal) => (upstream.requests ? upstream.requests.roots(server, signal) : notYet()),
    },
  });
  // The client lists tools right after initialize: give servers a moment so the first list is whole;
  // slower ones arrive later with list_changed.
  await startAndSettle(manager, Math.min(connectTimeoutMs(), 10_000));
  const aggregating = createAggregatingServer({
    manager,
    approval,
    progressive: parsed.flags.has("progressive"),
    version: context.version,
    log,
  });

  let announceTimer: NodeJS.Timeout | undefined;
  const scheduleAnnounce = (): void => {
    if (announceTimer) clearTimeout(announceTimer);
    announceTimer = setTimeout(() => void aggregating.announceChanges(), 50);
  };
  upstream.requests = aggregating.upstream;
  manager.onEvent((event) => {
    if (event.type === "status" || event.type === "tools_changed") scheduleAnnounce();
    // stderr is the log channel of a stdio MCP server: upstream logs and state changes go there.
    if (event.type === "stderr") log(`[${event.server}] ${String(event.line)}`);
    if (event.type === "status" && (event.state === "connected" || event.state === "error")) {
      log(`foya serve: ${event.server} ${String(event.state)}${event.error ? `: ${String(event.error)}` : ""}`);
    }
  });

  let reloading = Promise.resolve();
  const stopWatching = watchConfig({
    home: context.home,
    onChange: () => {
      reloading = reloading.then(async () => {
        try {
          await manager.reload();
          log("foya serve: configuration changed; sessions updated.");
        } catch (error) {
          log(`foya serve: configuration not applied, keeping the previous one: ${error instanceof Error ? error.message : String(error)}`);
        }
        scheduleAnnounce();
      });
    },
  });

  // Both eras on stdio: the 2025 handshake and 2026-07-28 per-request requests (server-kit).
  const transport = new DualEraTransport(new LineStdioTransport(), aggregating.identity);
  let closing: Promise<void> | undefined;
  const shutdown = (): Promise<void> =>
    (closing ??= (async () => {
      stopWatching();
      if (announceTimer) clearTimeout(announceTimer);
      await manager.close();
      watchdog.stop();
      await aggregating.server.close().catch(() => undefined);
    })());
  const ended = new Promise<void>((resolve) => {
    transport.onclose = () => void shutdown().then(resolve);
    process.stdin.once("end", () => void shutdown().then(resolve));
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => void shutdown().then(resolve));
  });
  await aggregating.server.connect(transport);
  const statuses = manager.status();
  log(`foya serve: ${statuses.length} servers configured in ${context.home}; approval ${approval}${parsed.flags.has("progressive") ? "; progressive" : ""}.`);
  await ended;
  return 0;
};
