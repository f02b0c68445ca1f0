// The client manager `foya serve` runs on: the package's NodeClientManager over $FOYA_HOME, seen
// as a HostManager plus what only an aggregator needs — resource templates, subscriptions, the
// logging level, roots changes. Per-call forwarding of cancellation and progress travels as the
// call's own options (tool-surface.ts CallScope), never in an AsyncLocalStorage: on Node 20 one
// run() of it puts a hook on every promise of the process for good, which cost more per call
// than the rest of the relay's own work.
import type { ElicitationRequest, ElicitationResponse, ForwardingOptions, HostEvent as PackageEvent, HostResourceTemplate } from "@foundry-mcp/client-manager";
import { NodeClientManager, type ConfigStore } from "@foundry-mcp/client-manager/node";
import { FOYA_VOICE, openFoyaStore } from "../host/voice";
import type { CompleteRequest, CompleteResult, LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import type { HostEvent, HostManager } from "../host/contract";
import { FOYA_VERSION } from "../version";

/** The manager as `foya serve` uses it. */
export interface ServeManager extends HostManager {
  listResourceTemplates(server?: string): Promise<HostResourceTemplate[]>;
  subscribeResource(server: string, uri: string): Promise<void>;
  unsubscribeResource(server: string, uri: string): Promise<void>;
  setLoggingLevel(level: LoggingLevel): Promise<void>;
  notifyRootsChanged(): Promise<void>;
  /** Argument completions from one upstream (client-manager's complete). */
  complete(server: string, params: CompleteRequest["params"]): Promise<CompleteResult>;
  /** Connected upstreams that declare `completions`. */
  completionServers(): string[];
  /** Probes every connected remote server, waiting at most `waitMs` (client-manager's probeRemoteServers). */
  probeRemoteServers(waitMs?: number): Promise<void>;
  /** How many servers the saved configuration names (known before start() has opened any). */
  configuredServers(): number;
}

/** Options of {@link openServeManager}. */
export interface ServeManagerOptions {
  home: string;
  onElicitation: (request: ElicitationRequest) => Promise<ElicitationResponse>;
  forwarding: ForwardingOptions;
}

class ServeClientManager extends NodeClientManager implements ServeManager {
  constructor(
    private readonly store: ConfigStore,
    options: ServeManagerOptions,
  ) {
    super({ config: store.load(), credentials: store, clientInfo: { name: "foya", version: FOYA_VERSION }, voice: FOYA_VOICE, onElicitation: options.onElicitation, forwarding: options.forwarding });
  }

  configuredServers(): number {
    return Object.keys(this.store.load().servers).length;
  }

  reload(): Promise<void> {
    return this.apply(this.store.load());
  }

  onEvent(listener: (event: HostEvent) => void): void {
    this.on("event", (event: PackageEvent) => listener(event as HostEvent));
  }

  override async close(): Promise<void> {
    // Process groups end on unref'd timers; our own handle keeps the loop alive until they did.
    const keepAlive = setInterval(() => undefined, 1000);
    try {
      await super.close();
    } finally {
      clearInterval(keepAlive);
    }
  }
}

/** The manager over `home`'s saved configuration, reconnecting with backoff; not started. */
export function openServeManager(options: ServeManagerOptions): ServeManager {
  return new ServeClientManager(openFoyaStore(options.home), options);
}
