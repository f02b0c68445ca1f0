// What a client may see of the configuration: every field except the token, replaced by
// `has_token` (SPEC §3), and a one-line target used in status and approval requests.
import type { AuthKind, CredentialStore, HostConfig, PublicServerConfig, ServerConfig } from "./types";

function authKind(name: string, server: ServerConfig, credentials: CredentialStore | undefined): AuthKind {
  if (server.transport === "stdio") return "none";
  if (server.oauth !== undefined || credentials?.hasOAuthTokens?.(name)) return "oauth";
  const hasHeader = Object.keys(server.headers ?? {}).some((key) => key.toLowerCase() === "authorization");
  return credentials?.getToken(name) || hasHeader ? "bearer" : "none";
}

/**
 * The servers of `config` as a public list, each with `has_token` and never the token itself.
 *
 * @example
 * publicServers(config, credentials) // [{ name: "docs", transport: "streamable_http", url, has_token: true }]
 */
export function publicServers(config: HostConfig, credentials?: CredentialStore): PublicServerConfig[] {
  return Object.entries(config.servers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, server]) => ({
      name,
      ...structuredClone(server),
      has_token: Boolean(credentials?.getToken(name) || credentials?.hasOAuthTokens?.(name)),
      auth: authKind(name, server, credentials),
    }));
}

function quoteArgument(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, "'\\''")}'`;
}

/** The command line of a stdio server or the URL of a remote one (userinfo and query removed). */
export function describeTarget(server: ServerConfig): string {
  if (server.transport === "stdio") return [server.command, ...(server.args ?? [])].map(quoteArgument).join(" ");
  try {
    const url = new URL(server.url);
    url.username = "";
    url.password = "";
    url.search = "";
    return url.toString();
  } catch {
    return server.url;
  }
}
