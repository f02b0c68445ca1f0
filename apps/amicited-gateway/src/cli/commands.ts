// The gateway's commands: init, workspace create, serve (HTTP or stdio). Each parses its flags,
// wires store, catalog and transport, and reports on stdout (JSON lines) or stderr (logs).
import { checkFlags, flagInteger, flagString, USAGE } from "./args";
import type { ParsedArgs } from "./args";
import { createDemoWorkspace } from "../demo/generate";
import { GatewayError, GatewayErrorCode } from "../errors";
import { createGateway, hasStore } from "../server/gateway";
import { startHttpGateway } from "../server/http";
import { DEFAULT_SESSION_LIMITS } from "../server/sessions";
import { serveStdio } from "../server/stdio";
import { attachUpstreams } from "../upstreams";
import { openSqliteStore } from "../store/drivers/sqlite";
import { findWorkspace } from "../store/workspaces";
import type { Credential } from "../store/workspaces";

/** Name of the workspace init creates. */
export const DEMO_WORKSPACE = "demo";

function dataDir(args: ParsedArgs): string {
  const dir = flagString(args, "data");
  if (!dir) throw new GatewayError(GatewayErrorCode.USAGE, `--data DIR is required\n${USAGE}`);
  return dir;
}

async function createWorkspaceLine(dir: string, name: string): Promise<string> {
  const store = openSqliteStore(dir);
  try {
    await store.migrate();
    return JSON.stringify(await createDemoWorkspace(store, name));
  } finally {
    await store.close();
  }
}

/** `init --data DIR`: a new store with the demo workspace; prints its tokens once. */
export async function runInit(args: ParsedArgs): Promise<void> {
  checkFlags(args, ["data"]);
  const dir = dataDir(args);
  if (hasStore(dir)) {
    const store = openSqliteStore(dir);
    const existing = await store
      .get("SELECT name FROM workspaces LIMIT 1")
      .finally(() => store.close());
    if (existing)
      throw new GatewayError(
        GatewayErrorCode.CONFLICT,
        `${dir} is already initialised; add workspaces with: amicited-gateway workspace create NAME --data ${dir}`,
      );
  }
  process.stdout.write(`${await createWorkspaceLine(dir, DEMO_WORKSPACE)}\n`);
}

/** `workspace create NAME --data DIR`: another workspace with its own demo data. */
export async function runWorkspaceCreate(args: ParsedArgs): Promise<void> {
  checkFlags(args, ["data"]);
  const name = args.positionals[2];
  if (!name)
    throw new GatewayError(GatewayErrorCode.USAGE, `workspace create needs a NAME\n${USAGE}`);
  process.stdout.write(`${await createWorkspaceLine(dataDir(args), name)}\n`);
}

/** `serve …`: Streamable HTTP at /mcp, or stdio with --stdio. Runs until SIGINT/SIGTERM or stdin ends. */
export async function runServe(args: ParsedArgs): Promise<void> {
  checkFlags(args, [
    "data",
    "host",
    "port",
    "hourly-cap",
    "upstreams",
    "stdio",
    "toolsets",
    "allowed-host",
    "max-body-bytes",
    "allow-anonymous-read",
    "memory-quota",
    "max-sessions",
    "max-sessions-per-token",
    "session-idle-ms",
  ]);
  const dir = dataDir(args);
  if (!hasStore(dir))
    throw new GatewayError(
      GatewayErrorCode.USAGE,
      `${dir} holds no store; run: amicited-gateway init --data ${dir}`,
    );
  const gateway = await createGateway({
    dataDir: dir,
    hourlyCap: flagInteger(args, "hourly-cap", 1000, 1, 1_000_000_000),
    memoryQuota: args.flags.has("memory-quota"),
  });
  const upstreamFile = flagString(args, "upstreams");
  const upstreams = upstreamFile ? await attachUpstreams(gateway, upstreamFile) : undefined;
  const shutdown: (() => Promise<void>)[] = [async () => upstreams?.close(), () => gateway.close()];
  const stop = async () => {
    for (const step of shutdown.splice(0)) await step().catch(() => undefined);
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
  if (args.flags.has("stdio")) {
    await serveStdio(gateway, process.env.AMICITED_TOKEN, flagString(args, "toolsets"));
    await stop();
    return;
  }
  let anonymous: Credential | undefined;
  const anonymousWorkspace = flagString(args, "allow-anonymous-read");
  if (anonymousWorkspace) {
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
  const running = await startHttpGateway(gateway, {
    host: flagString(args, "host") ?? "127.0.0.1",
    port: flagInteger(args, "port", 8787, 0, 65535),
    maxBodyBytes: flagInteger(args, "max-body-bytes", 1024 * 1024, 1024, 64 * 1024 * 1024),
    allowedHosts: flagString(args, "allowed-host")?.split(",") ?? [],
    sessions: {
      maxSessions: flagInteger(args, "max-sessions", DEFAULT_SESSION_LIMITS.maxSessions, 1, 1_000_000),
      maxSessionsPerToken: flagInteger(args, "max-sessions-per-token", DEFAULT_SESSION_LIMITS.maxSessionsPerToken, 1, 1_000_000),
      idleMs: flagInteger(args, "session-idle-ms", DEFAULT_SESSION_LIMITS.idleMs, 100, 24 * 3_600_000),
    },
    ...(anonymous ? { anonymous } : {}),
  });
  shutdown.unshift(() => running.close());
  process.stderr.write(
    `amicited-gateway: ${gateway.catalog.size} tools in ${gateway.catalog.toolsets().length} toolsets, hourly cap ${gateway.hourlyCap}\n`,
  );
  process.stderr.write(`listening on ${running.url}\n`);
}
