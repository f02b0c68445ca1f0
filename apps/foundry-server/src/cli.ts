// Command-line arguments of `foundry-server`: which project root to serve, or help / version.
// main.ts acts on the result; only the upward root search (project-root.ts) looks at the disk.
import path from "node:path";
import { parseLogFormat, type LogFormat } from "@foundry-mcp/server-kit";
import { findProjectRoot, type RootSource } from "./project-root";

/** What the command line asks for. */
export type CliCommand =
  | { kind: "serve"; root: string; source: RootSource; logFormat?: LogFormat }
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "error"; message: string };

/** The text printed by `foundry-server --help`. */
export const USAGE = `Usage: foundry-server [--root DIR] [--log-format text|json]

Project-memory MCP server over stdio (JSON-RPC, one message per line).

Options:
  --root DIR     project whose .foundry/ folder is served (default:
                 $FOUNDRY_ROOT, else the nearest folder upward holding .foundry/,
                 else the nearest holding .git, else the working directory)
  --log-format F text (default: plain lines on stderr) or json (one JSON
                 object per line on stderr; docs/operators/README.md)
  -h, --help     show this help
  -v, --version  print the version
`;

/**
 * Reads the arguments after `node server.mjs`. The root is `--root DIR` (or `--root=DIR`), else
 * `FOUNDRY_ROOT`, else findProjectRoot(cwd); always absolute.
 *
 * @example parseArguments(["--root", "../app"], {}, "/home/me") // { kind: "serve", root: "/home/app", source: "--root" }
 */
export function parseArguments(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): CliCommand {
  let root: string | undefined;
  let logFormat: LogFormat | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument === "--log-format" || argument.startsWith("--log-format=")) {
      const inline = argument.startsWith("--log-format=");
      try {
        logFormat = parseLogFormat(inline ? argument.slice("--log-format=".length) : (argv[index + 1] ?? ""));
      } catch (error) {
        return { kind: "error", message: (error as Error).message };
      }
      if (!inline) index++;
      continue;
    }
    if (argument === "-h" || argument === "--help") return { kind: "help" };
    if (argument === "-v" || argument === "--version") return { kind: "version" };
    if (argument === "--root") {
      const value = argv[index + 1];
      if (value === undefined || value === "" || value.startsWith("--")) {
        return { kind: "error", message: "--root needs a directory, e.g. --root ./my-project" };
      }
      root = value;
      index++;
      continue;
    }
    if (argument.startsWith("--root=")) {
      const value = argument.slice("--root=".length);
      if (value === "") return { kind: "error", message: "--root needs a directory, e.g. --root=./my-project" };
      root = value;
      continue;
    }
    return { kind: "error", message: `Unknown argument "${argument}". Run foundry-server --help.` };
  }
  const format = logFormat === undefined ? {} : { logFormat };
  if (root !== undefined) return { kind: "serve", root: path.resolve(cwd, root), source: "--root", ...format };
  if (env.FOUNDRY_ROOT) return { kind: "serve", root: path.resolve(cwd, env.FOUNDRY_ROOT), source: "FOUNDRY_ROOT", ...format };
  return { kind: "serve", ...findProjectRoot(cwd), ...format };
}
