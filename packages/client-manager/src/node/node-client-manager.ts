// The ClientManager with Node's process-group stdio launcher wired in: what a Node host uses.
import { ClientManager, type ClientManagerOptions } from "../manager/client-manager";
import { launchStdioServer } from "./stdio-transport";

/**
 * A {@link ClientManager} that can start stdio servers (each in its own process group).
 *
 * @example
 * const manager = new NodeClientManager({ config: loadHostConfig(), credentials: new ConfigStore() });
 */
export class NodeClientManager extends ClientManager {
  constructor(options: ClientManagerOptions) {
    super({ stdio: launchStdioServer, ...options });
  }
}
