#!/usr/bin/env node
// Entry point of dist/gateway.mjs (bin amicited-gateway): dispatches the command line to
// cli/commands and turns failures into one clear line on stderr and a non-zero exit.
import { parseArgs, USAGE } from "./cli/args";
import { runInit, runMigrate, runServe, runWorkspaceCreate } from "./cli/commands";
import { CodedError } from "@foundry-mcp/core";
import { GatewayError } from "./errors";

async function main(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const [command, subcommand] = args.positionals;
  if (args.flags.has("help") || command === undefined || command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command === "init") return runInit(args);
  if (command === "workspace" && subcommand === "create") return runWorkspaceCreate(args);
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
