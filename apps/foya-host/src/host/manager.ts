// The one place foya builds a client manager: the package's NodeClientManager (stdio servers in
// their own process groups) over the saved configuration or an in-memory one, seen through the
// HostManager shape the commands use.
import type { HostConfig } from "@foundry-mcp/client-manager";
import { NodeClientManager } from "@foundry-mcp/client-manager/node";
import { FOYA_VOICE, openFoyaStore } from "./voice";
import type { HostManager, ManagerOptions, ServerSpec } from "./contract";
import { FOYA_VERSION } from "../version";
import { serverConfigOf } from "./config";
import { connectAttemptMs, connectTimeoutMs } from "./settle";

const CLIENT_INFO = { name: "foya", version: FOYA_VERSION };

function keepOnly(config: HostConfig, only: string[] | undefined): HostConfig {
  if (only === undefined) return config;
  return { servers: Object.fromEntries(Object.entries(config.servers).filter(([name]) => only.includes(name))) };
}

function wrap(manager: NodeClientManager, reload: () => Promise<void>): HostManager {
  return {
    start: () => manager.start(),
    reload,
    status: () => manager.status(),
    tools: () => manager.tools(),
    callTool: (hostName, args) => manager.callTool(hostName, args),
    listResources: (server) => manager.listResources(server),
    readResource: (server, uri) => manager.readResource(server, uri),
    listPrompts: (server) => manager.listPrompts(server),
    getPrompt: (server, name, args) => manager.getPrompt(server, name, args),
    onEvent(listener) {
      manager.on("event", listener);
    },
    async close() {
      // The package waits for process groups to end on unref'd timers; without a handle of our
      // own the event loop could drain mid-close and the CLI would exit 0 before answering.
      const keepAlive = setInterval(() => undefined, 1000);
      try {
        await manager.close();
      } finally {
        clearInterval(keepAlive);
      }
    },
  };
}

/**
 * A manager over the saved configuration of `options.home` (not started). One-shot commands
 * never retry a failed connection; serve reconnects with the package's capped backoff.
 */
export async function openManager(options: ManagerOptions): Promise<HostManager> {
  const store = openFoyaStore(options.home);
  const manager = new NodeClientManager({
    config: keepOnly(store.load(), options.only),
    credentials: store,
    oauth: store,
    clientInfo: CLIENT_INFO,
    voice: FOYA_VOICE,
    // One-shot commands wait connectTimeoutMs() for the first attempts; each attempt gives up
    // before that, so the wait ends on a real error instead of a server still "connecting".
    ...(options.reconnect ? {} : { reconnect: { maxAttempts: 0 }, pingIntervalMs: 0, connectTimeoutMs: connectAttemptMs(connectTimeoutMs()) }),
    ...(options.onElicitation ? { onElicitation: options.onElicitation } : {}),
  });
  return wrap(manager, () => manager.apply(keepOnly(store.load(), options.only)));
}

/** A manager over an in-memory configuration (the demo's; no FOYA_HOME); not started. */
export function createManagerFromServers(servers: Record<string, ServerSpec>, tokens: Record<string, string>): HostManager {
  const config: HostConfig = { servers: Object.fromEntries(Object.entries(servers).map(([name, spec]) => [name, serverConfigOf(spec)])) };
  const manager = new NodeClientManager({
    config,
    credentials: { getToken: (server) => tokens[server] },
    clientInfo: CLIENT_INFO,
    voice: FOYA_VOICE,
    reconnect: { maxAttempts: 0 },
    pingIntervalMs: 0,
  });
  return wrap(manager, () => Promise.resolve());
}
