// `foya mcp list|add|remove|enable|disable`: edits of $FOYA_HOME/mcp.json through the
// package's ConfigStore (host/config.ts). Tokens go to the credentials file only and are never
// echoed; listings show has_token. mcp-status.ts holds `mcp status`, mcp-import.ts `mcp import`.
import path from "node:path";
import { serverNameProblem } from "@foundry-mcp/client-manager";
import { parseArguments, parsePairs } from "../cli/args";
import { FoyaError, FoyaErrorCode, usageError } from "../cli/errors";
import { formatJson, formatTable } from "../cli/output";
import type { PublicServer, ServerSpec } from "../host/contract";
import type { Command } from "./context";
import { isLiteralAuthorization, redactValues } from "./redact";


/** The command line or URL of a public server, for tables. */
export function targetOf(server: PublicServer): string {
  if (server.transport === "stdio") return [server.command, ...(server.args ?? [])].join(" ");
  return server.url;
}

/** The public view with secret-looking env and header values masked (see redact.ts). */
export function printableServer(server: PublicServer): PublicServer {
  if (server.transport === "stdio") return server.env === undefined ? { ...server } : { ...server, env: redactValues(server.env) ?? {} };
  return server.headers === undefined ? { ...server } : { ...server, headers: redactValues(server.headers) ?? {} };
}

/** `foya mcp list [--json]`. */
export const mcpList: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "mcp list", options: { json: "flag" }, positionals: [] });
  const servers = context.openConfig(context.home).list().map(printableServer);
  if (parsed.flags.has("json")) {
    context.output.out(formatJson({ home: context.home, servers }));
    return 0;
  }
  if (servers.length === 0) {
    context.output.out(`No MCP servers configured in ${path.join(context.home, "mcp.json")}. Add one: foya mcp add <name> -- <command> [args…]`);
    return 0;
  }
  const rows = servers.map((server) => [
    server.name,
    server.enabled ? "enabled" : "disabled",
    server.transport,
    server.auth,
    server.has_token ? "yes" : "no",
    targetOf(server),
  ]);
  context.output.out(formatTable(["name", "enabled", "transport", "auth", "token", "target"], rows, 96));
  return 0;
};

/** `foya mcp add <name> …`: a stdio server after `--`, or a remote one with --transport and --url. */
export const mcpAdd: Command = async (argv, context) => {
  const command = "mcp add";
  const parsed = parseArguments(argv, {
    command,
    options: { env: "list", cwd: "value", transport: "value", url: "value", header: "list", "bearer-token": "value", disabled: "flag" },
    positionals: ["name"],
    rest: true,
  });
  const name = parsed.positionals.name as string;
  const problem = serverNameProblem(name);
  if (problem !== undefined) throw usageError(problem, command);
  const enabled = !parsed.flags.has("disabled");
  const transport = parsed.values.transport ?? (parsed.values.url !== undefined ? "streamable_http" : "stdio");
  let spec: ServerSpec;
  const token = parsed.values["bearer-token"];
  if (transport === "stdio") {
    for (const option of ["url", "header", "bearer-token"]) {
      if (option in parsed.values || option in parsed.lists) throw usageError(`--${option} is for --transport streamable_http or sse, not stdio`, command);
    }
    const [executable, ...args] = parsed.rest;
    if (executable === undefined || executable === "") throw usageError("A stdio server needs its command after --, e.g. foya mcp add mem -- node server.mjs", command);
    spec = { transport: "stdio", command: executable, args, env: parsePairs(parsed.lists.env, "env", command), enabled };
    if (parsed.values.cwd !== undefined) spec.cwd = path.resolve(parsed.values.cwd);
  } else if (transport === "streamable_http" || transport === "sse") {
    if (parsed.rest.length > 0) throw usageError(`A ${transport} server takes --url, not a command after --`, command);
    for (const option of ["env", "cwd"]) {
      if (option in parsed.values || option in parsed.lists) throw usageError(`--${option} is for stdio servers`, command);
    }
    const url = parsed.values.url;
    if (url === undefined) throw usageError(`--transport ${transport} needs --url, e.g. --url http://127.0.0.1:3001/mcp`, command);
    if (!/^https?:\/\/[^\s]+$/i.test(url)) throw usageError(`--url must be an http:// or https:// URL, got "${url}"`, command);
    const headers = parsePairs(parsed.lists.header, "header", command);
    for (const [header, value] of Object.entries(headers)) {
      if (isLiteralAuthorization(header, value)) {
        throw usageError(`--header ${header} would store a credential in mcp.json; pass it with --bearer-token (kept in mcp-credentials.json, 0600) or as \${VAR}`, command);
      }
    }
    spec = { transport, url, headers, enabled };
  } else {
    throw usageError(`--transport must be stdio, streamable_http or sse, got "${transport}"`, command);
  }
  if (token !== undefined && token.trim() === "") throw usageError("--bearer-token is empty", command);
  const config = context.openConfig(context.home);
  const replaced = config.list().some((server) => server.name === name);
  config.add(name, spec, token);
  context.output.out(`${replaced ? "Replaced" : "Added"} ${name} (${transport}${token !== undefined ? ", bearer token stored in mcp-credentials.json" : ""})${enabled ? "" : ", disabled"}.`);
  return 0;
};

function requireServer(name: string, servers: PublicServer[]): void {
  if (!servers.some((server) => server.name === name)) {
    const known = servers.map((server) => server.name).join(", ") || "none";
    throw new FoyaError(FoyaErrorCode.NOT_FOUND, `No MCP server named "${name}" (configured: ${known}).`);
  }
}

/** `foya mcp remove <name>`. */
export const mcpRemove: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "mcp remove", options: {}, positionals: ["name"] });
  const name = parsed.positionals.name as string;
  const config = context.openConfig(context.home);
  requireServer(name, config.list());
  config.remove(name);
  context.output.out(`Removed ${name}.`);
  return 0;
};

/** `foya mcp enable|disable <name>`. */
export function mcpSetEnabled(enabled: boolean): Command {
  const command = enabled ? "mcp enable" : "mcp disable";
  return async (argv, context) => {
    const parsed = parseArguments(argv, { command, options: {}, positionals: ["name"] });
    const name = parsed.positionals.name as string;
    const config = context.openConfig(context.home);
    requireServer(name, config.list());
    config.setEnabled(name, enabled);
    context.output.out(`${enabled ? "Enabled" : "Disabled"} ${name}.`);
    return 0;
  };
}
