// What every `foundry` command is: a name, one line for the command list, its usage text, and a
// run function that gets the project root already resolved and writes through the context, so
// the dispatcher (dispatch.ts) and tests can run a command in-process. One file per command.

/** Where a command writes, and the project it acts on. */
export interface CommandContext {
  /** The project root (`--root`, else `FOUNDRY_ROOT`, else the upward search of foundry-server). */
  readonly root: string;
  /** How the root was found, for messages. */
  readonly rootSource: string;
  /** The working folder, which paths given on the command line are relative to. */
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** One `foundry <name>` command. */
export interface FoundryCommand {
  readonly name: string;
  /** One line for `foundry --help`. */
  readonly summary: string;
  /** The full text of `foundry <name> --help`. */
  readonly usage: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: readonly string[], context: CommandContext): Promise<number>;
}

/** A command's refusal of an argument it does not take (exit code 2, like the dispatcher's). */
export function unknownArgument(command: string, argument: string, context: CommandContext): number {
  context.stderr(`foundry ${command}: unknown argument "${argument}". Run foundry ${command} --help.\n`);
  return 2;
}
