// The ClientManager with Node's process-group stdio launcher wired in: what a Node host uses.
import { ClientManager, type ClientManagerOptions } from "../manager/client-manager";
import { launchStdioServer } from "./stdio-transport";

/** Options of {@link NodeClientManager}: the manager's, plus the stdio frame bound. */
export interface NodeClientManagerOptions extends ClientManagerOptions {
  /** Longest stdout frame read from a stdio server, in bytes; a longer response fails its one call. Default 8 MiB. */
  maxFrameBytes?: number;
}

/**
 * A {@link ClientManager} that can start stdio servers (each in its own process group).
 *
 * @example
 * const manager = new NodeClientManager({ config: loadHostConfig(home), credentials: new ConfigStore(home) });
 */
export class NodeClientManager extends ClientManager {
  constructor(options: NodeClientManagerOptions) {
    const { maxFrameBytes, ...rest } = options;
    const stdio = maxFrameBytes === undefined ? launchStdioServer : (launch: Parameters<typeof launchStdioServer>[0]) => launchStdioServer({ maxFrameBytes, ...launch });
    super({ stdio, ...rest });
  }
}
