// What the aggregating server needs from a client manager: the package's own ClientManager
// methods (a Pick, so no copy can drift) — any ClientManager or NodeClientManager fits as is. A
// host that knows more (foya counts the servers of its saved configuration) adds it.
import type { ClientManager } from "../manager/client-manager";

/** The manager behind an aggregating server. */
export interface AggregatedManager
  extends Pick<
    ClientManager,
    | "on"
    | "status"
    | "tools"
    | "callTool"
    | "listResources"
    | "readResource"
    | "listPrompts"
    | "getPrompt"
    | "listResourceTemplates"
    | "subscribeResource"
    | "unsubscribeResource"
    | "setLoggingLevel"
    | "notifyRootsChanged"
    | "complete"
    | "completionServers"
    | "probeRemoteServers"
  > {
  /**
   * How many servers the configuration names, known before start() opened any: a session opened
   * earlier declares `completions` while some may still offer them. Without it, only status rows count.
   */
  configuredServers?(): number;
}
