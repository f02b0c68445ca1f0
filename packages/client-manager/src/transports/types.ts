// The seam between the runtime-neutral manager and Node-only process handling: the manager asks
// a StdioLauncher for a Transport; `@foundry-mcp/client-manager/node` provides the real one.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

/** What a launcher needs to start one stdio server (env already expanded). */
export interface StdioLaunchOptions {
  server: string;
  command: string;
  args: string[];
  /** Added on top of the launcher's small inherited environment. */
  env: Record<string, string>;
  cwd?: string;
  /** Longest stdout frame held, in bytes; a longer response fails its one call. Default 8 MiB. */
  maxFrameBytes?: number;
  /** Called with each line the server writes to stderr. */
  onStderr?: (line: string) => void;
}

/** A started or startable stdio transport; `pid` is the child's, which also leads its process group. */
export interface StdioTransport extends Transport {
  readonly pid: number | undefined;
}

/** Builds the transport of one stdio server. */
export type StdioLauncher = (options: StdioLaunchOptions) => StdioTransport;
