// Entry point of the `foya` CLI (dist/foya.mjs): routes the command words to commands/*, prints
// every failure as one line on stderr, and sets the exit code (0 ok, 1 failure, 2 usage).
import { describeError, FoyaError, usageError } from "./cli/errors";
import { COMMAND_HELP, MAIN_HELP } from "./cli/help";
import { processOutput } from "./cli/output";
import type { Command, CommandContext } from "./commands/context";
import { demoCommand } from "./commands/demo";
import { mcpAdd, mcpList, mcpRemove, mcpSetEnabled } from "./commands/mcp-config";
import { learnedForget, learnedList } from "./commands/learned";
import { mcpImport } from "./commands/mcp-import";
import { mcpLogin, mcpLogout } from "./commands/mcp-login";
import { mcpStatus } from "./commands/mcp-status";
import { callCommand, promptCommand, promptsCommand, readCommand, resourcesCommand, toolsCommand } from "./commands/registry";
import { serveCommand } from "./commands/serve";
import { statusCommand } from "./commands/status";
import { openConfig } from "./host/config";
import { openManager } from "./host/manager";
import { resolveFoyaHome } from "./host/voice";
import { FOYA_VERSION } from "./version";

const VERSION = FOYA_VERSION;

const COMMANDS: Record<string, Command> = {
  "mcp list": mcpList,
  "mcp add": mcpAdd,
  "mcp remove": mcpRemove,
  "mcp enable": mcpSetEnabled(true),
  "mcp disable": mcpSetEnabled(false),
  "mcp import": mcpImport,
  "mcp status": mcpStatus,
  "mcp login": mcpLogin,
  "mcp logout": mcpLogout,
  "learned list": learnedList,
  "learned forget": learnedForget,
  tools: toolsCommand,
  call: callCommand,
  resources: resourcesCommand,
  read: readCommand,
  prompts: promptsCommand,
  prompt: promptCommand,
  serve: serveCommand,
  status: statusCommand,
  demo: demoCommand,
};

/** Commands made of two words (`foya mcp add`, `foya learned list`), and the subcommands each names when one is missing. */
const GROUPS: Record<string, string> = {
  mcp: "list, add, remove, enable, disable, import or status",
  learned: "list or forget",
};

/** Which command the words name, and the words left for it. */
function route(argv: string[]): { name: string; rest: string[] } | undefined {
  const [first, second] = argv;
  if (first !== undefined && Object.hasOwn(GROUPS, first)) {
    if (second === undefined || second.startsWith("-")) return { name: first, rest: argv.slice(1) };
    return { name: `${first} ${second}`, rest: argv.slice(2) };
  }
  return first === undefined ? undefined : { name: first, rest: argv.slice(1) };
}

/** Runs the CLI on `argv` (the words after `foya`) and returns the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  const output = processOutput();
  const home = resolveFoyaHome();
  const context: CommandContext = { output, home, version: VERSION, openConfig, openManager };
  try {
    const routed = route(argv);
    if (routed === undefined || routed.name === "--help" || routed.name === "-h" || routed.name === "help") {
      output.out(MAIN_HELP);
      return routed === undefined ? 2 : 0;
    }
    if (routed.name === "--version" || routed.name === "-v") {
      output.out(VERSION);
      return 0;
    }
    const command = Object.hasOwn(COMMANDS, routed.name) ? COMMANDS[routed.name] : undefined;
    const group = Object.hasOwn(GROUPS, routed.name) ? GROUPS[routed.name] : undefined;
    if (group !== undefined && (routed.rest[0] === "--help" || routed.rest[0] === "-h")) {
      output.out(COMMAND_HELP[routed.name] ?? MAIN_HELP);
      return 0;
    }
    if (command === undefined) {
      if (group !== undefined) throw usageError(`foya ${routed.name} needs a subcommand: ${group}`, routed.name);
      throw usageError(`Unknown command "${routed.name}"`);
    }
    const stopsAtDashes = routed.rest.indexOf("--");
    const own = stopsAtDashes === -1 ? routed.rest : routed.rest.slice(0, stopsAtDashes);
    if (own.includes("--help") || own.includes("-h")) {
      output.out(COMMAND_HELP[routed.name] ?? MAIN_HELP);
      return 0;
    }
    return await command(routed.rest, context);
  } catch (error) {
    output.err(`foya: ${describeError(error)}`);
    return FoyaError.isInstance(error) ? error.exitCode : 1;
  }
}

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Children are closed by now; do not wait on stray handles (watchers, sockets) to exit.
    setTimeout(() => process.exit(code), 50).unref();
  },
  (error: unknown) => {
    process.stderr.write(`foya: ${describeError(error)}\n`);
    process.exit(1);
  },
);
