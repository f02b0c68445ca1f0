// The `foundry` command line for people: `foundry [--root DIR] <command> [arguments]`. Finds
// the command, resolves the project root exactly as foundry-server does (../cli.ts), and runs
// it. Commands live one per file beside this one and are listed in COMMANDS; adding one is a
// new file and one line here.

import { parseArguments } from "../cli";
import type { CommandContext, FoundryCommand } from "./command";
import { exportCommand } from "./commands/export";
import { importCommand } from "./commands/import";
import { indexCommand } from "./commands/index-command";
import { initCommand } from "./commands/init";
import { listCommand } from "./commands/list";
import { reportCommand } from "./commands/report";
import { searchCommand } from "./commands/search";
import { showCommand } from "./commands/show";
import { writeCommand } from "./commands/write";
import { doctorCommand } from "./doctor";
import { migrateCommand } from "./migrate";

/** Every command, in the order `foundry --help` lists them. */
export const COMMANDS: readonly FoundryCommand[] = [
  initCommand,
  searchCommand,
  showCommand,
  writeCommand,
  listCommand,
  indexCommand,
  reportCommand,
  exportCommand,
  importCommand,
  doctorCommand,
  migrateCommand,
];

/** The text of `foundry --help`. */
export function foundryUsage(commands: readonly FoundryCommand[] = COMMANDS): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return `Usage: foundry [--root DIR] <command> [arguments]

Project memory for people: start it, search and write it, import what you
already keep, check it, and move it between layouts.

Commands:
${commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join("\n")}

Options:
  --root DIR     project whose .foundry/ folder is used (default: $FOUNDRY_ROOT,
                 else the nearest folder upward holding .foundry/, else the
                 nearest holding .git, else the working directory)
  -h, --help     show this help; foundry <command> --help shows a command's
  -v, --version  print the version
`;
}

/** Where the dispatcher reads and writes; main.ts passes the process's. */
export interface CliEnvironment {
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly version: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/**
 * Runs one `foundry` invocation; resolves to its exit code (0 done, 1 the command found a
 * problem, 2 a usage error).
 *
 * @example await runFoundryCli({ argv: ["doctor"], env: process.env, cwd: process.cwd(), version, stdout, stderr })
 */
export async function runFoundryCli(environment: CliEnvironment): Promise<number> {
  const { argv, stdout, stderr } = environment;
  const global: string[] = [];
  let index = 0;
  for (; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (!argument.startsWith("-")) break;
    global.push(argument);
    if (argument === "--root") global.push(argv[++index] ?? "");
  }
  const name = argv[index];
  const rest = argv.slice(index + 1);
  const parsed = parseArguments(global, environment.env, environment.cwd);
  switch (parsed.kind) {
    case "error":
      stderr(`foundry: ${parsed.message.replace("foundry-server --help", "foundry --help")}\n`);
      return 2;
    case "help":
      stdout(foundryUsage());
      return 0;
    case "version":
      stdout(`${environment.version}\n`);
      return 0;
  }
  if (name === undefined) {
    stderr(foundryUsage());
    return 2;
  }
  const command = COMMANDS.find((one) => one.name === name);
  if (!command) {
    stderr(`foundry: unknown command "${String(name)}". Commands: ${COMMANDS.map((one) => one.name).join(", ")}. Run foundry --help.\n`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    stdout(command.usage);
    return 0;
  }
  const context: CommandContext = { root: parsed.root, rootSource: parsed.source, cwd: environment.cwd, stdout, stderr };
  return command.run(rest, context);
}
