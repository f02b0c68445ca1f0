// The gateway's commands: init, workspace create, admin token, migrate, serve (HTTP or stdio); `learned …` is in
// learned-commands.ts. Each parses its
// flags, wires store, catalog and transport, and reports on stdout (JSON lines) or stderr (logs).
import { checkedWorkspaceName, checkFlags, flagInteger, flagString, flagWorkspaceName, USAGE } from "./args";
import type { ParsedArgs } from "./args";
import { createDemoWorkspace } from "../demo/generate";
import { GatewayError, GatewayErrorCode } from "../errors";
import { storeExists, storeLocationOf } from "../backend";
import { createGateway, type GatewayOptions } from "../server/gateway";
import { startHttpGateway } from "../server/http";
import { DEFAULT_SESSION_LIMITS } from "../server/sessions";
import type { SessionLimits } from "../server/sessions";
import { serveStdio } from "../server/stdio";
import { attachUpstreams } from "../upstreams";
import { SEMANTIC_FLAGS, semanticSearchOf } from "./semantic-flags";
import { CALL_LOG_RETENTION, DEFAULT_OUTBOUND_PER_WORKSPACE, findWorkspace, issueAdminToken, schemaVersionOf } from "@foundry-mcp/workspace-store";
import { existingStoreOf, storageOf, where, withStore } from "./store-access";
import { DEFAULT_STREAM_EVENT_LIMITS } from "../server/stream-event-log";
import { createUiRoutes } from "../server/ui/routes";
import { gatewayOperations, openGatewayLog } from "../server/operations";
import { parseDrainSeconds, parseLogFormat } from "@foundry-mcp/server-kit";
import type { HttpOperations } from "@foundry-mcp/server-kit";
import { oauthOptionsOf } from "../server/oauth/options";
import { gatewayMetricsRoute } from "../server/metrics";
import { anyWorkspaceName } from "../server/store-statements";
import { metricsTokenOf, startGatewayTelemetry } from "./telemetry";
import type { Credential, StoreLocation } from "@foundry-mcp/workspace-store";

/** Name of the workspace init creates. */
export const DEMO_WORKSPACE = "demo";

const createWorkspaceLine = (location: StoreLocation, name: string, withAdminToken = false) =>
  withStore(location, async (store) => {
    await store.migrate();
    const created = await createDemoWorkspace(store, name);
    return JSON.stringify(withAdminToken ? { ...created, adminToken: await issueAdminToken(store) } : created);
  });

/** `init`: a new store with the demo workspace; prints its tokens and the dashboard's admin token once. */
export async function runInit(args: ParsedArgs): Promise<void> {
  checkFlags(args, ["data", "database"]);
  const location = storeLocationOf(storageOf(args));
  if (storeExists(location)) {
    const existing = await withStore(location, async (store) =>
      (await schemaVersionOf(store)) > 0
        ? anyWorkspaceName.get(store)
        : undefined,
    );
    if (existing)
      throw new GatewayError(
        GatewayErrorCode.CONFLICT,
        `${"url" in location ? "the database" : location.dataDir} is already initialised; add workspaces with: amicited-gateway workspace create NAME ${where(location)}`,
      );
  }
  process.stdout.write(`${await createWorkspaceLine(location, DEMO_WORKSPACE, true)}\n`);
}

/** `admin token`: a new admin token for the dashboard (printed once); every earlier one is revoked. */
export async function runAdminToken(args: ParsedArgs): Promise<void> {
  checkFlags(args, ["data", "database"]);
  const location = existingStoreOf(args);
  const adminToken = await withStore(location, async (store) => {
    if ("dataDir" in location) await store.migrate();
    return issueAdminToken(store);
  });
  process.stdout.write(`${JSON.stringify({ adminToken })}\n`);
}

/** `workspace create NAME`: another workspace with its own demo data. */
export async function runWorkspaceCreate(args: ParsedArgs): Promise<void> {
  checkFlags(args, ["data", "database"]);
  const name = args.positionals[2];
  if (!name)
    throw new GatewayError(GatewayErrorCode.USAGE, `workspace create needs a NAME\n${USAGE}`);
  // Checked before the store is opened: a refused name leaves no new store behind.
  checkedWorkspaceName("NAME", name);
  process.stdout.write(`${await createWorkspaceLine(storeLocationOf(storageOf(args)), name)}\n`);
}

/** `migrate`: creates or upgrades the schema; prints the driver and the schema version. */
export async function runMigrate(args: ParsedArgs): Promise<void> {
  checkFlags(args, ["data", "database"]);
  const location = storeLocationOf(storageOf(args));
  const line = await withStore(location, async (store) => {
    const before = await schemaVersionOf(store);
    await store.migrate();
    return {
      driver: store.driver,
      from_version: before,
      schema_version: await schemaVersionOf(store),
    };
  });
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/**
 * The session caps of `serve`: the cap per workspace (default 200) stays below the total, so no
 * one workspace can take every session (issue 39, T4).
 */
function sessionLimitsOf(args: ParsedArgs): SessionLimits {
  const maxSessions = flagInteger(args, "max-sessions", DEFAULT_SESSION_LIMITS.maxSessions, 2, 1_000_000);
  const below = maxSessions - 1;
  return {
    maxSessions,
    maxSessionsPerWorkspace: flagInteger(args, "max-sessions-per-workspace", Math.min(DEFAULT_SESSION_LIMITS.maxSessionsPerWorkspace, below), 1, below),
    maxSessionsPerToken: flagInteger(args, "max-sessions-per-token", DEFAULT_SESSION_LIMITS.maxSessionsPerToken, 1, 1_000_000),
    idleMs: flagInteger(args, "session-idle-ms", DEFAULT_SESSION_LIMITS.idleMs, 100, 24 * 3_600_000),
  };
}

/**
 * The learning of `serve`: per workspace by default, `--shared-learning` pools every workspace's
 * words, `--no-learning` learns nothing; the two together are refused by name, not one silently won.
 */
function learningOf(args: ParsedArgs): Pick<GatewayOptions, "learning"> {
  const off = args.flags.has("no-learning");
  const shared = args.flags.has("shared-learning");
  if (off && shared)
    throw new GatewayError(
      GatewayErrorCode.USAGE,
      "--shared-learning and --no-learning contradict each other: --no-learning learns nothing, --shared-learning lets every workspace's learned words rank every workspace's searches. Give one of them, or neither (each workspace learns for its own searches).",
    );
  if (off) return { learning: false };
  return shared ? { learning: { shared: true } } : {};
}

/** Runs a server-kit flag parser; its Error becomes a usage error (exit 2) with the usage text. */
function usageChecked<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new GatewayError(GatewayErrorCode.USAGE, `${(error as Error).message}\n${USAGE}`);
  }
}

/** The serve flags only HTTP serving reads: --stdio serves one client on stdin and stdout, with AMICITED_TOKEN. */
const HTTP_ONLY_FLAGS = [
  "host",
  "port",
  "allowed-host",
  "max-body-bytes",
  "allow-anonymous-read",
  "max-sessions",
  "max-sessions-per-token",
  "max-sessions-per-workspace",
  "session-idle-ms",
  "max-stream-events",
  "max-stream-events-per-session",
  "no-ui",
  "drain-seconds",
  "public-url",
  "allow-http-client-metadata",
  "metrics-token",
] as const;

/**
 * Refuses a flag the chosen transport would ignore (usage, exit 2), so no one believes a setting
 * holds that does not: --port or --allow-anonymous-read with --stdio, --toolsets over HTTP (a client
 * picks toolsets there with /mcp?toolsets=…).
 */
function refuseOtherTransportFlags(args: ParsedArgs): void {
  if (args.flags.has("stdio")) {
    const http = HTTP_ONLY_FLAGS.filter((name) => args.flags.has(name)).map((name) => `--${name}`);
    if (http.length > 0) throw new GatewayError(GatewayErrorCode.USAGE, `${http.join(", ")} ${http.length === 1 ? "applies" : "apply"} to HTTP serving, not --stdio (one client on stdin and stdout, its token in AMICITED_TOKEN); drop ${http.length === 1 ? "it" : "them"} or --stdio`);
  } else if (args.flags.has("toolsets")) {
    throw new GatewayError(GatewayErrorCode.USAGE, "--toolsets applies to --stdio; over HTTP each client picks its toolsets with /mcp?toolsets=a,b (or all)");
  }
}

/** `serve …`: Streamable HTTP at /mcp, or stdio with --stdio. Runs until SIGINT/SIGTERM or stdin ends. */
export async function runServe(args: ParsedArgs): Promise<void> {
  checkFlags(args, [
    "data",
    "database",
    "hourly-cap",
    "upstreams",
    "stdio",
    "toolsets",
    "memory-quota",
    "max-outbound-per-workspace",
    "no-learning",
    "shared-learning",
    "call-log-days",
    "log-format",
    ...SEMANTIC_FLAGS,
    ...HTTP_ONLY_FLAGS,
  ]);
  refuseOtherTransportFlags(args);
  const learning = learningOf(args);
  const anonymousWorkspace = flagWorkspaceName(args, "allow-anonymous-read");
  const [logFormat, drainSeconds] = usageChecked(() => [parseLogFormat(flagString(args, "log-format")), parseDrainSeconds(flagString(args, "drain-seconds"))] as const);
  const log = openGatewayLog(logFormat);
  const stopTelemetry = await startGatewayTelemetry();
  const storage = storageOf(args);
  const location = storeLocationOf(storage);
  if ("dataDir" in location && !storeExists(location))
    throw new GatewayError(
      GatewayErrorCode.USAGE,
      `${location.dataDir} holds no store; run: amicited-gateway init --data ${location.dataDir}`,
    );
  const gateway = await createGateway({
    ...storage,
    hourlyCap: flagInteger(args, "hourly-cap", 1000, 1, 1_000_000_000),
    memoryQuota: args.flags.has("memory-quota"),
    callLogDays: flagInteger(args, "call-log-days", CALL_LOG_RETENTION.defaultDays, CALL_LOG_RETENTION.minDays, CALL_LOG_RETENTION.maxDays),
    maxOutboundPerWorkspace: flagInteger(args, "max-outbound-per-workspace", DEFAULT_OUTBOUND_PER_WORKSPACE, 1, 64),
    semanticSearch: semanticSearchOf(args),
    ...learning,
  });
  const upstreamFile = flagString(args, "upstreams");
  const upstreams = upstreamFile ? await attachUpstreams(gateway, upstreamFile) : undefined;
  const shutdown: (() => Promise<void>)[] = [async () => upstreams?.close(), () => gateway.close(), stopTelemetry];
  // Set once HTTP serving starts (stdio has nothing to drain); read by the signal handler.
  const http: { operations?: HttpOperations } = {};
  let stopping = false;
  // The first signal drains (HTTP: in-flight calls finish up to --drain-seconds), then closes the
  // server, the upstreams and the store; a second signal ends the drain at once.
  const onSignal = () => void stop();
  const stop = async () => {
    if (stopping) return http.operations?.endDrainNow();
    stopping = true;
    await http.operations?.drain();
    // Past the drain, a further signal ends the process at once, as it did before draining existed.
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.removeListener(signal, onSignal);
    for (const step of shutdown.splice(0)) await step().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  if (args.flags.has("stdio")) {
    await serveStdio(gateway, process.env.AMICITED_TOKEN, flagString(args, "toolsets"));
    await stop();
    return;
  }
  let anonymous: Credential | undefined;
  if (anonymousWorkspace !== undefined) {
    const workspace = await findWorkspace(gateway.store, anonymousWorkspace);
    if (!workspace)
      throw new GatewayError(
        GatewayErrorCode.USAGE,
        `--allow-anonymous-read: workspace "${anonymousWorkspace}" does not exist`,
      );
    anonymous = {
      tokenId: 0,
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      scope: "read",
    };
    process.stderr.write(
      `warning: requests without a token get read access to workspace "${workspace.name}" (development only)\n`,
    );
  }
  const host = flagString(args, "host") ?? "127.0.0.1";
  const allowedHosts = flagString(args, "allowed-host")?.split(",") ?? [];
  const operations = (http.operations = gatewayOperations(gateway, log, drainSeconds));
  const running = await startHttpGateway(gateway, {
    host,
    operations,
    log,
    port: flagInteger(args, "port", 8787, 0, 65535),
    maxBodyBytes: flagInteger(args, "max-body-bytes", 1024 * 1024, 1024, 64 * 1024 * 1024),
    allowedHosts,
    ...(args.flags.has("no-ui") ? {} : { ui: createUiRoutes(gateway, { host, allowedHosts }) }),
    oauth: oauthOptionsOf(gateway.store, { host, allowedHosts, publicUrl: flagString(args, "public-url"), allowHttpClientMetadata: args.flags.has("allow-http-client-metadata") }),
    sessions: sessionLimitsOf(args),
    streamEvents: {
      maxEvents: flagInteger(args, "max-stream-events", DEFAULT_STREAM_EVENT_LIMITS.maxEvents, 1, 10_000_000),
      maxEventsPerSession: flagInteger(args, "max-stream-events-per-session", DEFAULT_STREAM_EVENT_LIMITS.maxEventsPerSession, 2, 1_000_000),
    },
    ...(anonymous ? { anonymous } : {}),
    metrics: gatewayMetricsRoute(gateway, metricsTokenOf(args)),
  });
  shutdown.unshift(() => running.close());
  process.stderr.write(
    `amicited-gateway: ${gateway.catalog.size} tools in ${gateway.catalog.toolsets().length} toolsets, hourly cap ${gateway.hourlyCap}\n`,
  );
  process.stderr.write(`listening on ${running.url}\n`);
  if (!args.flags.has("no-ui")) process.stderr.write(`dashboard on ${running.url.replace(/\/mcp$/, "/ui/")}\n`);
}
