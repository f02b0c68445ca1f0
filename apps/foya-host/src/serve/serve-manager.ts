// The client manager `foya serve` runs on: the package's NodeClientManager over $FOYA_HOME, seen
// as a HostManager plus what the library's aggregating server needs (AggregatedManager: resource
// templates, subscriptions, the logging level, roots changes) and the count of configured servers. Per-call forwarding of cancellation and progress travels as the
// call's own options (client-manager's aggregate/tool-surface.ts CallScope), never in an AsyncLocalStorage: on Node 20 one
// run() of it puts a hook on every promise of the process for good, which cost more per call
// than the rest of the relay's own work.
import type { ElicitationRequest, ElicitationResponse, ForwardingOptions, HostEvent as PackageEvent } from "@foundry-mcp/client-manager";
import type { AggregatedManager } from "@foundry-mcp/client-manager/aggregate";
import { NodeClientManager, type ConfigStore } from "@foundry-mcp/client-manager/node";
import { FOYA_VOICE, openFoyaStore } from "../host/voice";
import type { HostEvent, HostManager } from "../host/contract";
import { FOYA_VERSION } from "../version";

/** The manager as `foya serve` uses it. */
export interface ServeManager extends HostManager, AggregatedManager {
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
