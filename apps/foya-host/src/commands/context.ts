// What every command receives: where to print, which FOYA_HOME, and how to open the
// configuration and a manager. main.ts builds it from the process; tests could build their own.
import type { Output } from "../cli/output";
import type { ConfigPort, HostManager, ManagerOptions } from "../host/contract";

/** The environment of one command run. */
export interface CommandContext {
  output: Output;
  home: string;
  version: string;
  openConfig(home: string): ConfigPort;
  openManager(options: ManagerOptions): Promise<HostManager>;
}

/** A command: its words after `foya …` in, exit code out. */
export type Command = (argv: string[], context: CommandContext) => Promise<number>;
