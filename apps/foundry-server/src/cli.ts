// Command-line arguments of `foundry-server`: which project root to serve, or help / version.
// main.ts acts on the result; nothing here touches the disk or starts the server.
import path from "node:path";

/** What the command line asks for. */
export type CliCommand =
  | { kind: "serve"; root: string }
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "error"; message: string };

/** The text printed by `foundry-server --help`. */
export const USAGE = `Usage: foundry-server [--root DIR]

Project-memory MCP server over stdio (JSON-RPC, one message per line).

Options:
  --root DIR     project whose .foundry/ folder is served
                 (default: $FOUNDRY_ROOT, else the working directory)
  -h, --help     show this help
  -v, --version  print the version
`;

/**
 * Reads the arguments after `node server.mjs`.
 * The root is `--root DIR` (or `--root=DIR`), else `FOUNDRY_ROOT`, else `cwd`; always absolute.
 *
 * @example parseArguments(["--root", "../app"], {}, "/home/me") // { kind: "serve", root: "/home/app" }
 */
export function parseArguments(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): CliCommand {
  let root: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
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
  const chosen = root ?? (env.FOUNDRY_ROOT ? env.FOUNDRY_ROOT : cwd);
  return { kind: "serve", root: path.resolve(cwd, chosen) };
}
