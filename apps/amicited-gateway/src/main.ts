#!/usr/bin/env node
// Entry point of dist/gateway.mjs (bin amicited-gateway): dispatches the command line to
// cli/commands and turns failures into one clear line on stderr and a non-zero exit.
import packageJson from "../package.json";
import { parseArgs, USAGE } from "./cli/args";
import { runAdminToken, runInit, runMigrate, runServe, runWorkspaceCreate } from "./cli/commands";
import { runLearnedForget, runLearnedList, runLearnedQuality } from "./cli/learned-commands";
import { CodedError } from "@foundry-mcp/core";
import { GatewayError } from "./errors";

async function main(argv: string[]): Promise<void> {
  // -h / -v are the short spellings every bin of this repository answers; only as the first word.
  const args = parseArgs(argv[0] === "-h" ? ["--help"] : argv[0] === "-v" ? ["--version"] : argv);
  const [command, subcommand] = args.positionals;
  if (args.flags.has("version")) {
    process.stdout.write(`${packageJson.version}\n`);
    return;
  }
  if (args.flags.has("help") || command === undefined || command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command === "init") return runInit(args);
  if (command === "workspace" && subcommand === "create") return runWorkspaceCreate(args);
  if (command === "admin" && subcommand === "token") return runAdminToken(args);
  if (command === "learned" && subcommand === "list") return runLearnedList(args);
  if (command === "learned" && subcommand === "forget") return runLearnedForget(args);
  if (command === "learned" && subcommand === "quality") return runLearnedQuality(args);
  if (command === "migrate") return runMigrate(args);
  if (command === "serve") return runServe(args);
  throw new GatewayError("USAGE", `unknown command "${args.positionals.join(" ")}"\n${USAGE}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = CodedError.isInstance(error)
    ? error.message
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error);
  process.stderr.write(`amicited-gateway: ${message}\n`);
  process.exit(GatewayError.isInstance(error) && error.code === "USAGE" ? 2 : 1);
});
