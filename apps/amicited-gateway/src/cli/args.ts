// Command-line parsing for the gateway: a command path and --flags, refused with a usage line
// when unknown, so a typo never starts a server with defaults the user did not mean.
import { isWorkspaceName, workspaceNameRefusal } from "@foundry-mcp/workspace-store";
import { GatewayError, GatewayErrorCode } from "../errors";

/** The parsed command line. */
export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

/** Usage text printed on --help and on bad input. */
export const USAGE = `usage:
  amicited-gateway --version | --help
  amicited-gateway init --data DIR
  amicited-gateway workspace create NAME --data DIR
  amicited-gateway admin token --data DIR        (a new dashboard admin token; the old one stops working)
  amicited-gateway learned list --data DIR [--workspace NAME] [--tool NAME] [--limit 50] [--json]
                                (words tool search learned, newest first; --limit at most 1000)
  amicited-gateway learned forget --data DIR [--workspace NAME] [--tool NAME] [--id N]
                                (running gateways drop them at their next poll)
  amicited-gateway learned quality --data DIR [--days 14] [--workspace NAME] [--json]
                                (per day: tools chosen after a search, share first hit, top 3, first page)
  amicited-gateway migrate --database postgres://USER:PASSWORD@HOST:5432/DB
  amicited-gateway serve --data DIR [--host 127.0.0.1] [--port 8787] [--hourly-cap 1000]
                         [--upstreams mcp.json] [--allowed-host NAME]... [--max-body-bytes N]
                         [--allow-anonymous-read WORKSPACE] [--max-sessions 1000]
                         [--max-sessions-per-workspace 200] [--max-sessions-per-token 50]
                         [--session-idle-ms 1800000] [--max-stream-events 100000]
                         [--max-stream-events-per-session 384] [--max-outbound-per-workspace 4]
                         [--no-ui] [--call-log-days 30] [--drain-seconds 20] [--log-format text|json]
                         [--no-learning | --shared-learning]
                                (tool search learns per workspace; shared: every workspace's words rank all)
                         [--metrics-token T]
                         [--public-url https://gw.example]
                         [--embeddings-url URL --embeddings-model NAME [--embeddings-timeout-ms 2000]]
                         [--memory-quota]
                                (tests: the hourly cap counted in this process only, not shared by instances)
                         [--allow-http-client-metadata]
                                (tests: OAuth client ID metadata documents from http://127.0.0.1 too)
  The dashboard is at /ui on the same port (sign in with the admin token init printed);
  /healthz and /readyz answer load balancers without a token. SIGTERM drains (docs/operators/README.md).
  OAuth 2.1 clients find the gateway's authorization server from /mcp's 401 (see the README).
  /metrics (Prometheus) answers loopback clients; others need --metrics-token (or
  AMICITED_METRICS_TOKEN) as a bearer token. OTEL_EXPORTER_OTLP_ENDPOINT turns on OTLP export.
  amicited-gateway serve --stdio --data DIR [--toolsets eshop,uptime|all]   (token in AMICITED_TOKEN)
  Every command takes --database URL (or DATABASE_URL) instead of --data DIR to keep the store,
  the hourly quota and credits in PostgreSQL, shared by every instance.`;

const booleanFlags = new Set(["stdio", "help", "version", "memory-quota", "no-ui", "no-learning", "shared-learning", "allow-http-client-metadata", "json"]);
const repeatable = new Set(["allowed-host"]);

/** Splits argv into positionals and flags; `--name value`, `--name=value` and boolean flags. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] as string;
    if (!token.startsWith("--")) {
      positionals.push(token);
      continue;
    }
    const [name, inline] = token.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (booleanFlags.has(name)) {
      flags.set(name, true);
      continue;
    }
    const value = inline ?? argv[++index];
    if (value === undefined || value.startsWith("--"))
      throw new GatewayError(GatewayErrorCode.USAGE, `--${name} needs a value\n${USAGE}`);
    flags.set(
      name,
      repeatable.has(name) && flags.has(name) ? `${String(flags.get(name))},${value}` : value,
    );
  }
  return { positionals, flags };
}

/** A flag's string value, or undefined. */
export function flagString(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === "string" ? value : undefined;
}

/** A flag's integer value within [min, max], or the fallback; refuses anything else by name. */
export function flagInteger(
  args: ParsedArgs,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = flagString(args, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new GatewayError(
      GatewayErrorCode.USAGE,
      `--${name} must be an integer from ${min} to ${max}; got ${raw}`,
    );
  return value;
}

/**
 * `name` as given for `parameter`, when a workspace could have it; else refused (usage, exit 2)
 * without asking a store for it, in the words every edge uses (workspace-store's
 * workspaceNameRefusal). Only a well-formed name is looked up, and "does not exist" when unknown.
 */
export function checkedWorkspaceName(parameter: string, name: string): string {
  if (!isWorkspaceName(name)) throw new GatewayError(GatewayErrorCode.USAGE, workspaceNameRefusal(parameter, name));
  return name;
}

/** The workspace name a flag gives (checkedWorkspaceName: an empty one is refused too), or undefined without the flag. */
export function flagWorkspaceName(args: ParsedArgs, name: string): string | undefined {
  const value = flagString(args, name);
  return value === undefined ? undefined : checkedWorkspaceName(`--${name}`, value);
}

/** Refuses flags the command does not know. */
export function checkFlags(args: ParsedArgs, known: string[]): void {
  for (const name of args.flags.keys())
    if (!known.includes(name))
      throw new GatewayError(GatewayErrorCode.USAGE, `unknown flag --${name}\n${USAGE}`);
}
