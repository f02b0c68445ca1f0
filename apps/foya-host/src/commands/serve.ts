// `foya serve [--approval auto|ask|deny] [--progressive [--no-learning] | --short-names [--client-prefix P]] [--log-format text|json] [--http [--host H] [--port N] [--token T] [--drain-seconds S]]`:
// the aggregating MCP server on stdio, or on Streamable HTTP. Starts the manager over $FOYA_HOME
// (with reconnection) without holding the client's initialize, follows mcp.json live, announces
// registry changes downstream, and on stdin close (stdio) or a signal ends every session and child.
import { messageOf } from "@foundry-mcp/core";
import { startProcessWatchdog } from "@foundry-mcp/client-manager/node";
import { DualEraTransport, LineStdioTransport, parseDrainSeconds, parseLogFormat } from "@foundry-mcp/server-kit";
import type { HttpOperations, StructuredLog } from "@foundry-mcp/server-kit";
import { parseArguments, type ParsedArguments } from "../cli/args";
import { usageError } from "../cli/errors";
import { connectTimeoutMs } from "../host/settle";
import { APPROVAL_MODES, type Downstreams } from "@foundry-mcp/client-manager/aggregate";
import { shortToolNames, type ApprovalMode, type ToolNaming } from "@foundry-mcp/client-manager";
import { watchConfig } from "../serve/config-watcher";
import { createDownstreams, startHttpDownstream } from "../serve/foya-aggregate";
import { DEFAULT_FOLLOW_MS } from "@foundry-mcp/progressive";
import { recordEndpoint, serveToken } from "../serve/serve-endpoint";
import { openServeManager } from "../serve/serve-manager";
import { openServeLog, serveOperations } from "../serve/operations";
import { CLAUDE_CODE_PREFIX, clientPrefixProblem } from "../serve/tool-names";
import type { Command } from "./context";
import { startServeTelemetry } from "../serve/telemetry";

/** The longest `tools/list` waits at start-up for servers still connecting; later ones come with list_changed. */
export const STARTUP_LIST_WAIT_MS = 10_000;

function portOf(parsed: ParsedArguments): number {
  const text = parsed.values.port ?? "0";
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw usageError(`--port must be a whole number from 0 to 65535, got "${text}"`, "serve");
  return port;
}

/** The tool naming of `--short-names [--client-prefix P]`, or undefined for host names. */
function toolNamesOf(parsed: ParsedArguments): ToolNaming | undefined {
  const prefix = parsed.values["client-prefix"];
  if (!parsed.flags.has("short-names")) {
    if (prefix !== undefined) throw usageError("--client-prefix needs --short-names", "serve");
    return undefined;
  }
  if (parsed.flags.has("progressive")) throw usageError("--short-names names the tools of the full list; --progressive lists four fixed tools", "serve");
  const problem = prefix === undefined ? undefined : clientPrefixProblem(prefix);
  if (problem) throw usageError(problem, "serve");
  return shortToolNames(prefix ?? CLAUDE_CODE_PREFIX);
}

/** The longest FOYA_LEARNED_REFRESH_MS: an hour (progressive's longest followMs). */
const MOST_LEARNED_REFRESH_MS = 3_600_000;

/**
 * How `--progressive` learns: off with `--no-learning`, else looking for other processes' changes
 * to learned-requests.json every FOYA_LEARNED_REFRESH_MS (default 10 s; 0 at every search).
 */
export function learningOf(parsed: ParsedArguments, env: NodeJS.ProcessEnv = process.env): false | { refreshMs: number } {
  if (parsed.flags.has("no-learning")) {
    if (!parsed.flags.has("progressive")) throw usageError("--no-learning needs --progressive (only its search learns)", "serve");
    return false;
  }
  const text = env.FOYA_LEARNED_REFRESH_MS;
  if (text === undefined || text === "") return { refreshMs: DEFAULT_FOLLOW_MS };
  const refreshMs = Number(text);
  if (!/^\d+$/.test(text) || refreshMs > MOST_LEARNED_REFRESH_MS) {
    throw usageError(`FOYA_LEARNED_REFRESH_MS must be a whole number of milliseconds from 0 to ${MOST_LEARNED_REFRESH_MS}, got "${text.slice(0, 32)}"`, "serve");
  }
  return { refreshMs };
}

/** Settles when `started` does or after `ms`, whichever is first (the timer does not hold the process). */
function bounded(started: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void started.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Runs a server-kit flag parser; its Error becomes foya's usage error for serve. */
function usageChecked<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw usageError(messageOf(error), "serve");
  }
}

/** `foya serve`. Resolves only when the client goes away (stdio) or a signal ends it. */
export const serveCommand: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "serve", options: { approval: "value", progressive: "flag", "no-learning": "flag", "short-names": "flag", "client-prefix": "value", http: "flag", host: "value", port: "value", token: "value", "metrics-token": "value", "drain-seconds": "value", "log-format": "value" }, positionals: [] });
  const approval = (parsed.values.approval ?? "auto") as ApprovalMode;
  if (!APPROVAL_MODES.includes(approval)) throw usageError(`--approval must be auto, ask or deny, got "${approval}"`, "serve");
  const http = parsed.flags.has("http");
  for (const option of ["host", "port", "token", "metrics-token", "drain-seconds"]) {
    if (!http && parsed.values[option] !== undefined) throw usageError(`--${option} needs --http`, "serve");
  }
  const toolNames = toolNamesOf(parsed);
  const learning = learningOf(parsed);
  const port = portOf(parsed);
  const [logFormat, drainSeconds] = usageChecked(() => [parseLogFormat(parsed.values["log-format"]), parseDrainSeconds(parsed.values["drain-seconds"])] as const);
  const structured = openServeLog(logFormat, (line) => context.output.err(line));
  const log = (line: string): void => structured.write("info", line);
  const telemetry = await startServeTelemetry(context.version, http);

  // Before any server starts: if foya dies without closing (SIGKILL), the watchdog ends their groups.
  const watchdog = startProcessWatchdog();
  // Upstream requests go to our clients once one is connected (late-bound: sessions come later).
  const late: { downstreams?: Downstreams } = {};
  const manager = openServeManager({
    home: context.home,
    onElicitation: (request) => (late.downstreams ? late.downstreams.upstream.elicitation(request) : Promise.resolve({ action: "decline" })),
    forwarding: {
      onSampling: async (request, signal) => (late.downstreams as Downstreams).upstream.sampling(request, signal),
      onListRoots: async (server, signal) => (late.downstreams as Downstreams).upstream.roots(server, signal),
    },
  });
  // initialize is answered at once; the first lists wait (bounded) for the first connection attempts.
  const started = manager.start();
  const downstreams = createDownstreams({
    manager,
    approval,
    progressive: parsed.flags.has("progressive"),
    learning,
    home: context.home,
    ...(toolNames ? { toolNames } : {}),
    version: context.version,
    log,
    ready: bounded(started, Math.min(connectTimeoutMs(), STARTUP_LIST_WAIT_MS)),
  });
  late.downstreams = downstreams;
  manager.onEvent((event) => {
    if (event.type === "status" || event.type === "tools_changed") downstreams.scheduleAnnounce();
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
          await started.catch(() => undefined);
          await manager.reload();
          log("foya serve: configuration changed; sessions updated.");
        } catch (error) {
          log(`foya serve: configuration not applied, keeping the previous one: ${messageOf(error)}`);
        }
        downstreams.scheduleAnnounce();
      });
    },
  });

  const stops: Array<() => Promise<void> | void> = [];
  const operations = http ? serveOperations(structured, started, drainSeconds) : undefined;
  let closing: Promise<void> | undefined;
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  // The first signal drains (--http: calls in flight finish up to --drain-seconds); a second ends the drain at once.
  const onSignal = (): void => {
    if (closing) return operations?.endDrainNow();
    void shutdown();
  };
  const shutdown = (): Promise<void> =>
    (closing ??= (async () => {
      await operations?.drain();
      // Past the drain, a further signal ends the process at once, as it did before draining existed.
      for (const signal of signals) process.removeListener(signal, onSignal);
      stopWatching();
      for (const stop of stops) await stop();
      await downstreams.closeAll();
      await manager.close();
      watchdog.stop();
      await telemetry.shutdown();
      markEnded();
    })());
  for (const signal of signals) process.on(signal, onSignal);
  if (!http) {
    process.stdin.once("end", () => void shutdown());
    const session = downstreams.open();
    // Both eras on stdio: the 2025 handshake and 2026-07-28 per-request requests (server-kit);
    // a plain tools/call under --approval auto is answered on the transport (its direct lane).
    const transport = new DualEraTransport(new LineStdioTransport(), session.identity, session.directRoutes ? { direct: session.directRoutes } : {});
    transport.onclose = () => void shutdown();
    void session.server.connect(transport);
  }
  const where = http ? await listen(context.home, downstreams, { host: parsed.values.host ?? "127.0.0.1", port, token: parsed.values.token, metricsToken: parsed.values["metrics-token"] ?? (process.env.FOYA_METRICS_TOKEN || undefined), log, structured, operations }, stops) : "stdio";
  // From the configuration, not status(): on stdio no session exists yet when this line is written (issue #36 D7).
  const configured = manager.configuredServers();
  log(`foya serve: ${configured} servers configured in ${context.home}; approval ${approval}${parsed.flags.has("progressive") ? `; progressive${learning === false ? ", not learning" : ""}` : ""}; on ${where}.`);
  await ended;
  return 0;
};

async function listen(
  home: string,
  downstreams: Downstreams,
  options: { host: string; port: number; token: string | undefined; metricsToken: string | undefined; log: (line: string) => void; structured: StructuredLog; operations?: HttpOperations },
  stops: Array<() => Promise<void> | void>,
): Promise<string> {
  const token = await serveToken(home, options.token);
  options.structured.addSecret(token);
  const running = await startHttpDownstream(downstreams, { host: options.host, port: options.port, token, log: options.log, metricsToken: options.metricsToken, ...(options.operations ? { operations: options.operations } : {}) });
  stops.push(() => running.close());
  stops.push(await recordEndpoint(home, { url: running.url, pid: process.pid }));
  return running.url;
}
