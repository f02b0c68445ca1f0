// The client manager `foya serve` runs on: the package's NodeClientManager over $FOYA_HOME, seen
// as a HostManager plus what only an aggregator needs — resource templates, subscriptions, the
// logging level, roots changes — and per-call forwarding of cancellation and progress. The
// downstream request's signal and progress sink travel to the upstream call in an
// AsyncLocalStorage scope (`withCall`), so the tool surfaces (direct and progressive) keep
// calling plain `callTool(name, args)` and need not know about either; the approval gate finds
// the call's AskClient (the downstream client, either era) in the same scope.
import { AsyncLocalStorage } from "node:async_hooks";
import type { CallProgress, ElicitationRequest, ElicitationResponse, ForwardingOptions, HostEvent as PackageEvent, HostResourceTemplate } from "@foundry-mcp/client-manager";
import { ConfigStore, NodeClientManager } from "@foundry-mcp/client-manager/node";
import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import type { AskClient } from "@foundry-mcp/server-kit";
import type { HostEvent, HostManager } from "../host/contract";
import { FOYA_VERSION } from "../version";

/** What one downstream tools/call passes to its upstream call, and how its approval asks the client. */
export interface CallScope {
  signal?: AbortSignal;
  onProgress?: (progress: CallProgress) => void;
  /** The downstream client of this call, to ask for approval (either era). */
  ask?: AskClient;
}

const scope = new AsyncLocalStorage<CallScope>();

/** Runs `work` with `call`'s signal and progress sink applied to every upstream call it makes. */
export function withCall<T>(call: CallScope, work: () => Promise<T>): Promise<T> {
  return scope.run(call, work);
}

/** The scope of the downstream call running now (undefined outside one). */
export function currentCall(): CallScope | undefined {
  return scope.getStore();
}

/** The manager as `foya serve` uses it. */
export interface ServeManager extends HostManager {
  listResourceTemplates(server?: string): Promise<HostResourceTemplate[]>;
  subscribeResource(server: string, uri: string): Promise<void>;
  unsubscribeResource(server: string, uri: string): Promise<void>;
  setLoggingLevel(level: LoggingLevel): Promise<void>;
  notifyRootsChanged(): Promise<void>;
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
    super({ config: store.load(), credentials: store, clientInfo: { name: "foya", version: FOYA_VERSION }, onElicitation: options.onElicitation, forwarding: options.forwarding });
  }

  reload(): Promise<void> {
    return this.apply(this.store.load());
  }

  onEvent(listener: (event: HostEvent) => void): void {
    this.on("event", (event: PackageEvent) => listener(event as HostEvent));
  }

  override callTool(hostName: string, args: Record<string, unknown> = {}, options: Parameters<NodeClientManager["callTool"]>[2] = {}) {
    const call = scope.getStore();
    if (!call) return super.callTool(hostName, args, options);
    const { signal, onProgress } = call;
    return super.callTool(hostName, args, { ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}), ...options });
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
  return new ServeClientManager(new ConfigStore(options.home), options);
}
