// The configuration model of SPEC §3: what `mcp.json` holds, per server. Plain data, no I/O;
// validation lives in ./validate, variable expansion in ./expand, file access in ../node.
import type { OAuthServerConfig } from "../auth/oauth-types";

/** The wire transports a server can be reached over. */
export type TransportKind = "stdio" | "streamable_http" | "sse";

/** Per-server timeouts, in milliseconds. */
export interface ServerTimeouts {
  /** Opening the session, `initialize` and the first tool list. Default 30 000. */
  connectMs?: number;
  /** One `tools/call` (and resource / prompt request). Default: the manager's `callTimeoutMs`. */
  callMs?: number;
}

/** Tool globs (`*`, `?`) that filter which of one server's tools enter the registry. */
export interface ServerToolFilter {
  allow?: string[];
  deny?: string[];
}

interface CommonServerConfig {
  /** Absent means enabled. */
  enabled?: boolean;
  timeouts?: ServerTimeouts;
  tools?: ServerToolFilter;
  /** Free text for people reading the file. */
  description?: string;
}

/** A local server started as a child process speaking JSON-RPC over stdin/stdout. */
export interface StdioServerConfig extends CommonServerConfig {
  transport: "stdio";
  command: string;
  args?: string[];
  /** Values may use `${VAR}` / `${VAR:-default}`. */
  env?: Record<string, string>;
  cwd?: string;
}

/** A remote server over Streamable HTTP or the legacy HTTP+SSE transport. */
export interface RemoteServerConfig extends CommonServerConfig {
  transport: "streamable_http" | "sse";
  url: string;
  /** Values may use `${VAR}` / `${VAR:-default}`. Put bearer tokens in the credentials file instead. */
  headers?: Record<string, string>;
  /** Streamable HTTP only: retry over legacy SSE when the server answers 4xx (not 401/403). Default true. */
  sseFallback?: boolean;
  /** MCP authorization settings (grant, pre-registered client, scope); tokens live in the credentials file. */
  oauth?: OAuthServerConfig;
}

/** One server entry of `mcp.json`. */
export type ServerConfig = StdioServerConfig | RemoteServerConfig;

/** The whole of `mcp.json`: servers by name. */
export interface HostConfig {
  servers: Record<string, ServerConfig>;
}

/** Where bearer tokens come from; `mcp-credentials.json` is the file-backed one (see `/node`). */
export interface CredentialStore {
  /** The bearer token of a server, or undefined. Never log the result. */
  getToken(server: string): string | undefined;
  /** Secret HTTP headers of a remote server kept with the tokens (added to its `headers`), or undefined. Never log them. */
  getHeaders?(server: string): Record<string, string> | undefined;
  /** Secret env values of a stdio server kept with the tokens (added to its `env`), or undefined. Never log them. */
  getEnv?(server: string): Record<string, string> | undefined;
  /** Whether OAuth tokens are stored for the server (a store that keeps OAuth state says). */
  hasOAuthTokens?(server: string): boolean;
}

/** How a remote server is authorized, as the public view shows it. */
export type AuthKind = "none" | "bearer" | "oauth";

/**
 * A server as the public configuration shows it: tokens replaced by `has_token` (a bearer
 * token, or an OAuth access token, is stored) and `auth` (which kind).
 */
export type PublicServerConfig = ServerConfig & { name: string; has_token: boolean; auth: AuthKind };
